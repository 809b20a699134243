package dev.arus.server.query;

import dev.arus.engine.time.IsoInstants;
import java.time.Instant;

/** The service's one way to write an instant in JSON: ISO-8601 in UTC with milliseconds, {@code 2026-10-16T13:29:20.000Z}. */
public final class Timestamps {

    private Timestamps() {
    }

    public static String format(Instant instant) {
        return instant == null ? null : IsoInstants.ofMillis(instant.toEpochMilli());
    }
}
