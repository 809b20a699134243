package dev.arus.server.query;

import dev.arus.engine.time.IsoInstants;
import java.time.Instant;

/** The service's one way to write an instant in JSON: ISO-8601 in UTC with milliseconds, {@code 2026-10-16T13:29:20.000Z}. */
public final class Timestamps {

    private Timestamps() {
    }

    /**
     * The text of {@code instant}, shared with a recent call for the same millisecond: the rows of
     * a batch's output often hold the same instants (a {@code rate-micro-batch} batch's timestamp,
     * a window's bounds), each written once then, and kept once in the recent batches.
     */
    public static String format(Instant instant) {
        return instant == null ? null : IsoInstants.ofMillisShared(instant.toEpochMilli());
    }
}
