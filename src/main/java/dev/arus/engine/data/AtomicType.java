package dev.arus.engine.data;

import java.util.Locale;

/**
 * The scalar types Arus supports; {@code NULL} is the type of an untyped {@code NULL} literal
 * ({@code void} in Spark). {@code BINARY} values are byte arrays, as Kafka keys and values are.
 */
public enum AtomicType implements DataType {
    BOOLEAN("boolean"),
    INT("int"),
    LONG("bigint"),
    DOUBLE("double"),
    STRING("string"),
    BINARY("binary"),
    TIMESTAMP("timestamp"),
    NULL("void");

    private final String simpleString;

    AtomicType(String simpleString) {
        this.simpleString = simpleString;
    }

    @Override
    public String simpleString() {
        return simpleString;
    }

    @Override
    public String sql() {
        return simpleString.toUpperCase(Locale.ROOT);
    }
}
