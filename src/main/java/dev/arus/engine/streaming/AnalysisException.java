package dev.arus.engine.streaming;

/**
 * A query that cannot be analysed: an unknown column or function, a type mismatch, an aggregate
 * where none is allowed, an output mode the plan does not allow. Named after Spark's
 * {@code AnalysisException}; the message starts with the error class in brackets, as Spark's
 * does, and the position (0-based character offset) in the expression text is kept when the
 * expression came from a string.
 */
public class AnalysisException extends ArusException {

    /**
     * Spark's class of the streaming operator rules it words freely ({@code _LEGACY_ERROR_TEMP_3102}:
     * the message is the whole text, without a class in brackets).
     */
    public static final String UNSUPPORTED_STREAMING_OPERATION = "_LEGACY_ERROR_TEMP_3102";

    private final int position;
    private final String expression;

    /** A plan-level error, with no expression to point into. */
    public AnalysisException(String errorClass, String message) {
        this(errorClass, message, -1, null);
    }

    public AnalysisException(String errorClass, String message, int position, String expression) {
        super(errorClass, message);
        this.position = position;
        this.expression = expression;
    }

    /** The 0-based character offset of the offending part of the expression text, or -1. */
    public int position() {
        return position;
    }

    /** The expression text the error is about, or null when the expression was built in code. */
    public String expression() {
        return expression;
    }
}
