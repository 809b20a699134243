package dev.arus.engine.streaming;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arus.engine.streaming.StreamingQueryProgress.SinkProgress;
import dev.arus.engine.streaming.StreamingQueryProgress.SourceProgress;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class RowCountRingTest {

    private static final Instant START = Instant.parse("2026-12-06T18:00:00Z");

    private static StreamingQueryProgress report(Instant at, SinkProgress sink, long... sources) {
        List<SourceProgress> read = Arrays.stream(sources).mapToObj(rows ->
                new SourceProgress("s", null, null, null, rows, 0, 0)).toList();
        return new StreamingQueryProgress(UUID.randomUUID(), UUID.randomUUID(), "q", at, 0, 0, Map.of(), Map.of(),
                List.of(), read, sink, 0);
    }

    private static StreamingQueryProgress report(int batch) {
        return report(START.plusSeconds(batch), new SinkProgress("sink", 100 + batch), batch, 2L * batch);
    }

    @Test
    void sumsTheLatestReportsAfterAnInstant() {
        RowCountRing ring = new RowCountRing(3);
        IntStream.range(0, 5).mapToObj(RowCountRingTest::report).forEach(ring::add);

        RowTotals kept = ring.totalsSince(START);
        RowTotals last = ring.totalsSince(START.plusSeconds(3));

        assertThat(kept.first()).as("reports 0 and 1 were dropped").isEqualTo(START.plusSeconds(2));
        assertThat(List.of(kept.read(0), kept.read(1), kept.written())).containsExactly(9L, 18L, 309L);
        assertThat(last.first()).as("after, not at").isEqualTo(START.plusSeconds(4));
        assertThat(List.of(last.read(0), last.read(1), last.written())).containsExactly(4L, 8L, 104L);
        assertThat(ring.totalsSince(START.plusSeconds(4))).isEqualTo(RowTotals.NONE);
    }

    @Test
    void agreesWithTheProgressRingItIsKeptBeside() {
        ProgressRing reports = new ProgressRing(4);
        RowCountRing counts = new RowCountRing(4);
        IntStream.range(0, 7).mapToObj(RowCountRingTest::report).forEach(report -> {
            reports.add(report);
            counts.add(report);
        });

        List<StreamingQueryProgress> kept = reports.recent();
        RowTotals totals = counts.totalsSince(START);

        assertThat(totals.first()).isEqualTo(kept.get(0).timestamp());
        for (int source = 0; source < 2; source++) {
            int s = source;
            assertThat(totals.read(s)).isEqualTo(kept.stream().mapToLong(r -> r.sources().get(s).numInputRows()).sum());
        }
        assertThat(totals.written()).isEqualTo(kept.stream().mapToLong(r -> r.sink().numOutputRows()).sum());
    }

    @Test
    void addsEachReportsOwnSourcesWhenTheirNumberChanges() {
        RowCountRing ring = new RowCountRing(3);
        ring.add(report(START, new SinkProgress("sink", 1), 7));
        ring.add(report(START.plusSeconds(1), new SinkProgress("sink", 2), 8, 9, 10));
        ring.add(report(START.plusSeconds(2), new SinkProgress("sink", 3)));

        RowTotals totals = ring.totalsSince(START.minusSeconds(1));

        assertThat(List.of(totals.read(0), totals.read(1), totals.read(2), totals.read(3)))
                .containsExactly(15L, 9L, 10L, 0L);
        assertThat(totals.written()).isEqualTo(6);
    }

    @Test
    void comparesTimestampsToTheNanosecondAndNeverCountsAReportWithoutOne() {
        RowCountRing ring = new RowCountRing(2);
        Instant early = Instant.ofEpochSecond(-5, 123_456_789);
        ring.add(report(early, new SinkProgress("sink", 1), 1));
        ring.add(report(null, null, 1));

        assertThat(ring.totalsSince(early.minusNanos(1)).first()).isEqualTo(early);
        assertThat(ring.totalsSince(early.minusNanos(1)).written()).isEqualTo(1);
        assertThat(ring.totalsSince(early).first()).isNull();
        assertThat(ring.totalsSince(Instant.MIN).read(0)).as("a report without a timestamp").isEqualTo(1);
    }

    @Test
    void countsANegativeCountAsNone() {
        RowCountRing ring = new RowCountRing(2);
        ring.add(report(START, new SinkProgress("sink", -1), -1, 3));
        ring.add(report(START.plusSeconds(1), new SinkProgress("sink", 2), 4, -1));

        RowTotals totals = ring.totalsSince(START.minusSeconds(1));

        assertThat(List.of(totals.read(0), totals.read(1), totals.written())).containsExactly(4L, 3L, 2L);
        assertThat(new RowCountRing(1).totalsSince(Instant.MIN)).isEqualTo(RowTotals.NONE);
    }

    @Test
    void keepsAtLeastOneReport() {
        assertThatThrownBy(() -> new RowCountRing(0)).isInstanceOf(IllegalArgumentException.class);
    }
}
