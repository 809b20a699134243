package dev.arus.engine.sink;

import dev.arus.engine.streaming.ResultBatch;

/**
 * Spark's {@code noop} sink: the query runs in full and its output is thrown away, for
 * benchmarks. It looks at no rows, so the runtime need not materialise them.
 */
public final class NoopSink implements Sink {

    /**
     * Spark shows {@code org.apache.spark.sql.execution.datasources.noop.NoopTable$@<hash>};
     * Arus shows its own name.
     */
    @Override
    public String description() {
        return "NoopSink";
    }

    @Override
    public void addBatch(long batchId, ResultBatch batch) {
    }

    @Override
    public long rowsNeeded() {
        return 0;
    }
}
