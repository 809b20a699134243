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
    void keepsTheCountsOfTheLatestReportsOldestFirst() {
        RowCountRing ring = new RowCountRing(3);
        IntStream.range(0, 5).mapToObj(RowCountRingTest::report).forEach(ring::add);

        RecentRowCounts recent = ring.recent();

        assertThat(recent.size()).isEqualTo(3);
        for (int i = 0; i < 3; i++) {
            int batch = i + 2;
            assertThat(recent.timestamp(i)).isEqualTo(START.plusSeconds(batch));
            assertThat(recent.sources(i)).isEqualTo(2);
            assertThat(recent.inputRows(i, 0)).isEqualTo(batch);
            assertThat(recent.inputRows(i, 1)).isEqualTo(2L * batch);
            assertThat(recent.outputRows(i)).isEqualTo(100 + batch);
        }
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
        RecentRowCounts recent = counts.recent();

        assertThat(recent.size()).isEqualTo(kept.size());
        for (int i = 0; i < kept.size(); i++) {
            assertThat(recent.timestamp(i)).isEqualTo(kept.get(i).timestamp());
            assertThat(recent.inputRows(i, 0)).isEqualTo(kept.get(i).sources().get(0).numInputRows());
            assertThat(recent.inputRows(i, 1)).isEqualTo(kept.get(i).sources().get(1).numInputRows());
            assertThat(recent.outputRows(i)).isEqualTo(kept.get(i).sink().numOutputRows());
        }
    }

    @Test
    void keepsEachReportsOwnSourcesWhenTheirNumberChanges() {
        RowCountRing ring = new RowCountRing(3);
        ring.add(report(START, new SinkProgress("sink", 1), 7));
        ring.add(report(START.plusSeconds(1), new SinkProgress("sink", 2), 8, 9, 10));
        ring.add(report(START.plusSeconds(2), new SinkProgress("sink", 3)));

        RecentRowCounts recent = ring.recent();

        assertThat(recent.sources(0)).isEqualTo(1);
        assertThat(recent.inputRows(0, 0)).isEqualTo(7);
        assertThatThrownBy(() -> recent.inputRows(0, 1)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThat(recent.sources(1)).isEqualTo(3);
        assertThat(List.of(recent.inputRows(1, 0), recent.inputRows(1, 1), recent.inputRows(1, 2)))
                .containsExactly(8L, 9L, 10L);
        assertThat(recent.sources(2)).isZero();
        assertThat(recent.outputRows(2)).isEqualTo(3);
    }

    @Test
    void keepsTimestampsToTheNanosecondAndNoneAsNone() {
        RowCountRing ring = new RowCountRing(2);
        Instant early = Instant.ofEpochSecond(-5, 123_456_789);
        ring.add(report(early, new SinkProgress("sink", 1), 1));
        ring.add(report(null, null, 1));

        RecentRowCounts recent = ring.recent();

        assertThat(recent.timestamp(0)).isEqualTo(early);
        assertThat(recent.timestamp(1)).isNull();
        assertThat(recent.outputRows(1)).as("a report without a sink gave it nothing").isZero();
    }

    @Test
    void aCopyTakenStaysAsItWasWhileReportsAreAdded() {
        RowCountRing ring = new RowCountRing(2);
        ring.add(report(0));
        RecentRowCounts before = ring.recent();

        ring.add(report(1));
        ring.add(report(2));

        assertThat(before.size()).isEqualTo(1);
        assertThat(before.outputRows(0)).isEqualTo(100);
        assertThat(new RowCountRing(1).recent().size()).isZero();
    }

    @Test
    void keepsAtLeastOneReport() {
        assertThatThrownBy(() -> new RowCountRing(0)).isInstanceOf(IllegalArgumentException.class);
    }
}
