package dev.arus.engine.source;

import java.util.List;

/**
 * How much one batch may read from a source, Spark's {@code ReadLimit}: a source states its own
 * ({@link Source#defaultReadLimit()}, from options such as {@code maxOffsetsPerTrigger}) and the
 * runtime hands back, at each trigger, either that one or {@link AllAvailable}, which the
 * {@code once} trigger and the single-batch fallback of {@code availableNow} use. A source applies
 * the kinds it knows and reads everything under any other.
 */
public sealed interface ReadLimit {

    /** No limit: everything the source has. */
    record AllAvailable() implements ReadLimit {
        @Override
        public String toString() {
            return "All Available";
        }
    }

    /** At most {@code maxRows} rows (records, offsets), Spark's {@code ReadMaxRows}. */
    record MaxRows(long maxRows) implements ReadLimit {
        @Override
        public String toString() {
            return "MaxRows: " + maxRows;
        }
    }

    /**
     * No batch until {@code minRows} rows are new or {@code maxTriggerDelayMs} passed since the last
     * batch, Spark's {@code ReadMinRows}.
     */
    record MinRows(long minRows, long maxTriggerDelayMs) implements ReadLimit {
        @Override
        public String toString() {
            return "MinRows: " + minRows + ", maxTriggerDelayMs: " + maxTriggerDelayMs;
        }
    }

    /** At most {@code maxFiles} files, Spark's {@code ReadMaxFiles}. */
    record MaxFiles(int maxFiles) implements ReadLimit {
        @Override
        public String toString() {
            return "MaxFiles: " + maxFiles;
        }
    }

    /** Files up to {@code maxBytes} bytes together, but at least one, Spark's {@code ReadMaxBytes}. */
    record MaxBytes(long maxBytes) implements ReadLimit {
        @Override
        public String toString() {
            return "MaxBytes: " + maxBytes;
        }
    }

    /** Every limit of {@code limits} at once, Spark's {@code CompositeReadLimit}. */
    record Composite(List<ReadLimit> limits) implements ReadLimit {
        public Composite {
            limits = List.copyOf(limits);
        }

        @Override
        public String toString() {
            return limits.toString();
        }
    }

    static ReadLimit allAvailable() {
        return new AllAvailable();
    }

    /** The limits this one holds: itself, or a composite's parts. */
    default List<ReadLimit> parts() {
        return this instanceof Composite composite ? composite.limits() : List.of(this);
    }

    /** Whether everything may be read: {@link AllAvailable} outranks any other part, as in Spark's Kafka source. */
    default boolean readsAll() {
        return parts().stream().anyMatch(AllAvailable.class::isInstance);
    }

    /** The part of kind {@code kind}, or null when there is none or when {@link #readsAll()}. */
    default <T extends ReadLimit> T part(Class<T> kind) {
        if (readsAll()) {
            return null;
        }
        return parts().stream().filter(kind::isInstance).map(kind::cast).findFirst().orElse(null);
    }
}
