package dev.arus.server.spark;

import dev.arus.engine.streaming.ArusException;
import dev.arus.engine.streaming.OutputMode;
import dev.arus.server.ArusProperties;
import dev.arus.server.query.ArusSinks;
import dev.arus.server.query.EventLogStreams;
import dev.arus.server.query.QueryEngine;
import dev.arus.server.query.QueryEndpoint;
import dev.arus.server.query.QueryFiles;
import dev.arus.server.query.QuerySpec;
import dev.arus.server.query.ResolvedStream;
import dev.arus.server.query.SpecFields;
import dev.arus.server.query.Step;
import dev.arus.server.query.TranslatedQuery;
import dev.arus.server.storage.DataDirectory;
import dev.arus.server.web.JsonPointer;
import dev.arus.server.web.ProblemException;
import dev.arus.server.web.ProblemType;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.streaming.Trigger;
import org.springframework.stereotype.Component;

/**
 * The spec on Apache Spark: its stream, {@linkplain ResolvedStream resolved} as for every engine,
 * built into Spark's Dataset API by {@link SparkFrames}, with Spark SQL strings and Spark's column
 * functions only, so that executors need no class of Arus. A spec in
 * SQL goes to {@code spark.sql} as written, over its tables as temporary views
 * ({@link SparkStatements}). Each batch goes to the spec's sink through {@link SparkSinks}. What
 * has no Spark counterpart is refused at the field that names it. Starts nothing.
 */
@Component
class SparkQueryEngine implements QueryEngine {

    private static final String SHUFFLE_PARTITIONS = "spark.sql.shuffle.partitions";
    private static final Pattern ALIAS = Pattern.compile("(?is).*\\s+AS\\s+`?(\\w+)`?");
    private static final String WATERMARK_POLICY = "spark.sql.streaming.multipleWatermarkPolicy";

    private final SparkSessions sessions;
    private final ArusProperties properties;
    private final SparkInputs inputs;
    private final SparkStatements statements;
    private final ArusSinks arusSinks;

    SparkQueryEngine(SparkSessions sessions, DataDirectory dataDirectory, ArusProperties properties,
                     EventLogStreams eventLogStreams, SparkEventLog eventLog, ArusSinks arusSinks) {
        this.sessions = sessions;
        this.properties = properties;
        this.inputs = new SparkInputs(dataDirectory, properties, eventLog);
        this.statements = new SparkStatements(inputs, eventLogStreams);
        this.arusSinks = arusSinks;
    }

    @Override
    public String name() {
        return "spark";
    }

    @Override
    public TranslatedQuery translate(QuerySpec spec, Map<String, String> sinkOptions, QueryFiles files) {
        String sinkFormat = SparkSinks.normalized(spec.sink().format());
        if (!SparkSinks.FORMATS.contains(sinkFormat)) {
            throw ProblemException.at(ProblemType.UNSUPPORTED_OPERATION, "/sink/format", "A Spark query cannot write "
                    + "the '" + spec.sink().format() + "' sink through the service; it writes: "
                    + String.join(", ", SparkSinks.FORMATS.stream().sorted().toList()));
        }
        String mode = outputMode(spec.outputMode());
        if (SparkFileSink.FORMATS.containsKey(sinkFormat) && !mode.equals("append")) {
            // Spark's DataSource.createSink refuses a file sink in any other mode
            throw new ProblemException(ProblemType.INVALID_OUTPUT_MODE, "Data source " + sinkFormat
                    + " does not support " + mode.substring(0, 1).toUpperCase(Locale.ROOT) + mode.substring(1)
                    + " output mode", Map.of("pointer", "/outputMode", "engine", "spark",
                    "errorClass", "STREAMING_OUTPUT_MODE.UNSUPPORTED_DATASOURCE"));
        }
        dev.arus.engine.streaming.Trigger given = spec.trigger() == null ? null : SpecFields.trigger(spec.trigger());
        if (given instanceof dev.arus.engine.streaming.Trigger.RealTime) {
            // This build's Spark (4.2) has Trigger.RealTime, but the service writes every Spark sink through
            // foreachBatch, which Spark's RealTimeModeAllowlist refuses when the query starts, with this class
            throw new ProblemException(ProblemType.UNSUPPORTED_OPERATION, "[" + REAL_TIME_SINK_REFUSED + "] Streaming "
                    + "real-time mode has the following limitation: The sink(s): "
                    + "org.apache.spark.sql.execution.streaming.sources.ForeachBatchSink is not in the sink allowlist "
                    + "for Real-Time Mode. The service writes a Spark query's sink through foreachBatch, so Spark "
                    + "cannot run it in real-time mode; run it on Arus's engine (leave 'engine' out)",
                    Map.of("pointer", SpecFields.REAL_TIME_POINTER, "engine", "spark",
                            "errorClass", REAL_TIME_SINK_REFUSED));
        }
        Trigger trigger = sparkTrigger(given);
        SparkSession session = sessions.newSession();
        try (ActiveSession active = ActiveSession.of(session)) {
            conf(session, spec.conf());
            Dataset<Row> frame = spec.sql() != null ? statements.frame(session, spec)
                    : ResolvedStream.of(spec.source(), spec.steps(), "").build(new SparkFrames(session, inputs,
                            spec.name()));
            SparkSinks sinks = new SparkSinks(sinkFormat, sinkOptions,
                    spec.sink().partitionBy() == null ? List.of() : spec.sink().partitionBy(), mode,
                    properties.limits().maxMemoryTableRows(), arusSinks, groupingColumns(spec.steps()));
            return new SparkTranslatedQuery(frame, spec.sql(), mode, trigger, interval(given), sinks,
                    files, QueryEndpoint.sourcesOf(spec));
        }
    }

    /**
     * The output columns of the spec's last {@code groupBy} keys, as Spark names them: a window's
     * {@code window} (or {@code session_window}), a column's own name, an alias after {@code AS};
     * empty when a key is another expression, or steps after the aggregation may rename them (an
     * upsert then needs the {@code keys} option).
     */
    private static List<String> groupingColumns(List<Step> steps) {
        int last = -1;
        for (int i = 0; steps != null && i < steps.size(); i++) {
            if (steps.get(i) instanceof Step.GroupBy) {
                last = i;
            } else if (last >= 0 && !(steps.get(i) instanceof Step.Filter)) {
                return List.of();
            }
        }
        if (last < 0 || ((Step.GroupBy) steps.get(last)).keys() == null) {
            return List.of();
        }
        List<String> keys = ((Step.GroupBy) steps.get(last)).keys();
        List<String> names = new ArrayList<>();
        for (String key : keys) {
            String text = key.trim();
            Matcher alias = ALIAS.matcher(text);
            if (alias.matches()) {
                names.add(alias.group(1));
            } else if (text.toLowerCase(Locale.ROOT).startsWith("window(")) {
                names.add("window");
            } else if (text.toLowerCase(Locale.ROOT).startsWith("session_window(")) {
                names.add("session_window");
            } else if (text.matches("`?\\w+`?")) {
                names.add(text.replace("`", ""));
            } else {
                return List.of();
            }
        }
        return names;
    }

    /** The query's state partitions: its spec's, else the service's default for Arus's engine, else one per core. */
    private void conf(SparkSession session, Map<String, Object> given) {
        int partitions = properties.engine().shufflePartitions();
        session.conf().set(SHUFFLE_PARTITIONS, partitions > 0 ? partitions : Runtime.getRuntime().availableProcessors());
        if (given == null) {
            return;
        }
        given.forEach((key, value) -> {
            String at = JsonPointer.of("conf", key);
            if (!SHUFFLE_PARTITIONS.equals(key) && !WATERMARK_POLICY.equals(key)) {
                throw ProblemException.at(ProblemType.INVALID_OPTION, at, "Unknown setting '" + key
                        + "'. A query's conf may set: " + SHUFFLE_PARTITIONS + ", " + WATERMARK_POLICY
                        + "; the service's arus.spark.conf.* set the rest");
            }
            if (!(value instanceof String || value instanceof Number)) {
                throw ProblemException.at(ProblemType.INVALID_OPTION, at, "A setting is a string or a number");
            }
            try {
                session.conf().set(key, String.valueOf(value));
            } catch (RuntimeException invalid) {
                throw ProblemException.at(ProblemType.INVALID_OPTION, at, invalid.getMessage()).causedBy(invalid);
            }
        });
    }

    private static String outputMode(String mode) {
        if (mode == null) {
            return "append";
        }
        try {
            return OutputMode.of(mode).toString().toLowerCase(Locale.ROOT);
        } catch (ArusException unknown) {
            throw ProblemException.at(ProblemType.INVALID_OUTPUT_MODE, "/outputMode", unknown.getMessage());
        }
    }

    /** Spark's refusal of a real-time query whose sink is foreachBatch, as every sink of this service's is. */
    static final String REAL_TIME_SINK_REFUSED = "STREAMING_REAL_TIME_MODE.OPERATOR_OR_SINK_NOT_IN_ALLOWLIST";

    /** Spark's trigger of the spec's, {@code null} (Spark's default) when it gives none. */
    private static Trigger sparkTrigger(dev.arus.engine.streaming.Trigger trigger) {
        if (trigger == null) {
            return null;
        }
        if (trigger instanceof dev.arus.engine.streaming.Trigger.AvailableNow) {
            return Trigger.AvailableNow();
        }
        if (trigger instanceof dev.arus.engine.streaming.Trigger.Once) {
            return Trigger.Once();
        }
        if (trigger instanceof dev.arus.engine.streaming.Trigger.RealTime realTime) {
            // Spark 4.1 added Trigger.RealTime; this build's Spark (pom.xml's spark.version) has it
            return Trigger.RealTime(realTime.checkpointInterval().toMillis());
        }
        return Trigger.ProcessingTime(interval(trigger).toMillis());
    }

    /** The interval of a processing-time trigger; zero for any other, or none. */
    private static Duration interval(dev.arus.engine.streaming.Trigger trigger) {
        return trigger instanceof dev.arus.engine.streaming.Trigger.ProcessingTime processingTime
                ? processingTime.interval() : Duration.ZERO;
    }
}
