package dev.arus.engine.log;

import java.util.List;

/**
 * Where an append's records went, once durable: per partition written, the first offset and how
 * many consecutive records.
 */
public record AppendResult(List<Range> ranges) {

    public AppendResult {
        ranges = List.copyOf(ranges);
    }

    public record Range(int partition, long firstOffset, int count) {
    }

    public long count() {
        return ranges.stream().mapToLong(Range::count).sum();
    }
}
