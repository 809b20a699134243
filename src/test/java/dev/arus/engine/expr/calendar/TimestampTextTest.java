package dev.arus.engine.expr.calendar;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Text read as Spark's string-to-timestamp cast reads it, in the common ISO form and the others. */
class TimestampTextTest {

    private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");

    @ParameterizedTest(name = "{0} in {1}")
    @CsvSource(delimiter = '|', value = {
            "2026-12-01T10:00:00Z | UTC | 2026-12-01T10:00:00Z",
            "2026-12-01 10:00:00 | UTC | 2026-12-01T10:00:00Z",
            "2026-12-01T10:00:00.5 | UTC | 2026-12-01T10:00:00.500Z",
            "2026-12-01T10:00:00.123456789Z | UTC | 2026-12-01T10:00:00.123456Z",
            "2026-12-01T10:00:00+07:00 | UTC | 2026-12-01T03:00:00Z",
            "2026-12-01T10:00:00-03:30 | UTC | 2026-12-01T13:30:00Z",
            "2026-07-01T10:00:00 | Europe/Berlin | 2026-07-01T08:00:00Z",
            "2026-12-01T10:00:00 | Europe/Berlin | 2026-12-01T09:00:00Z",
            "2024-02-29T00:00:00Z | UTC | 2024-02-29T00:00:00Z",
            "2026-12-01 | UTC | 2026-12-01T00:00:00Z",
            "2026-12-01T10:00:00+0700 | UTC | 2026-12-01T03:00:00Z",
            "2026-1-2 3:04:05 | UTC | 2026-01-02T03:04:05Z"})
    void readsTimestamps(String text, String zone, String expected) {
        Instant instant = Instant.parse(expected);
        assertThat(TimestampText.parse(text, ZoneId.of(zone)))
                .isEqualTo(instant.getEpochSecond() * 1_000_000 + instant.getNano() / 1000);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {"2023-02-29T00:00:00Z", "2026-13-01T00:00:00Z", "2026-12-01T24:00:00Z",
            "2026-12-01T10:00:00X", "yesterday", "2026-12-01T10:60:00Z", "2026-04-31 00:00:00"})
    void refusesWhatIsNoTimestamp(String text) {
        assertThat(TimestampText.parse(text, ZoneOffset.UTC)).isNull();
        assertThat(TimestampText.parse(text, BERLIN)).isNull();
    }
}
