package dev.arus.server.query;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class RecentBatchesTest {

    @Test
    void keepsTheLastBatchesOldestFirst() {
        RecentBatches recent = new RecentBatches(2);

        for (long batchId = 0; batchId < 3; batchId++) {
            recent.add(new RecentBatch(batchId, "2026-10-16T13:29:20.000Z", List.of(), 0));
        }

        assertThat(recent.latest(10)).extracting(RecentBatch::batchId).containsExactly(1L, 2L);
        assertThat(recent.latest(1)).extracting(RecentBatch::batchId).containsExactly(2L);
    }

    @Test
    void pagesBackFromABatchIdOldestFirst() {
        RecentBatches recent = new RecentBatches(10);

        for (long batchId = 0; batchId < 8; batchId++) {
            recent.add(new RecentBatch(batchId, "2026-10-16T13:29:20.000Z", List.of(), 0));
        }

        assertThat(recent.latestBefore(5, 3)).extracting(RecentBatch::batchId).containsExactly(2L, 3L, 4L);
        assertThat(recent.latestBefore(2, 3)).extracting(RecentBatch::batchId).containsExactly(0L, 1L);
        assertThat(recent.latestBefore(0, 3)).isEmpty();
    }
}
