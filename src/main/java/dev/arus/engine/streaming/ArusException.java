package dev.arus.engine.streaming;

/**
 * An error of the engine, named by its error class as Spark names its error conditions
 * ({@code SparkThrowable.getCondition}): {@code DATATYPE_MISMATCH.BINARY_OP_DIFF_TYPES},
 * {@code CHECKPOINT_DAMAGED}. The class is the contract, the message is for people: callers
 * decide by {@link #errorClass()}, never by the message's text.
 */
public class ArusException extends RuntimeException {

    private final String errorClass;

    public ArusException(String errorClass, String message) {
        super(message);
        this.errorClass = requireClass(errorClass);
    }

    public ArusException(String errorClass, String message, Throwable cause) {
        super(message, cause);
        this.errorClass = requireClass(errorClass);
    }

    /** The error class, with its subclass after a dot where it has one. */
    public String errorClass() {
        return errorClass;
    }

    /** Whether this error is of {@code errorClass} or one of its subclasses ({@code CLASS.SUBCLASS}). */
    public boolean is(String errorClass) {
        return this.errorClass.equals(errorClass) || this.errorClass.startsWith(errorClass + ".");
    }

    private static String requireClass(String errorClass) {
        if (errorClass == null || errorClass.isBlank()) {
            throw new IllegalArgumentException("an engine error needs an error class");
        }
        return errorClass;
    }
}
