package dev.arus.engine.sink;

import dev.arus.engine.streaming.BatchFunction;
import dev.arus.engine.streaming.ResultBatch;
import java.util.Objects;

/**
 * Spark's {@code foreachBatch} sink: hands each batch to a {@link BatchFunction}. An exception
 * from the function is wrapped, as Spark wraps it, in a
 * {@link ForeachBatchUserFunctionException} carrying it as the cause; it propagates and fails
 * the query.
 */
public final class ForeachBatchSink implements Sink {

    private final BatchFunction function;

    public ForeachBatchSink(BatchFunction function) {
        this.function = Objects.requireNonNull(function, "function");
    }

    /** Spark's {@code ForeachBatchSink.toString}. */
    @Override
    public String description() {
        return "ForeachBatchSink";
    }

    @Override
    public void addBatch(long batchId, ResultBatch batch) {
        try {
            function.call(batch, batchId);
        } catch (Exception e) {
            throw new ForeachBatchUserFunctionException(e);
        }
    }
}
