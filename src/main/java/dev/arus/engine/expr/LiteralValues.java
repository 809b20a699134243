package dev.arus.engine.expr;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.DayTimeIntervalType;
import dev.arus.engine.data.DecimalType;
import dev.arus.engine.streaming.ArusException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Locale;

/**
 * The types of literal values, and numbers as Spark's SQL lexer and {@code AstBuilder} read them:
 * an integer is INT when it fits, else BIGINT, else a DECIMAL of its digits; a number with a
 * point is a DECIMAL ({@code 1.5} is {@code decimal(2,1)}); an exponent makes a DOUBLE; the
 * suffixes {@code Y}, {@code S}, {@code L}, {@code F}, {@code D} and {@code BD} make a TINYINT,
 * SMALLINT, BIGINT, FLOAT, DOUBLE or DECIMAL, each checked against its range. Stateless.
 */
public final class LiteralValues {

    private static final BigDecimal FLOAT_MAX = new BigDecimal(Float.MAX_VALUE);
    private static final BigDecimal DOUBLE_MAX = new BigDecimal(Double.MAX_VALUE);

    private LiteralValues() {
    }

    /**
     * The type of a Java value as {@code ColumnVector.getObject} gives it; decimals go through
     * {@link #decimalType}.
     */
    static DataType typeOf(Object value) {
        if (value instanceof Integer) {
            return AtomicType.INT;
        } else if (value instanceof Long) {
            return AtomicType.LONG;
        } else if (value instanceof Double) {
            return AtomicType.DOUBLE;
        } else if (value instanceof Float) {
            return AtomicType.FLOAT;
        } else if (value instanceof Short) {
            return AtomicType.SHORT;
        } else if (value instanceof Byte) {
            return AtomicType.BYTE;
        } else if (value instanceof String) {
            return AtomicType.STRING;
        } else if (value instanceof Boolean) {
            return AtomicType.BOOLEAN;
        } else if (value instanceof byte[]) {
            return AtomicType.BINARY;
        } else if (value instanceof LocalDate) {
            return AtomicType.DATE;
        } else if (value instanceof Instant || value instanceof LocalDateTime) {
            return AtomicType.TIMESTAMP;
        } else if (value instanceof Duration) {
            return DayTimeIntervalType.DAY_TO_SECOND;
        }
        throw new IllegalArgumentException(
                "unsupported literal type " + value.getClass().getName() + " (" + value + ")");
    }

    /** Spark's {@code Decimal.set(BigDecimal)}: a negative scale becomes 0, as Spark refuses negative scales. */
    static BigDecimal normalise(BigDecimal value) {
        return value.scale() < 0 ? value.setScale(0) : value;
    }

    /**
     * The type of a normalised decimal: its digits, at least as many as its scale ({@code 0.05} is
     * {@code decimal(2,2)}).
     */
    static DecimalType decimalType(BigDecimal value) {
        int precision = Math.max(value.precision(), value.scale());
        if (precision > DecimalType.MAX_PRECISION) {
            throw new ArusException("DECIMAL_PRECISION_EXCEEDS_MAX_PRECISION",
                    "[DECIMAL_PRECISION_EXCEEDS_MAX_PRECISION] Decimal precision " + precision
                            + " exceeds max precision " + DecimalType.MAX_PRECISION + ". SQLSTATE: 22003");
        }
        return new DecimalType(precision, value.scale());
    }

    /**
     * The value and type of a number as written, sign and suffix included; out of range is an
     * {@link ArusException}.
     */
    public static Expression.Literal number(String written, int position) {
        String upper = written.toUpperCase(Locale.ROOT);
        String suffix = upper.endsWith("BD") ? "BD"
                : Character.isLetter(upper.charAt(upper.length() - 1)) ? upper.substring(upper.length() - 1) : "";
        String body = written.substring(0, written.length() - suffix.length());
        boolean integral = !body.contains(".") && !body.toUpperCase(Locale.ROOT).contains("E");
        BigDecimal exact;
        try {
            exact = new BigDecimal(body);
        } catch (NumberFormatException e) {
            throw new ArusException("PARSE_SYNTAX_ERROR", "[PARSE_SYNTAX_ERROR] '" + written + "' is not a number");
        }
        Object value = switch (suffix) {
            case "Y" -> (byte) integral(exact, written, body, AtomicType.BYTE, Byte.MIN_VALUE, Byte.MAX_VALUE);
            case "S" -> (short) integral(exact, written, body, AtomicType.SHORT, Short.MIN_VALUE, Short.MAX_VALUE);
            case "L" -> integral(exact, written, body, AtomicType.LONG, Long.MIN_VALUE, Long.MAX_VALUE);
            case "F" -> (float) fractional(exact, body, AtomicType.FLOAT, FLOAT_MAX);
            case "D" -> fractional(exact, body, AtomicType.DOUBLE, DOUBLE_MAX);
            case "BD" -> normalise(exact);
            case "" -> integral ? integer(exact) : body.toUpperCase(Locale.ROOT).contains("E")
                    ? (Object) fractional(exact, body, AtomicType.DOUBLE, DOUBLE_MAX) : normalise(exact);
            default -> throw new ArusException("PARSE_SYNTAX_ERROR", "[PARSE_SYNTAX_ERROR] '" + written
                    + "' is not a number: '" + suffix + "' is no type suffix (Y, S, L, F, D or BD)");
        };
        DataType type = value instanceof BigDecimal decimal ? decimalType(decimal) : typeOf(value);
        return new Expression.Literal(value, type, SqlText.literal(value, type), position);
    }

    /** An integer literal without suffix: INT, else BIGINT, else a decimal of its digits. */
    private static Object integer(BigDecimal exact) {
        BigInteger value = exact.toBigIntegerExact();
        if (value.bitLength() < 32) {
            return value.intValue();
        }
        return value.bitLength() < 64 ? (Object) value.longValue() : exact;
    }

    private static long integral(BigDecimal exact, String written, String body, AtomicType type, long min,
            long max) {
        if (body.contains(".") || body.toUpperCase(Locale.ROOT).contains("E")) {
            throw new ArusException("PARSE_SYNTAX_ERROR", "[PARSE_SYNTAX_ERROR] '" + written + "' is not a number: a "
                    + type.sql() + " literal takes whole digits");
        }
        if (exact.compareTo(BigDecimal.valueOf(min)) < 0 || exact.compareTo(BigDecimal.valueOf(max)) > 0) {
            throw outOfRange(body, type, String.valueOf(min), String.valueOf(max));
        }
        return exact.longValueExact();
    }

    private static double fractional(BigDecimal exact, String body, AtomicType type, BigDecimal max) {
        if (exact.abs().compareTo(max) > 0) {
            String bound = max.round(new MathContext(17)).toString();
            throw outOfRange(body, type, "-" + bound, bound);
        }
        return exact.doubleValue();
    }

    /** Spark's INVALID_NUMERIC_LITERAL_RANGE. */
    private static ArusException outOfRange(String body, AtomicType type, String min, String max) {
        return new ArusException("INVALID_NUMERIC_LITERAL_RANGE", "[INVALID_NUMERIC_LITERAL_RANGE] Numeric literal "
                + body + " is outside the valid range for " + type.simpleString() + " with minimum value of " + min
                + " and maximum value of " + max + ". Please adjust the value accordingly. SQLSTATE: 22003");
    }
}
