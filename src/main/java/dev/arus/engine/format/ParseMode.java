package dev.arus.engine.format;

import java.util.Locale;

/**
 * What a file reader does with a malformed record, Spark's {@code ParseMode}. PERMISSIVE is the
 * default, as in Spark: a stream should not stop on one bad line, and the bad line stays visible
 * in the corrupt-record column when the schema has one.
 */
public enum ParseMode {
    /** Keep the row: the fields that could not be read are NULL, the corrupt-record column holds the record. */
    PERMISSIVE,
    /** Leave the row out. */
    DROPMALFORMED,
    /** Fail the read. */
    FAILFAST;

    /** Spark's {@code ParseMode.fromString}: any case; an unknown name is PERMISSIVE, as Spark falls back to it. */
    public static ParseMode of(String name) {
        if (name == null) {
            return PERMISSIVE;
        }
        return switch (name.toUpperCase(Locale.ROOT)) {
            case "DROPMALFORMED" -> DROPMALFORMED;
            case "FAILFAST" -> FAILFAST;
            default -> PERMISSIVE;
        };
    }
}
