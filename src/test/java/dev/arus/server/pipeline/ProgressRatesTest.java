package dev.arus.server.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.engine.streaming.RowCountRing;
import dev.arus.engine.streaming.RowTotals;
import dev.arus.engine.streaming.StreamingQueryProgress;
import dev.arus.engine.streaming.StreamingQueryProgress.SinkProgress;
import dev.arus.engine.streaming.StreamingQueryProgress.SourceProgress;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Rows per second from a run's progress, over its last minute. */
class ProgressRatesTest {

    private static final Instant NOW = Instant.parse("2026-12-01T10:05:00Z");

    private static StreamingQueryProgress report(Instant at, long sink, long... sources) {
        List<SourceProgress> read = Arrays.stream(sources).mapToObj(rows ->
                new SourceProgress("s", null, null, null, rows, 0, 0)).toList();
        return new StreamingQueryProgress(UUID.randomUUID(), UUID.randomUUID(), "q", at, 0, 0, Map.of(), Map.of(),
                List.of(), read, new SinkProgress("sink", sink), 0);
    }

    /** The totals over the window at {@code NOW} that a run keeping {@code reports}, added oldest first, gives. */
    private static RowTotals counts(StreamingQueryProgress... reports) {
        RowCountRing ring = new RowCountRing(reports.length);
        Arrays.stream(reports).forEach(ring::add);
        return ring.totalsSince(ProgressRates.since(NOW));
    }

    @Test
    void countsTheRowsOfTheLastMinuteOverTheTimeSinceItsFirstReport() {
        ProgressRates rates = ProgressRates.of(counts(
                report(NOW.minusSeconds(90), 1000, 1000, 1000),
                report(NOW.minusSeconds(40), 20, 60, 8),
                report(NOW.minusSeconds(10), 20, 40, 0)), 2, NOW);

        assertThat(rates.read()).containsExactly(100 / 40.0, 8 / 40.0);
        assertThat(rates.written()).isEqualTo(40 / 40.0);
    }

    @Test
    void isAtLeastASecondLongAndZeroWithoutReports() {
        assertThat(ProgressRates.of(counts(report(NOW.minusMillis(100), 5, 5)), 1, NOW).read()).containsExactly(5.0);
        assertThat(ProgressRates.of(counts(report(NOW.minusSeconds(61), 5, 5)), 1, NOW).written()).isZero();
    }

    @Test
    void leavesOutAReportWithoutATimestamp() {
        ProgressRates rates = ProgressRates.of(counts(report(NOW.minusSeconds(2), 4, 10), report(null, 6, 30)), 1, NOW);

        assertThat(rates.read()).containsExactly(10 / 2.0);
        assertThat(rates.written()).isEqualTo(4 / 2.0);
    }

    @Test
    void readsTheQuerysSourcesOnlyAndNothingOfASourceAReportDoesNotList() {
        ProgressRates rates = ProgressRates.of(counts(
                report(NOW.minusSeconds(2), 4, 10, 20, 30),
                report(NOW.minusSeconds(1), 4, 10)), 2, NOW);

        assertThat(rates.read()).containsExactly(20 / 2.0, 20 / 2.0);
        assertThat(rates.written()).isEqualTo(8 / 2.0);
    }
}
