package dev.arus.engine.streaming;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EventTimesTest {

    @Test
    void readsItsInstantsAsSparksTextsInKeyOrder() {
        EventTimes times = EventTimes.ofMillis(new String[] {"avg", "max", "min", "watermark"},
                new long[] {1_792_157_360_400L, 1_792_157_360_800L, 1_792_157_360_000L, -1});

        assertThat(times).containsExactly(Map.entry("avg", "2026-10-16T13:29:20.400Z"),
                Map.entry("max", "2026-10-16T13:29:20.800Z"), Map.entry("min", "2026-10-16T13:29:20.000Z"),
                Map.entry("watermark", "1969-12-31T23:59:59.999Z"));
        assertThat(times.get("watermark")).isEqualTo("1969-12-31T23:59:59.999Z");
        assertThat(times.get("median")).isNull();
        assertThat(times.containsKey("min")).isTrue();
        assertThat(times).isEqualTo(Map.of("avg", "2026-10-16T13:29:20.400Z", "max", "2026-10-16T13:29:20.800Z",
                "min", "2026-10-16T13:29:20.000Z", "watermark", "1969-12-31T23:59:59.999Z"));
        assertThat(times.hashCode()).isEqualTo(Map.copyOf(times).hashCode());
    }

    @Test
    void aReportReadsAnEventTimeAsMillisecondsWhetherKeptSoOrAsText() {
        EventTimes kept = EventTimes.ofMillis(new String[] {"watermark"}, new long[] {1_792_157_350_000L});
        Map<String, String> texts = Map.of("max", "2026-10-16T13:29:20.800Z", "watermark", "2026-10-16T13:29:10.000Z");

        assertThat(report(kept).eventTimeMillis("watermark")).hasValue(1_792_157_350_000L);
        assertThat(report(kept).eventTimeMillis("max")).isEmpty();
        assertThat(report(texts).eventTimeMillis("watermark")).hasValue(1_792_157_350_000L);
        assertThat(report(texts).eventTimeMillis("min")).isEmpty();
    }

    private static StreamingQueryProgress report(Map<String, String> eventTime) {
        return new StreamingQueryProgress(null, null, "q", Instant.ofEpochMilli(0), 0, 0, Map.of(), eventTime,
                List.of(), List.of(), null);
    }

    @Test
    void refusesNamesOutOfKeyOrderOrWithoutAnInstantEach() {
        assertThatThrownBy(() -> EventTimes.ofMillis(new String[] {"min", "max"}, new long[] {1, 2}))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> EventTimes.ofMillis(new String[] {"watermark"}, new long[] {1, 2}))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
