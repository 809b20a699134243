package dev.arus.server.query.restart;

import java.time.Duration;
import java.util.Locale;

/**
 * A parameter of a restart strategy out of its range; {@link #field()} names it as a spec does
 * ({@code initialBackoff}), so that the spec's check can point at it and the service's settings
 * can name their key.
 */
public final class InvalidRestartSetting extends IllegalArgumentException {

    private final String field;

    InvalidRestartSetting(String field, String message) {
        super(field + " " + message);
        this.field = field;
    }

    /** The parameter at fault, in camel case as a spec names it. */
    public String field() {
        return field;
    }

    static void check(boolean holds, String field, String otherwise) {
        if (!holds) {
            throw new InvalidRestartSetting(field, otherwise);
        }
    }

    /** {@code duration} as a spec's interval string says it: {@code 90 seconds}, {@code 1 hour}. */
    static String readable(Duration duration) {
        long millis = duration.toMillis();
        for (Unit unit : Unit.values()) {
            if (millis % unit.millis == 0) {
                long count = millis / unit.millis;
                return count + " " + unit.name().toLowerCase(Locale.ROOT) + (Math.abs(count) == 1 ? "" : "s");
            }
        }
        throw new AssertionError("every duration is a whole number of milliseconds");
    }

    private enum Unit {
        HOUR(3_600_000), MINUTE(60_000), SECOND(1_000), MILLISECOND(1);

        private final long millis;

        Unit(long millis) {
            this.millis = millis;
        }
    }
}
