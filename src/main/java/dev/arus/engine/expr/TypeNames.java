package dev.arus.engine.expr;

import dev.arus.engine.data.AtomicType;

/** Spark's SQL type names, as CAST and {@code Column.cast} accept them. */
public final class TypeNames {

    static final String SUPPORTED = "TIMESTAMP, BIGINT, LONG, INT, INTEGER, DOUBLE, STRING, BINARY, BOOLEAN";

    private TypeNames() {
    }

    /** The type of this name, case-insensitively, or null if Arus does not support it. */
    public static AtomicType parse(String name) {
        return DataTypeParser.atomicType(name.trim());
    }
}
