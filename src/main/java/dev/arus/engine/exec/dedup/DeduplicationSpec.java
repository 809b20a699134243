package dev.arus.engine.exec.dedup;

import dev.arus.engine.data.Schema;
import dev.arus.engine.expr.window.GroupingKey;
import java.util.List;
import java.util.function.Supplier;

/**
 * What a deduplication keeps: rows of {@code input}, keyed by the columns at {@code keyColumns}
 * (bound afresh by {@code keys} for each state partition, since bound expressions keep buffers).
 * {@code eventTimeColumn} is the input's watermarked column (-1: none): rows at or before the
 * previous batch's watermark are late. {@code watermarkKeyPosition} is the key that is that column
 * (-1: none), which lets a plain deduplication evict its keys. {@code expiryDelayMicros} is -1 for
 * Spark's {@code dropDuplicates}; for {@code dropDuplicatesWithinWatermark} it is the watermark's
 * delay, and a key expires at its first row's event time plus it.
 */
public record DeduplicationSpec(Schema input, int[] keyColumns, Supplier<List<GroupingKey>> keys, int eventTimeColumn,
                                int watermarkKeyPosition, long expiryDelayMicros) {

    public boolean withinWatermark() {
        return expiryDelayMicros >= 0;
    }
}
