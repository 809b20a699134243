package dev.arus.engine.sink;

import dev.arus.engine.streaming.AnalysisException;
import dev.arus.engine.streaming.BatchFunction;
import java.util.List;

/**
 * The {@code foreachBatch} format, chosen by {@code DataStreamWriter.foreachBatch}: a
 * {@link ForeachBatchSink} calling the query's function, which the launcher binds into the
 * query's own provider ({@link SinkProviders#with}); the provider on the class path has none.
 */
public final class ForeachBatchSinkProvider implements SinkProvider {

    public static final String FORMAT = "foreachBatch";

    private final BatchFunction function;

    /** The provider {@link java.util.ServiceLoader} finds, with no function: it refuses to create a sink. */
    public ForeachBatchSinkProvider() {
        this(null);
    }

    /** The provider of a query whose function is {@code function}. */
    public ForeachBatchSinkProvider(BatchFunction function) {
        this.function = function;
    }

    @Override
    public String format() {
        return FORMAT;
    }

    @Override
    public List<String> options() {
        return List.of();
    }

    @Override
    public Sink create(SinkContext context) {
        if (function == null) {
            throw new AnalysisException("FOREACH_BATCH_FUNCTION_REQUIRED", "foreachBatch needs a function");
        }
        return new ForeachBatchSink(function);
    }
}
