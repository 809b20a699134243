package dev.arus.engine.runtime;

import dev.arus.engine.data.Schema;
import dev.arus.engine.source.InputPartition;
import dev.arus.engine.source.LongOffset;
import dev.arus.engine.source.Offset;
import dev.arus.engine.source.RateSource;
import dev.arus.engine.source.ReadLimit;
import dev.arus.engine.source.Source;
import java.util.List;

/**
 * A source whose latest offset moves only when the test says so, for idle periods of any length;
 * its batches hold no rows. It has the {@code rate} source's schema.
 */
final class HeldOffsetSource implements Source {

    private volatile long latest;
    volatile boolean closed;

    void advance() {
        latest++;
    }

    @Override
    public String description() {
        return "HeldOffsetSource";
    }

    @Override
    public Schema schema() {
        return RateSource.SCHEMA;
    }

    @Override
    public Offset latestOffset(Offset start, ReadLimit limit) {
        return new LongOffset(latest);
    }

    @Override
    public List<InputPartition> planInputPartitions(Offset start, Offset end) {
        return List.of();
    }

    @Override
    public Offset deserializeOffset(String json) {
        return LongOffset.parse(json);
    }

    @Override
    public void close() {
        closed = true;
    }
}
