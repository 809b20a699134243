package dev.arus.engine.streaming;

/**
 * A source or sink option that is unknown, given twice, missing, of the wrong type or out of
 * range, or whose value names something that is not there (a Kafka broker that does not answer, a
 * topic that does not exist). {@link #option()} names it as the user gave it (an unknown one) or
 * as Spark spells it, so that a caller can point at the offending field; it is {@code null} when
 * no single option is at fault. {@link #source()} says which of a query's sources the option is
 * of, when a source refused it as the query started.
 */
public final class InvalidOptionException extends ArusException {

    /** The error class of an option Arus rejects in its own words. */
    public static final String INVALID_OPTION = "INVALID_OPTION";

    /** {@link #source()} of an option that is not known to be a source's. */
    public static final int NO_SOURCE = -1;

    private final String option;
    private final int source;

    public InvalidOptionException(String option, String message) {
        this(INVALID_OPTION, option, message);
    }

    public InvalidOptionException(String errorClass, String option, String message) {
        super(errorClass, message);
        this.option = option;
        this.source = NO_SOURCE;
    }

    public InvalidOptionException(String option, String message, Throwable cause) {
        this(INVALID_OPTION, option, message, cause);
    }

    public InvalidOptionException(String errorClass, String option, String message, Throwable cause) {
        this(errorClass, option, message, cause, NO_SOURCE);
    }

    private InvalidOptionException(String errorClass, String option, String message, Throwable cause, int source) {
        super(errorClass, message, cause);
        this.option = option;
        this.source = source;
    }

    public String option() {
        return option;
    }

    /**
     * The index of the query's source whose option this is, in Spark's order of a query's sources
     * (depth first, left before right, as the checkpoint numbers them), or {@link #NO_SOURCE}: a
     * sink's option, or one refused before a query started.
     */
    public int source() {
        return source;
    }

    /** This error as raised by the query's source {@code index} when the query started; this one is its cause. */
    public InvalidOptionException ofSource(int index) {
        return new InvalidOptionException(errorClass(), option, getMessage(), this, index);
    }
}
