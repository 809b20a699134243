package dev.arus.engine.api;

import dev.arus.engine.checkpoint.Checkpoint;
import dev.arus.engine.runtime.QueryDefinition;
import dev.arus.engine.sink.ForeachBatchSinkProvider;
import dev.arus.engine.streaming.BatchFunction;
import dev.arus.engine.streaming.InvalidOptionException;
import dev.arus.engine.streaming.OutputMode;
import dev.arus.engine.streaming.StreamingQuery;
import dev.arus.engine.streaming.Trigger;
import dev.arus.engine.time.WatermarkTracker;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;

/**
 * Describes where and how a frame's results go, as Spark's {@code DataStreamWriter}. Defaults
 * as Spark's: {@code append} mode and the as-fast-as-possible trigger. {@link #start()} checks
 * everything before anything runs.
 */
public final class DataStreamWriter {

    /** The writer option that names the checkpoint directory, taken out of the sink's options. */
    static final String CHECKPOINT_LOCATION = "checkpointLocation";

    private final StreamFrame frame;
    private String format;
    private OutputMode outputMode = OutputMode.APPEND;
    private Trigger trigger = Trigger.asFastAsPossible();
    private final Map<String, String> options = new LinkedHashMap<>();
    private String queryName;
    private BatchFunction foreachBatch;
    private BatchFunction observer;
    private long observerRows;
    private UUID queryId;
    private List<String> partitionColumns = List.of();

    DataStreamWriter(StreamFrame frame) {
        this.frame = frame;
    }

    /**
     * {@code console}, {@code memory}, {@code noop}, or the file sinks {@code json}, {@code csv} and
     * {@code parquet} (which need the options {@code path} and {@code checkpointLocation}); {@link #foreachBatch}
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

    /**
     * Lays the output out in Hive-style directories by these columns, {@code col=value/}, as
     * Spark's {@code partitionBy}; the data files leave them out. Only the file sinks take it:
     * {@link #start()} refuses it for any other sink, and refuses a column that is not in the
     * output, of a struct, array or map type, named twice, or every column, with Spark's errors.
     */
    public DataStreamWriter partitionBy(String... columns) {
        this.partitionColumns = List.of(columns);
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
     * Arus's extension: also hands each batch to {@code observer}, after the sink, whatever the
     * sink is, with at least its first {@code rows} rows (and the count of all). The service uses
     * it to show every query's output live.
     */
    public DataStreamWriter observeBatches(BatchFunction observer, long rows) {
        this.observer = Objects.requireNonNull(observer);
        this.observerRows = rows;
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
     * Starts the query. Three options are the query's, not the sink's: {@code checkpointLocation}
     * (see {@link dev.arus.engine.checkpoint.Checkpoint}), {@code spark.sql.shuffle.partitions},
     * the number of state partitions (the session's by default), and
     * {@code spark.sql.streaming.multipleWatermarkPolicy}, {@code min} (the default) or
     * {@code max}, how several watermarks make the query's one; a checkpoint keeps both as they
     * were when it was started.
     *
     * @throws ArusException when the plan does not allow the output mode, for an unknown sink or
     *         option, or a name already in use
     */
    public StreamingQuery start() {
        return frame.session().streams().start(definition());
    }

    /**
     * Arus's extension: checks what {@link #start()} would check before it reads a source,
     * starting nothing and writing nothing: the plan, the output mode, the sink's need of a
     * checkpoint, and that the checkpoint (its {@code metadata} alone) belongs to this query and
     * plan, as a restart from it requires. Safe while another run of the query writes the
     * checkpoint, so a caller can check a changed query before it stops the one running.
     *
     * @throws ArusException as {@link #start()} would, {@code CHECKPOINT_INCOMPATIBLE} naming what differs
     */
    public void check() {
        frame.session().streams().check(definition());
    }

    private QueryDefinition definition() {
        Map<String, String> sinkOptions = new LinkedHashMap<>(options);
        String checkpoint = removeIgnoringCase(sinkOptions, CHECKPOINT_LOCATION);
        String partitions = removeIgnoringCase(sinkOptions, Checkpoint.SHUFFLE_PARTITIONS);
        String policy = removeIgnoringCase(sinkOptions, Checkpoint.MULTIPLE_WATERMARK_POLICY);
        return new QueryDefinition(frame.plan(),
                foreachBatch != null ? ForeachBatchSinkProvider.FORMAT : format, sinkOptions, outputMode, trigger,
                queryName, foreachBatch, observer, observerRows, queryId,
                checkpoint == null ? null : Path.of(checkpoint),
                partitions == null ? null : shufflePartitions(partitions),
                policy == null ? null : watermarkPolicy(policy), partitionColumns);
    }

    private static Integer shufflePartitions(String value) {
        try {
            int partitions = Integer.parseInt(value.trim());
            if (partitions >= 1) {
                return partitions;
            }
        } catch (NumberFormatException notANumber) {
            // refused below
        }
        throw new InvalidOptionException(Checkpoint.SHUFFLE_PARTITIONS, "Invalid value '" + value + "'. The option '"
                + Checkpoint.SHUFFLE_PARTITIONS + "' must be a whole number of at least 1");
    }

    private static WatermarkTracker.Policy watermarkPolicy(String value) {
        try {
            return WatermarkTracker.Policy.of(value);
        } catch (IllegalArgumentException unknown) {
            throw new InvalidOptionException(Checkpoint.MULTIPLE_WATERMARK_POLICY, unknown.getMessage()
                    + ". The option '" + Checkpoint.MULTIPLE_WATERMARK_POLICY + "' is min or max");
        }
    }

    private static String removeIgnoringCase(Map<String, String> options, String key) {
        for (String name : List.copyOf(options.keySet())) {
            if (name.equalsIgnoreCase(key)) {
                return options.remove(name);
            }
        }
        return null;
    }
}
