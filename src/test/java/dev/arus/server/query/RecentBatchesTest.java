package dev.arus.server.live;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.engine.streaming.ResultBatch;
import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.Row;
import dev.arus.engine.data.Schema;
import dev.arus.engine.data.StructType;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RecentBatchesTest {

    private static final Schema WINDOW_COUNTS = Schema.of(
            new Field("window", StructType.WINDOW, true), new Field("count", AtomicType.LONG, false));
    private static final Instant START = Instant.parse("2026-10-16T13:29:20Z");

    @Test
    void keepsTheLastBatchesOldestFirst() {
        RecentBatches recent = new RecentBatches(2, 10);

        for (long batchId = 0; batchId < 3; batchId++) {
            recent.add(batchId, START, new ResultBatch(WINDOW_COUNTS, List.of()));
        }

        assertThat(recent.latest(10)).extracting(RecentBatch::batchId).containsExactly(1L, 2L);
        assertThat(recent.latest(1)).extracting(RecentBatch::batchId).containsExactly(2L);
    }

    @Test
    void writesRowsAsObjectsWithWindowsAndMillisecondTimestamps() {
        RecentBatches recent = new RecentBatches(10, 10);

        recent.add(5, START.plusMillis(7), new ResultBatch(WINDOW_COUNTS, List.of(windowCount(26))));

        RecentBatch batch = recent.latest(1).get(0);
        assertThat(batch.timestamp()).isEqualTo("2026-10-16T13:29:20.007Z");
        assertThat(batch.rows()).containsExactly(Map.of(
                "window", Map.of("start", "2026-10-16T13:29:20.000Z", "end", "2026-10-16T13:29:28.000Z"),
                "count", 26L));
    }

    @Test
    void keepsAtMostTheConfiguredRowsOfABatchButCountsThemAll() {
        RecentBatches recent = new RecentBatches(10, 2);

        recent.add(0, START, new ResultBatch(WINDOW_COUNTS, List.of(windowCount(1), windowCount(2), windowCount(3))));

        assertThat(recent.latest(1).get(0).rows()).hasSize(2);
        assertThat(recent.latest(1).get(0).numRows()).isEqualTo(3);
    }

    private static Row windowCount(long count) {
        Schema window = new Schema(StructType.WINDOW.fields());
        return new Row(WINDOW_COUNTS, new Object[] {
                new Row(window, new Object[] {START, START.plusSeconds(8)}), count});
    }
}
