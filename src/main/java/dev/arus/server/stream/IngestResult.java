package dev.arus.server.stream;

import dev.arus.engine.log.AppendResult;
import java.util.List;

/** The answer to a post of events, once they are durable: how many, and the offsets each partition gave them. */
record IngestResult(long events, List<Written> partitions) {

    /** Events {@code firstOffset} to {@code firstOffset + count - 1} of one partition. */
    record Written(int partition, long firstOffset, int count) {
    }

    static IngestResult of(AppendResult appended) {
        return new IngestResult(appended.count(), appended.ranges().stream()
                .map(range -> new Written(range.partition(), range.firstOffset(), range.count())).toList());
    }
}
