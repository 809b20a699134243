package dev.arus.engine.expr.datetime;

import dev.arus.engine.expr.EvaluationException;
import java.time.DateTimeException;
import java.time.ZoneId;

/**
 * A time zone given as text to a function, read as Spark's {@code DateTimeUtils.getZoneId} reads
 * it: a region ({@code Europe/Paris}), an offset ({@code +01:00}, also {@code +1:00} and
 * {@code +01:0}), or a short ID ({@code PST}). Text that is none raises INVALID_TIMEZONE. The last
 * text read is remembered, so a column of one zone is parsed once. Not thread-safe: one per node.
 */
final class TimeZoneArgument {

    private String lastText;
    private ZoneId lastZone;

    ZoneId zone(String text) {
        if (!text.equals(lastText)) {
            // Spark still reads the (+|-)h:mm and (+|-)hh:m forms it read before 3.0
            String normalised = text.replaceFirst("([+-])(\\d):", "$10$2:")
                    .replaceFirst("([+-])(\\d\\d):(\\d)$", "$1$2:0$3");
            try {
                lastZone = ZoneId.of(normalised, ZoneId.SHORT_IDS);
            } catch (DateTimeException e) {
                throw EvaluationException.invalidTimeZone(text);
            }
            lastText = text;
        }
        return lastZone;
    }
}
