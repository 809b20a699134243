package dev.arus.engine.expr.json;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Paths as Spark's JsonPathParser reads them. */
class JsonPathTest {

    @Test
    void readsFieldsIndexesAndWildcards() {
        assertThat(JsonPath.parse("$.a['b c'][2][*].*").steps()).containsExactly(new JsonPath.Named("a"),
                new JsonPath.Named("b c"), new JsonPath.Index(2), new JsonPath.AnyElement(), new JsonPath.AnyField());
        assertThat(JsonPath.parse("$").steps()).isEmpty();
        assertThat(JsonPath.parse(" $ . a [ 0 ]").steps()).isEqualTo(List.of(new JsonPath.Named("a "),
                new JsonPath.Index(0)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "a", "$a", "$.", "$[", "$[x]", "$[1", "$['a", "$['']", "$.*a", "$[99999999999999999999]"})
    void refusesTextThatIsNotAPath(String text) {
        assertThat(JsonPath.parse(text)).isNull();
    }
}
