package dev.arus.engine.data;

import java.util.Locale;

/**
 * The scalar types without parameters; {@code NULL} is the type of an untyped {@code NULL}
 * literal ({@code void} in Spark). {@code BINARY} values are byte arrays, as Kafka keys and values
 * are. Integers of every width, dates (days since the epoch) and timestamps (microseconds) are
 * held in a {@link LongVector}; {@code FLOAT} and {@code DOUBLE} in a {@link DoubleVector}, a
 * float as the double of the same value.
 */
public enum AtomicType implements DataType {
    BOOLEAN("boolean"),
    BYTE("tinyint"),
    SHORT("smallint"),
    INT("int"),
    LONG("bigint"),
    FLOAT("float"),
    DOUBLE("double"),
    STRING("string"),
    BINARY("binary"),
    DATE("date"),
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
