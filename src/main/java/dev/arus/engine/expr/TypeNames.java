package dev.arus.engine.expr;

import dev.arus.engine.data.AtomicType;
import java.util.Locale;

/** Spark's SQL type names, as CAST and {@code Column.cast} accept them. */
public final class TypeNames {

    static final String SUPPORTED = "TIMESTAMP, BIGINT, LONG, INT, INTEGER, DOUBLE, STRING, BOOLEAN";

    private TypeNames() {
    }

    /** The type of this name, case-insensitively, or null if Arus does not support it. */
    public static AtomicType parse(String name) {
        return switch (name.trim().toLowerCase(Locale.ROOT)) {
            case "timestamp" -> AtomicType.TIMESTAMP;
            case "bigint", "long" -> AtomicType.LONG;
            case "int", "integer" -> AtomicType.INT;
            case "double" -> AtomicType.DOUBLE;
            case "string" -> AtomicType.STRING;
            case "boolean" -> AtomicType.BOOLEAN;
            default -> null;
        };
    }
}
