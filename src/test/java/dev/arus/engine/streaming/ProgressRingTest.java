package dev.arus.engine.streaming;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arus.engine.streaming.StreamingQueryProgress.SinkProgress;
import dev.arus.engine.streaming.StreamingQueryProgress.SourceProgress;
import dev.arus.engine.streaming.StreamingQueryProgress.StateOperatorProgress;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class ProgressRingTest {

    private static final UUID ID = UUID.fromString("7a2f6d1e-3b4c-4d5e-8f90-a1b2c3d4e5f6");
    private static final UUID RUN_ID = UUID.fromString("0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9");

    /** A report of the chapter's query: a rate source, a windowed count, a console sink. */
    private static StreamingQueryProgress chapterReport(long batchId) {
        long start = 1_792_000_000_000L + batchId * 1000;
        Map<String, Long> durations = new LinkedHashMap<>();
        durations.put("addBatch", 3L);
        durations.put("commitOffsets", 1L);
        durations.put("getBatch", 0L);
        durations.put("latestOffset", 0L);
        durations.put("queryPlanning", 0L);
        durations.put("triggerExecution", 5L);
        durations.put("walCommit", 1L);
        Map<String, String> eventTime = new LinkedHashMap<>();
        eventTime.put("avg", "2026-10-16T13:29:20.400Z");
        eventTime.put("max", "2026-10-16T13:29:20.800Z");
        eventTime.put("min", "2026-10-16T13:29:20.000Z");
        eventTime.put("watermark", "2026-10-16T13:29:10.000Z");
        return new StreamingQueryProgress(ID, RUN_ID, "chapter", Instant.ofEpochMilli(start), batchId, 5, durations,
                eventTime, List.of(new StateOperatorProgress("stateStoreSave", 12, 3, 1, 2, 0, 1, 4_096, 0, 200, 1,
                        Map.of("numDroppedDuplicateRows", 0L))),
                List.of(new SourceProgress("RateStreamV2[rowsPerSecond=5, rampUpTimeSeconds=0, numPartitions=default",
                        Long.toString(batchId * 5), Long.toString(batchId * 5 + 5), Long.toString(batchId * 5 + 5), 5,
                        5.0, 1000.0)),
                new SinkProgress("org.apache.spark.sql.execution.streaming.ConsoleTable$@4e3d2c1b", 2),
                5_123_456L);
    }

    /** A report with every field that may be absent absent, texts of every kind and rates that are not numbers. */
    private static StreamingQueryProgress unusualReport() {
        Map<String, Long> durations = new HashMap<>();
        durations.put("triggerExecution", null);
        durations.put("addBatch", -7L);
        Map<String, String> eventTime = new HashMap<>();
        eventTime.put("watermark", "1970-01-01T00:00:00Z"); // an instant, but not as Spark writes it
        eventTime.put("max", "0001-01-01T00:00:00.000Z");
        eventTime.put("min", null);
        Map<String, String> metrics = new HashMap<>();
        metrics.put("avgOffsetsBehindLatest", "NaN");
        metrics.put("target", "http://hôte.example/ingest ✓");
        metrics.put("lastWriteAt", "2026-13-40T25:61:61.999Z");
        return new StreamingQueryProgress(null, RUN_ID, null, Instant.ofEpochSecond(-5, 123_456_789), Long.MAX_VALUE,
                Long.MIN_VALUE, durations, eventTime, List.of(),
                List.of(new SourceProgress("KafkaV2[Subscribe[é]]", null, "{\"é\":{\"0\":1}}", "{\"é\":{\"0\":1}}",
                        0, Double.NaN, Double.POSITIVE_INFINITY, metrics),
                        new SourceProgress(null, "", "", null, -1, -0.0, Double.MIN_VALUE)),
                null, 0);
    }

    @Test
    void keepsTheLatestReportsOldestFirstEqualToThoseAdded() {
        ProgressRing ring = new ProgressRing(3);
        List<StreamingQueryProgress> added = IntStream.range(0, 5).mapToObj(ProgressRingTest::chapterReport).toList();

        added.forEach(ring::add);

        assertThat(ring.recent()).containsExactlyElementsOf(added.subList(2, 5));
        assertThat(ring.last()).isSameAs(added.get(4));
        assertThat(ring.recent().get(2)).isSameAs(added.get(4));
    }

    @Test
    void makesEveryFieldAgainAsItWasAdded() {
        ProgressRing ring = new ProgressRing(10);
        StreamingQueryProgress unusual = unusualReport();
        StreamingQueryProgress chapter = chapterReport(42);

        ring.add(unusual);
        ring.add(chapter);
        ring.add(chapterReport(43));

        List<StreamingQueryProgress> recent = ring.recent();
        assertThat(recent.get(0)).isEqualTo(unusual).isNotSameAs(unusual);
        assertThat(recent.get(0).eventTime()).containsExactlyEntriesOf(unusual.eventTime());
        assertThat(recent.get(0).sources().get(0).metrics()).containsExactlyEntriesOf(unusual.sources().get(0).metrics());
        assertThat(recent.get(1)).isEqualTo(chapter);
        assertThat(recent.get(1).durationMs()).containsExactlyEntriesOf(chapter.durationMs());
        assertThat(recent.get(1).toString()).isEqualTo(chapter.toString());
    }

    @Test
    void makesEventTimesKeptAsMillisecondsAgainAsSuch() {
        ProgressRing ring = new ProgressRing(3);
        StreamingQueryProgress chapter = chapterReport(7);
        StreamingQueryProgress asRuntimeMakesIt = new StreamingQueryProgress(chapter.id(), chapter.runId(),
                chapter.name(), chapter.timestamp(), chapter.batchId(), chapter.batchDuration(), chapter.durationMs(),
                EventTimes.ofMillis(new String[] {"avg", "max", "min", "watermark"},
                        new long[] {1_792_157_360_400L, 1_792_157_360_800L, 1_792_157_360_000L, 1_792_157_350_000L}),
                chapter.stateOperators(), chapter.sources(), chapter.sink(), chapter.batchDurationNanos());

        ring.add(asRuntimeMakesIt);
        ring.add(chapterReport(8));

        StreamingQueryProgress again = ring.recent().get(0);
        assertThat(again).isEqualTo(asRuntimeMakesIt).isEqualTo(chapter).isNotSameAs(asRuntimeMakesIt);
        assertThat(again.eventTime()).isInstanceOf(EventTimes.class)
                .containsExactlyEntriesOf(chapter.eventTime());
    }

    @Test
    void writesOutTheTextsOfReportsOnceItsDictionaryIsFull() {
        ProgressRing ring = new ProgressRing(ProgressBytes.MAX_ENTRIES);
        List<StreamingQueryProgress> added = IntStream.range(0, ProgressBytes.MAX_ENTRIES)
                .mapToObj(i -> new StreamingQueryProgress(UUID.randomUUID(), UUID.randomUUID(), "query-" + i,
                        Instant.ofEpochMilli(i), i, 0, Map.of("triggerExecution", (long) i), Map.of(), List.of(),
                        List.of(), new SinkProgress("sink-" + i, i)))
                .toList();

        added.forEach(ring::add);

        assertThat(ring.recent()).containsExactlyElementsOf(added);
    }

    @Test
    void keepsOneReportWithACapacityOfOne() {
        ProgressRing ring = new ProgressRing(1);

        ring.add(chapterReport(1));
        ring.add(chapterReport(2));

        assertThat(ring.recent()).containsExactly(chapterReport(2));
        assertThat(new ProgressRing(1).recent()).isEmpty();
        assertThat(new ProgressRing(1).last()).isNull();
        assertThatThrownBy(() -> new ProgressRing(0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void keepsAReportInAFewBytes() {
        ProgressBytes bytes = new ProgressBytes();
        bytes.encode(chapterReport(1));

        assertThat(bytes.encode(chapterReport(2)).length).isLessThan(150);
    }
}
