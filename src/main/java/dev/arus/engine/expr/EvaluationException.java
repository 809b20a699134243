package dev.arus.engine.expr;

import dev.arus.engine.streaming.ArusException;

/**
 * A row that cannot be evaluated under Spark 4's default ANSI mode ({@code spark.sql.ansi.enabled
 * = true}): division by zero, arithmetic overflow, a malformed string in a cast. Spark raises these
 * as {@code SparkArithmeticException} and friends; the message is Spark's, error class first.
 */
public final class EvaluationException extends ArusException {

    private static final String ANSI_HINT =
            " If necessary set \"spark.sql.ansi.enabled\" to \"false\" to bypass this error.";

    private EvaluationException(String errorClass, String message) {
        super(errorClass, "[" + errorClass + "] " + message);
    }

    /** {@code hint} names the try_ function that returns NULL instead: try_divide, try_mod. */
    static EvaluationException divideByZero(String tryFunction) {
        return new EvaluationException("DIVIDE_BY_ZERO", "Division by zero. Use `" + tryFunction
                + "` to tolerate divisor being 0 and return NULL instead." + ANSI_HINT + " SQLSTATE: 22012");
    }

    /** {@code what} is Java's wording, {@code integer overflow} or {@code long overflow}. */
    public static EvaluationException overflow(String what, String tryFunction) {
        String alternative = tryFunction == null ? ""
                : " Use '" + tryFunction + "' to tolerate overflow and return NULL instead.";
        return new EvaluationException("ARITHMETIC_OVERFLOW", what + "." + alternative + ANSI_HINT
                + " SQLSTATE: 22003");
    }

    static EvaluationException castInvalidInput(String value, String targetType) {
        return new EvaluationException("CAST_INVALID_INPUT", "The value '" + value
                + "' of the type \"STRING\" cannot be cast to \"" + targetType
                + "\" because it is malformed. Correct the value as per the syntax, or change its target type."
                + " Use `try_cast` to tolerate malformed input and return NULL instead. SQLSTATE: 22018");
    }

    /** {@code value} is printed as Spark's {@code toSQLValue}: {@code 3000000000L}, {@code 1.0E20D}. */
    static EvaluationException castOverflow(String value, String sourceType, String targetType) {
        return new EvaluationException("CAST_OVERFLOW", "The value " + value + " of the type \"" + sourceType
                + "\" cannot be cast to \"" + targetType + "\" due to an overflow. Use `try_cast` to tolerate"
                + " overflow and return NULL instead." + ANSI_HINT + " SQLSTATE: 22003");
    }

    static EvaluationException cannotParseTimestamp(String detail) {
        return new EvaluationException("CANNOT_PARSE_TIMESTAMP", detail + ". Use `try_to_timestamp` to tolerate"
                + " invalid input string and return NULL instead. SQLSTATE: 22007");
    }
}
