package dev.arus.engine.streaming;

/**
 * A query that cannot be analysed: an unknown column or function, a type mismatch, an aggregate
 * where none is allowed. Named after Spark's {@code AnalysisException}; the message carries the
 * error class in brackets where Spark has one, and the position (0-based character offset) in the
 * expression text when the expression came from a string.
 */
public class AnalysisException extends RuntimeException {

    private final String errorClass;
    private final int position;
    private final String expression;

    /** An error with no error class and no position, such as a plan-level check. */
    public AnalysisException(String message) {
        this(null, message, -1, null);
    }

    public AnalysisException(String errorClass, String message, int position, String expression) {
        super(message);
        this.errorClass = errorClass;
        this.position = position;
        this.expression = expression;
    }

    /** Spark's error class, such as {@code UNRESOLVED_COLUMN.WITH_SUGGESTION}. */
    public String errorClass() {
        return errorClass;
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
