package dev.arus.engine.streaming;

/**
 * A source or sink option that is unknown, given twice, of the wrong type or out of range.
 * {@link #option()} names it as the user gave it (an unknown one) or as Spark spells it, so
 * that a caller can point at the offending field.
 */
public final class InvalidOptionException extends IllegalArgumentException {

    private final String option;

    public InvalidOptionException(String option, String message) {
        super(message);
        this.option = option;
    }

    public InvalidOptionException(String option, String message, Throwable cause) {
        super(message, cause);
        this.option = option;
    }

    public String option() {
        return option;
    }
}
