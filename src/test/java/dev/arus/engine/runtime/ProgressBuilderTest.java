package dev.arus.engine.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ProgressBuilderTest {

    private static final DateTimeFormatter SPARK = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'")
            .withZone(ZoneOffset.UTC);

    @Test
    void writesInstantsAsSparksProgressDoesTruncatedToTheMillisecond() {
        assertThat(ProgressBuilder.isoMicros(0)).isEqualTo("1970-01-01T00:00:00.000Z");
        assertThat(ProgressBuilder.isoMicros(1_792_157_360_123_999L)).isEqualTo("2026-10-16T13:29:20.123Z");
        assertThat(ProgressBuilder.isoMicros(-1)).isEqualTo("1969-12-31T23:59:59.999Z");
    }

    @Test
    void agreesWithTheFormatterOverEveryYearItWritesByHandAndBeyond() {
        Random random = new Random(20261201);
        long first = Instant.parse("0000-01-01T00:00:00Z").toEpochMilli() * 1000;
        long last = Instant.parse("9999-12-31T23:59:59.999Z").toEpochMilli() * 1000;
        for (int i = 0; i < 100_000; i++) {
            long micros = first + (long) (random.nextDouble() * (last - first));
            assertThat(ProgressBuilder.isoMicros(micros)).isEqualTo(formatted(micros));
        }
        long beyond = Instant.parse("+10000-01-01T00:00:00Z").toEpochMilli() * 1000;
        assertThat(ProgressBuilder.isoMicros(beyond)).isEqualTo(formatted(beyond));
    }

    @Test
    void sharesTheTextOfAMillisecondWrittenRecently() {
        long second = 1_792_157_360_000_000L;
        String first = ProgressBuilder.isoMicros(second);

        assertThat(ProgressBuilder.isoMicros(second + 999)).isSameAs(first);
        for (int i = 1; i <= 5_000; i++) {
            assertThat(ProgressBuilder.isoMicros(second + i * 1_000L)).isEqualTo(formatted(second + i * 1_000L));
        }
        assertThat(ProgressBuilder.isoMicros(second)).as("a text pushed out by others is written again, the same")
                .isEqualTo(first);
    }

    private static String formatted(long micros) {
        return SPARK.format(Instant.ofEpochMilli(Math.floorDiv(micros, 1000)));
    }
}
