package dev.arus.engine.log;

import java.time.Duration;

/**
 * How long a stream keeps its records: whole segments go once their newest record is older than
 * {@code maxAge} (null: no age limit) or once the partition holds more than {@code maxBytes}
 * (0: no size limit), oldest first. With {@code keepUnread}, the default, a segment an active
 * reader has not read past stays whatever its age or the size, so that no query loses data it
 * has not read; without it, such a reader finds its records gone and fails or skips them as its
 * {@code failOnDataLoss} says.
 */
public record Retention(Duration maxAge, long maxBytes, boolean keepUnread) {

    /** Everything kept for ever. */
    public static final Retention FOREVER = new Retention(null, 0, true);

    public Retention {
        if (maxAge != null && (maxAge.isNegative() || maxAge.isZero())) {
            throw new IllegalArgumentException("a retention age must be positive, was " + maxAge);
        }
        if (maxBytes < 0) {
            throw new IllegalArgumentException("a retention size must not be negative, was " + maxBytes);
        }
    }
}
