package dev.arus.engine.sink;

import dev.arus.engine.streaming.AnalysisException;
import java.util.List;

/** The {@code foreachBatch} format, chosen by {@code DataStreamWriter.foreachBatch}: {@link ForeachBatchSink}. */
public final class ForeachBatchSinkProvider implements SinkProvider {

    public static final String FORMAT = "foreachBatch";

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
        if (context.foreachBatch() == null) {
            throw new AnalysisException("FOREACH_BATCH_FUNCTION_REQUIRED", "foreachBatch needs a function");
        }
        return new ForeachBatchSink(context.foreachBatch());
    }
}
