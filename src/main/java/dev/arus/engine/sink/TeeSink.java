package dev.arus.engine.sink;

import dev.arus.engine.streaming.BatchFunction;
import dev.arus.engine.streaming.ResultBatch;
import java.util.Map;

/**
 * A sink that also hands each batch to an observer after the real sink took it, so that a
 * service can show every query's output live whatever its sink. The observer's failure fails
 * the query, as a sink's would.
 */
public final class TeeSink implements Sink {

    private final Sink sink;
    private final BatchFunction observer;
    private final long observerRows;

    /** {@code observerRows}: how many of a batch's rows the observer looks at. */
    public TeeSink(Sink sink, BatchFunction observer, long observerRows) {
        this.sink = sink;
        this.observer = observer;
        this.observerRows = observerRows;
    }

    @Override
    public long rowsNeeded() {
        return Math.max(sink.rowsNeeded(), observerRows);
    }

    @Override
    public String description() {
        return sink.description();
    }

    @Override
    public void addBatch(long batchId, ResultBatch batch) {
        sink.addBatch(batchId, batch);
        try {
            observer.call(batch, batchId);
        } catch (Exception e) {
            throw new ForeachBatchUserFunctionException(e);
        }
    }

    @Override
    public Map<String, String> metrics() {
        return sink.metrics();
    }

    @Override
    public void close() {
        sink.close();
    }
}
