package dev.arus.engine.api;

import dev.arus.engine.streaming.BatchFunction;
import dev.arus.engine.streaming.OutputMode;
import dev.arus.engine.streaming.StreamingQuery;
import dev.arus.engine.streaming.Trigger;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;

/**
 * Describes where and how a frame's results go, as Spark's {@code DataStreamWriter}. Defaults
 * as Spark's: {@code append} mode and the as-fast-as-possible trigger. {@link #start()} checks
 * everything before anything runs.
 */
public final class DataStreamWriter {

    private final StreamFrame frame;
    private String format;
    private OutputMode outputMode = OutputMode.APPEND;
    private Trigger trigger = Trigger.asFastAsPossible();
    private final Map<String, String> options = new LinkedHashMap<>();
    private String queryName;
    private BatchFunction foreachBatch;
    private BatchFunction observer;
    private UUID queryId;

    DataStreamWriter(StreamFrame frame) {
        this.frame = frame;
    }

    /**
     * {@code console}, {@code memory}, {@code noop}, or the file sinks {@code json} and {@code csv}
     * (which need the options {@code path} and {@code checkpointLocation}); {@link #foreachBatch}
     * replaces it. The option {@code checkpointLocation} is the query's, not the sink's: see
     * {@link dev.arus.engine.checkpoint.Checkpoint}.
     */
    public DataStreamWriter format(String format) {
        this.format = format;
        return this;
    }

    public DataStreamWriter outputMode(OutputMode mode) {
        this.outputMode = Objects.requireNonNull(mode);
        return this;
    }

    /** Spark's names: {@code append}, {@code update}, {@code complete}. */
    public DataStreamWriter outputMode(String mode) {
        return outputMode(OutputMode.of(mode));
    }

    public DataStreamWriter trigger(Trigger trigger) {
        this.trigger = Objects.requireNonNull(trigger);
        return this;
    }

    public DataStreamWriter option(String key, Object value) {
        options.put(key, String.valueOf(value));
        return this;
    }

    public DataStreamWriter options(Map<String, ?> values) {
        values.forEach(this::option);
        return this;
    }

    /** The query's name: unique among a session's active queries, and the memory sink's table name. */
    public DataStreamWriter queryName(String name) {
        this.queryName = name;
        return this;
    }

    /** Hands each batch's rows to {@code function}; an exception it throws fails the query. */
    public DataStreamWriter foreachBatch(BatchFunction function) {
        this.foreachBatch = Objects.requireNonNull(function);
        return this;
    }

    /**
     * Arus's extension: also hands each batch's rows to {@code observer}, after the sink, whatever
     * the sink is. The service uses it to show every query's output live.
     */
    public DataStreamWriter observeBatches(BatchFunction observer) {
        this.observer = Objects.requireNonNull(observer);
        return this;
    }

    /**
     * Arus's extension: the lasting id of a query started again, so that a restart keeps its id
     * and gets a new run id. Spark keeps that id in the checkpoint; without one a new id is drawn.
     */
    public DataStreamWriter queryId(UUID id) {
        this.queryId = Objects.requireNonNull(id);
        return this;
    }

    /**
     * Starts the query.
     *
     * @throws AnalysisException when the plan does not allow the output mode
     * @throws IllegalArgumentException for an unknown sink, option or a name already in use
     */
    public StreamingQuery start() {
        QuerySpec spec = new QuerySpec(frame.plan(), foreachBatch != null ? "foreachBatch" : format, options,
                outputMode, trigger, queryName, foreachBatch, observer, queryId);
        return frame.session().streams().start(spec);
    }

    /** Everything {@link StreamingQueryManager#start} needs, captured from the builder. */
    record QuerySpec(dev.arus.engine.plan.LogicalPlan plan, String format, Map<String, String> options,
                     OutputMode outputMode, Trigger trigger, String name, BatchFunction foreachBatch,
                     BatchFunction observer, UUID queryId) {
        QuerySpec {
            options = Map.copyOf(options);
        }
    }
}
