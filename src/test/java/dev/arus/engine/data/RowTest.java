package dev.arus.engine.data;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RowTest {

    private static final Schema SCHEMA = Schema.of(
            new Field("key", AtomicType.BINARY, true),
            new Field("items", new ArrayType(AtomicType.BINARY, true), true),
            new Field("props", new MapType(AtomicType.STRING, AtomicType.BINARY, true), true));

    private static Row row(String text) {
        byte[] bytes = text.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        return new Row(SCHEMA, new Object[] {bytes.clone(), List.of(bytes.clone()), Map.of("k", bytes.clone())});
    }

    @Test
    void comparesBinaryValuesByContentAtEveryDepth() {
        assertThat(row("AB")).isEqualTo(row("AB")).hasSameHashCodeAs(row("AB"));
        assertThat(row("AB")).isNotEqualTo(row("AC"));
    }

    @Test
    void printsBinaryAsHex() {
        assertThat(row("AB")).hasToString("[[41 42],[[41 42]],{k=[41 42]}]");
    }
}
