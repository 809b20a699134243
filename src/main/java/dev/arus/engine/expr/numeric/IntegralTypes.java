package dev.arus.engine.expr.numeric;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.DataType;

/**
 * The ranges of Spark's integer types, all held in longs, and how Spark's {@code toSQLValue}
 * writes their values in error messages: {@code 100Y}, {@code 100S}, {@code 100}, {@code 100L}.
 */
public final class IntegralTypes {

    private IntegralTypes() {
    }

    public static long min(DataType type) {
        return switch ((AtomicType) type) {
            case BYTE -> Byte.MIN_VALUE;
            case SHORT -> Short.MIN_VALUE;
            case INT -> Integer.MIN_VALUE;
            default -> Long.MIN_VALUE;
        };
    }

    public static long max(DataType type) {
        return switch ((AtomicType) type) {
            case BYTE -> Byte.MAX_VALUE;
            case SHORT -> Short.MAX_VALUE;
            case INT -> Integer.MAX_VALUE;
            default -> Long.MAX_VALUE;
        };
    }

    public static String sqlValue(long value, DataType type) {
        return switch ((AtomicType) type) {
            case BYTE -> value + "Y";
            case SHORT -> value + "S";
            case LONG -> value + "L";
            default -> Long.toString(value);
        };
    }
}
