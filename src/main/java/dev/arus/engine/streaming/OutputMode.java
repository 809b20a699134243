package dev.arus.engine.streaming;

import java.util.Locale;

/**
 * What a query writes to its sink each batch. {@code APPEND} is the default, as in Spark: rows
 * are written once, when final (for a windowed aggregation, after the watermark passes the
 * window's end).
 */
public enum OutputMode {
    APPEND,
    UPDATE,
    COMPLETE;

    /** Parses Spark's names ({@code append}, {@code update}, {@code complete}), any case. */
    public static OutputMode of(String name) {
        for (OutputMode mode : values()) {
            if (mode.name().equalsIgnoreCase(name.trim())) {
                return mode;
            }
        }
        throw new ArusException("STREAMING_OUTPUT_MODE.INVALID", "Unknown output mode " + name
                + ". Accepted output modes are 'append', 'complete', 'update'");
    }

    /** The mode's name as Spark writes it. */
    public String sparkName() {
        return name().charAt(0) + name().substring(1).toLowerCase(Locale.ROOT);
    }
}
