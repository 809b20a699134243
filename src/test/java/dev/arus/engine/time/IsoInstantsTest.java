package dev.arus.engine.time;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class IsoInstantsTest {

    private static final DateTimeFormatter SPARK = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'")
            .withZone(ZoneOffset.UTC);

    @Test
    void writesInstantsAsSparksProgressDoesToTheMillisecond() {
        assertThat(IsoInstants.ofMillisShared(0)).isEqualTo("1970-01-01T00:00:00.000Z");
        assertThat(IsoInstants.ofMillisShared(1_792_157_360_123L)).isEqualTo("2026-10-16T13:29:20.123Z");
        assertThat(IsoInstants.ofMillisShared(-1)).isEqualTo("1969-12-31T23:59:59.999Z");
    }

    @Test
    void agreesWithTheFormatterOverEveryYearItWritesByHandAndBeyond() {
        Random random = new Random(20261201);
        long first = Instant.parse("0000-01-01T00:00:00Z").toEpochMilli();
        long last = Instant.parse("9999-12-31T23:59:59.999Z").toEpochMilli();
        for (int i = 0; i < 100_000; i++) {
            long millis = first + (long) (random.nextDouble() * (last - first));
            assertThat(IsoInstants.ofMillisShared(millis)).isEqualTo(formatted(millis));
        }
        long beyond = Instant.parse("+10000-01-01T00:00:00Z").toEpochMilli();
        assertThat(IsoInstants.ofMillisShared(beyond)).isEqualTo(formatted(beyond));
    }

    @Test
    void writesMillisecondsAsAnIsoFormatterDoesForTheYearsOfTheCommonEra() {
        DateTimeFormatter iso = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);
        Random random = new Random(20261202);
        long first = Instant.parse("0001-01-01T00:00:00Z").toEpochMilli();
        long last = Instant.parse("9999-12-31T23:59:59.999Z").toEpochMilli();
        for (int i = 0; i < 100_000; i++) {
            long millis = first + (long) (random.nextDouble() * (last - first));
            assertThat(IsoInstants.ofMillis(millis)).isEqualTo(iso.format(Instant.ofEpochMilli(millis)));
        }
        assertThat(IsoInstants.ofMillis(-1)).isEqualTo("1969-12-31T23:59:59.999Z");
    }

    @Test
    void readsWhatItWritesAndWhateverElseInstantParseReads() {
        Random random = new Random(20261203);
        long first = Instant.parse("0001-01-01T00:00:00Z").toEpochMilli();
        long last = Instant.parse("9999-12-31T23:59:59.999Z").toEpochMilli();
        for (int i = 0; i < 100_000; i++) {
            long millis = first + (long) (random.nextDouble() * (last - first));
            assertThat(IsoInstants.parse(IsoInstants.ofMillis(millis))).isEqualTo(Instant.ofEpochMilli(millis));
        }
        assertThat(IsoInstants.parse("2026-10-16T13:29:20Z")).isEqualTo(Instant.parse("2026-10-16T13:29:20Z"));
        assertThat(IsoInstants.parse("2026-10-16T13:29:20.123456Z")).isEqualTo(Instant.parse("2026-10-16T13:29:20.123456Z"));
        assertThat(IsoInstants.parse("+10000-01-01T00:00:00.000Z")).isEqualTo(Instant.parse("+10000-01-01T00:00:00.000Z"));
        assertThat(IsoInstants.parse("2026-10-16T24:00:00.000Z")).isEqualTo(Instant.parse("2026-10-16T24:00:00.000Z"));
        assertThat(IsoInstants.parse("2026-12-31T23:59:60.000Z")).isEqualTo(Instant.parse("2026-12-31T23:59:60.000Z"));
    }

    @Test
    void refusesWhatInstantParseRefuses() {
        for (String wrong : List.of("2026-13-16T13:29:20.000Z", "2026-02-30T13:29:20.000Z", "2026-10-16T24:29:20.000Z",
                "2026-1x-16T13:29:20.000Z", "2026-10-16 13:29:20.000Z", "not an instant")) {
            assertThatThrownBy(() -> IsoInstants.parse(wrong)).as(wrong).isInstanceOf(DateTimeException.class);
        }
    }

    @Test
    void sharesTheTextOfAMillisecondWrittenRecently() {
        long second = 1_792_157_360_000L;
        String first = IsoInstants.ofMillisShared(second);

        assertThat(IsoInstants.ofMillisShared(second)).isSameAs(first);
        for (int i = 1; i <= 5_000; i++) {
            assertThat(IsoInstants.ofMillisShared(second + i)).isEqualTo(formatted(second + i));
        }
        assertThat(IsoInstants.ofMillisShared(second)).as("a text pushed out by others is written again, the same")
                .isEqualTo(first);
    }

    private static String formatted(long millis) {
        return SPARK.format(Instant.ofEpochMilli(millis));
    }
}
