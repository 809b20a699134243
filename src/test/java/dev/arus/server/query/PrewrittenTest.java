package dev.arus.server.query;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.json.JsonMapper;

class PrewrittenTest {

    private static final JsonMapper MAPPER = JsonMapper.builder().build();

    record Sale(String name, List<String> items) {
    }

    record Holder(String kind, Prewritten<Sale> sale) {
    }

    record Plain(String kind, Sale sale) {
    }

    /**
     * Written as bytes (HTTP responses) and as characters (live messages), a value holding
     * prewritten JSON reads exactly as the same value written whole: for ASCII text, for text
     * that UTF-8 writes in several bytes, and for text longer than a generator's buffer.
     */
    @ParameterizedTest
    @ValueSource(strings = {"flash sale", "Penjualan kilat ⚡ café 売り切れ", "long"})
    void writesTheSameJsonAsTheValueItself(String name) {
        List<String> items = "long".equals(name) ? List.of("x".repeat(20_000), "é".repeat(9_000)) : List.of("a", "b");
        Sale sale = new Sale(name, items);
        Prewritten<Sale> prewritten = Prewritten.of(sale, MAPPER);
        String expected = MAPPER.writeValueAsString(new Plain("sale", sale));

        assertThat(MAPPER.writeValueAsString(new Holder("sale", prewritten))).isEqualTo(expected);
        assertThat(new String(MAPPER.writeValueAsBytes(new Holder("sale", prewritten)), StandardCharsets.UTF_8))
                .isEqualTo(expected);
        assertThat(prewritten.toString()).isEqualTo(MAPPER.writeValueAsString(sale));
        assertThat(prewritten.value()).isSameAs(sale);
    }

    @Test
    void keepsOnlyTheSourceOfAViewAndMakesTheViewAgainWhenAskedFor() {
        Sale sale = new Sale("flash sale", List.of("a", "b"));
        List<Plain> made = new ArrayList<>();
        Prewritten<Plain> view = Prewritten.viewOf(sale, source -> {
            Plain plain = new Plain("sale", source);
            made.add(plain);
            return plain;
        }, MAPPER);

        assertThat(view.toString()).isEqualTo(MAPPER.writeValueAsString(new Plain("sale", sale)));
        Plain asked = view.value();
        assertThat(made).hasSize(2);
        assertThat(asked).isEqualTo(made.get(0)).isNotSameAs(made.get(0)).isSameAs(made.get(1));
    }
}
