package dev.arus.server.query;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.arus.engine.streaming.OptionNames;
import dev.arus.server.query.restart.RestartSpec;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.jspecify.annotations.Nullable;

/**
 * A query as a client submits it (DESIGN §3, version 1): the DataFrame chain of Spark as data,
 * every expression a Spark SQL string; or (DESIGN §11) one Spark SQL statement over named
 * tables, in place of the source and steps. Read strictly (unknown fields are errors); served
 * back as submitted, naming its engine ({@code arus.engine.default} when it named none).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record QuerySpec(
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, description = "Unique among the service's queries")
        String name,
        @Schema(description = "The engine that runs the query: arus (Arus's own), spark (Apache Spark, in a build "
                + "with the spark profile), or both (Arus's run, with Spark's beside it and their outputs compared "
                + "batch by batch; any sink, which Arus's run alone writes; a checkpoint keeps Spark's inside it). "
                + "Absent means the service's default, "
                + "arus.engine.default (arus unless set), which the query's spec then names",
                examples = {"arus", "spark", "both"})
        @Nullable String engine,
        @Schema(description = "The stream the steps read; required unless the query is in sql")
        @Nullable SourceSpec source,
        @Schema(description = "Applied in order; absent means none")
        @Nullable List<Step> steps,
        @Schema(description = "The query as one Spark SQL SELECT statement, in place of source and steps: "
                + "FROM t, FROM STREAM t or FROM STREAM(t) reads a table of 'tables' (or the event-log stream of that "
                + "name), WATERMARK <expr> [AS name] DELAY OF INTERVAL ... declares event time on a relation. Or "
                + "CREATE STREAMING TABLE name AS SELECT ...: the query fills the event-log stream name, made with its "
                + "output columns unless it exists with them, and the spec has no sink",
                example = "SELECT window(event_time, '8 seconds') AS window, count(*) AS count FROM visits WATERMARK "
                        + "CAST(unix_timestamp(timestamp) - value % 3 AS TIMESTAMP) AS event_time DELAY OF INTERVAL 4 "
                        + "SECONDS GROUP BY window(event_time, '8 seconds')")
        @Nullable String sql,
        @Schema(description = "The tables the sql names, each a source as 'source' is, or with \"static\": true a "
                + "static table as a join's 'static' is; an event-log stream needs no entry")
        @Nullable Map<String, TableSpec> tables,
        @Schema(description = "append (default), update or complete, as Spark's outputMode (in any case)",
                examples = {"append", "update", "complete"})
        @Nullable String outputMode,
        @Schema(description = "Absent means as fast as possible")
        @Nullable TriggerSpec trigger,
        @Schema(description = "Where the output goes; required, except beside a CREATE STREAMING TABLE, which "
                + "writes its table's stream and takes no sink")
        @Nullable SinkSpec sink,
        @Schema(description = "A directory relative to arus.data-dir where the query keeps its progress and "
                + "state, so that it continues where it stopped after a restart; required by the json and csv sinks",
                example = "checkpoints/visits")
        @Nullable String checkpointLocation,
        @Schema(description = "Spark settings of this query alone: spark.sql.shuffle.partitions, the number of "
                + "state partitions (arus.engine.shuffle-partitions by default), and "
                + "spark.sql.streaming.multipleWatermarkPolicy, min (default) or max, how the watermarks of several "
                + "inputs make the query's one; a checkpoint keeps both as they were when it was started",
                example = "{\"spark.sql.shuffle.partitions\": 4}")
        @Nullable Map<String, Object> conf,
        @Nullable RestartSpec restart) {

    /** A spec for the default engine (version 1's fields and the conf). */
    public QuerySpec(String name, SourceSpec source, @Nullable List<Step> steps, @Nullable String outputMode,
                     @Nullable TriggerSpec trigger, SinkSpec sink, @Nullable String checkpointLocation,
                     @Nullable Map<String, Object> conf) {
        this(name, null, source, steps, null, null, outputMode, trigger, sink, checkpointLocation, conf, null);
    }

    /** A spec in SQL for the default engine: {@code sql} over {@code tables}. */
    public static QuerySpec ofSql(String name, String sql, @Nullable Map<String, TableSpec> tables,
                                  @Nullable String outputMode, @Nullable TriggerSpec trigger, SinkSpec sink,
                                  @Nullable String checkpointLocation) {
        return new QuerySpec(name, null, null, null, sql, tables, outputMode, trigger, sink, checkpointLocation, null,
                null);
    }

    /** This spec on {@code engine}. */
    public QuerySpec onEngine(String engine) {
        return new QuerySpec(name, engine, source, steps, sql, tables, outputMode, trigger, sink, checkpointLocation,
                conf, restart);
    }

    /** This spec with another sink, no checkpoint and no restarts: the side of a query that runs beside another. */
    QuerySpec besideOn(String engine, SinkSpec otherSink) {
        return new QuerySpec(name, engine, source, steps, sql, tables, outputMode, trigger, otherSink, null, conf,
                null);
    }

    /**
     * This spec with the values of secret options ({@code kafka.sasl.jaas.config},
     * {@code kafka.ssl.*password*}) of its sources, joined sources and sink replaced, and an http
     * sink's {@code url} masked ({@link OptionNames#shown}), for showing.
     */
    QuerySpec redacted() {
        return withSourceOptions(QuerySpec::redacted, sink == null ? null
                : new SinkSpec(sink.format(), redacted(sink.options()), sink.partitionBy()), checkpointLocation, restart);
    }

    /**
     * This spec as a preview runs it: writing to {@code sink} only, keeping no checkpoint, never
     * restarting, and with no file source cleaning the files it reads ({@code cleanSource} and
     * {@code sourceArchiveDir} left out), so that it changes nothing in the data directory.
     */
    QuerySpec previewedInto(SinkSpec previewSink) {
        return withSourceOptions(QuerySpec::withoutCleaning, previewSink, null, null);
    }

    /** This spec with the options of its sources, joined sources and tables changed by {@code change}. */
    private QuerySpec withSourceOptions(UnaryOperator<@Nullable Map<String, Object>> change, SinkSpec otherSink,
                                        @Nullable String otherCheckpoint, @Nullable RestartSpec otherRestart) {
        return new QuerySpec(name, engine, source == null ? null : withOptions(source, change),
                SpecStreams.withSources(steps, joined -> withOptions(joined, change)), sql, withOptions(tables, change),
                outputMode, trigger, otherSink, otherCheckpoint, conf, otherRestart);
    }

    private static @Nullable Map<String, TableSpec> withOptions(@Nullable Map<String, TableSpec> tables,
                                                               UnaryOperator<@Nullable Map<String, Object>> change) {
        if (tables == null) {
            return null;
        }
        Map<String, TableSpec> changed = new LinkedHashMap<>();
        tables.forEach((name, table) -> changed.put(name, table == null ? null
                : new TableSpec(table.format(), change.apply(table.options()), table.schema(), table.isStatic())));
        return changed;
    }

    private static SourceSpec withOptions(SourceSpec source, UnaryOperator<@Nullable Map<String, Object>> change) {
        return new SourceSpec(source.format(), change.apply(source.options()), source.schema());
    }

    /** Options without those by which a file source deletes or moves the files it has read. */
    private static @Nullable Map<String, Object> withoutCleaning(@Nullable Map<String, Object> options) {
        if (options == null) {
            return null;
        }
        Map<String, Object> kept = new LinkedHashMap<>(options);
        kept.keySet().removeIf(key -> key.equalsIgnoreCase("cleanSource") || key.equalsIgnoreCase("sourceArchiveDir"));
        return kept;
    }

    private static @Nullable Map<String, Object> redacted(@Nullable Map<String, Object> options) {
        if (options == null || options.entrySet().stream().allMatch(option -> !(option.getValue() instanceof String)
                && !OptionNames.isSecret(option.getKey())
                || option.getValue() instanceof String text && text.equals(OptionNames.shown(option.getKey(), text)))) {
            return options;
        }
        Map<String, Object> shown = new LinkedHashMap<>();
        options.forEach((key, value) -> shown.put(key, OptionNames.isSecret(key) ? OptionNames.REDACTED
                : value instanceof String text ? OptionNames.shown(key, text) : value));
        return shown;
    }

    /**
     * Option values may be JSON strings, numbers or booleans; the engine takes their string form.
     * The file sources {@code json}, {@code csv} and {@code parquet} read the directory {@code path}
     * (relative to {@code arus.data-dir}, as {@code sourceArchiveDir}) and require {@code schema},
     * a DDL string, as Spark requires it for streaming file sources; the other formats refuse one.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record SourceSpec(
            @Schema(requiredMode = Schema.RequiredMode.REQUIRED, example = "rate") String format,
            @Nullable Map<String, Object> options,
            @Schema(example = "order_id STRING, amount DECIMAL(10,2), event_time TIMESTAMP") @Nullable String schema) {

        public SourceSpec(String format, Map<String, Object> options) {
            this(format, options, null);
        }
    }

    /**
     * A table a query in SQL names: a source, as {@link SourceSpec} is, or with {@code "static":
     * true} a static table read when the query starts, as a join's {@code static} is (its
     * {@code schema} then required, its {@code path} a file or directory in the data directory).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record TableSpec(
            @Schema(requiredMode = Schema.RequiredMode.REQUIRED, example = "rate") String format,
            @Nullable Map<String, Object> options,
            @Schema(example = "sku STRING, price DOUBLE") @Nullable String schema,
            @JsonProperty("static") @Schema(description = "A static table rather than a stream; false when absent")
            @Nullable Boolean isStatic) {
    }

    /**
     * The file sinks {@code json}, {@code csv} and {@code parquet} take a {@code path} relative to
     * {@code arus.data-dir} and may lay their output out by {@code partitionBy}, as Spark's
     * {@code DataStreamWriter.partitionBy}; the other sinks refuse it.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record SinkSpec(
            @Schema(requiredMode = Schema.RequiredMode.REQUIRED, example = "console") String format,
            @Nullable Map<String, Object> options,
            @ArraySchema(schema = @Schema(example = "category"), arraySchema = @Schema(description = "File sinks "
                    + "only: the output columns whose values name Hive-style directories, col=value/, in this order; "
                    + "the data files leave them out. Not every column, and only columns of atomic types"))
            @Nullable List<String> partitionBy) {

        public SinkSpec(String format, @Nullable Map<String, Object> options) {
            this(format, options, null);
        }
    }

    /**
     * Exactly one of the four: {@code {"processingTime": "4 seconds"}}, {@code {"availableNow": true}},
     * {@code {"once": true}}, {@code {"realTime": "5 minutes"}} (Spark's real-time mode; its
     * checkpoint interval, at least 5 seconds; stateless queries over a stream or Kafka in update
     * mode only).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record TriggerSpec(
            @Schema(example = "4 seconds") @Nullable String processingTime,
            @Nullable Boolean availableNow,
            @Nullable Boolean once,
            @Schema(example = "5 minutes", description = "Spark's real-time mode (Trigger.RealTime): rows go out as "
                    + "they arrive; the checkpoint interval, at least 5 seconds. Stateless queries over a stream or "
                    + "Kafka, in update mode, into console, memory, kafka or stream only")
            @Nullable String realTime) {

        public TriggerSpec(@Nullable String processingTime, @Nullable Boolean availableNow, @Nullable Boolean once) {
            this(processingTime, availableNow, once, null);
        }
    }
}
