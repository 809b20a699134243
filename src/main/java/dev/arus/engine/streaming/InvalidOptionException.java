package dev.arus.engine.streaming;

/**
 * A source or sink option that is unknown, given twice, missing, of the wrong type or out of
 * range. {@link #option()} names it as the user gave it (an unknown one) or as Spark spells it,
 * so that a caller can point at the offending field; it is {@code null} when no single option is
 * at fault.
 */
public final class InvalidOptionException extends ArusException {

    /** The error class of an option Arus rejects in its own words. */
    public static final String INVALID_OPTION = "INVALID_OPTION";

    private final String option;

    public InvalidOptionException(String option, String message) {
        this(INVALID_OPTION, option, message);
    }

    public InvalidOptionException(String errorClass, String option, String message) {
        super(errorClass, message);
        this.option = option;
    }

    public InvalidOptionException(String option, String message, Throwable cause) {
        super(INVALID_OPTION, message, cause);
        this.option = option;
    }

    public String option() {
        return option;
    }
}
