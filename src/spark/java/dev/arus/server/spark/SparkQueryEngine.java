package dev.arus.server.spark;

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
import dev.arus.server.query.TranslatedQuery;
import dev.arus.server.storage.DataDirectory;
import dev.arus.server.web.JsonPointer;
import dev.arus.server.web.ProblemException;
import dev.arus.server.web.ProblemType;
import java.time.Duration;
import java.util.List;
import java.util.Map;
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
        OutputMode mode = SpecFields.outputMode(spec.outputMode());
        if (SparkFileSink.FORMATS.containsKey(sinkFormat) && mode != OutputMode.APPEND) {
            // Spark's DataSource.createSink refuses a file sink in any other mode
            throw new ProblemException(ProblemType.INVALID_OUTPUT_MODE, "Data source " + sinkFormat
                    + " does not support " + mode.sparkName() + " output mode", Map.of("pointer", "/outputMode", "engine", "spark",
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
            conf(session, SpecFields.conf(spec.conf()));
            ResolvedStream stream = spec.sql() != null ? null : ResolvedStream.of(spec.source(), spec.steps(), "");
            Dataset<Row> frame = stream == null ? statements.frame(session, spec)
                    : stream.build(new SparkFrames(session, inputs, spec.name()));
            SparkSinks sinks = new SparkSinks(sinkFormat, sinkOptions,
                    spec.sink().partitionBy() == null ? List.of() : spec.sink().partitionBy(), mode,
                    properties.limits().maxMemoryTableRows(), arusSinks,
                    stream == null ? List.of() : stream.groupingColumns());
            return new SparkTranslatedQuery(frame, spec.sql(), mode, trigger, given == null ? Duration.ZERO : given.interval(), sinks,
                    files, QueryEndpoint.sourcesOf(spec));
        }
    }

    /**
     * The query's Spark settings, as {@link SpecFields#conf} read them from its spec, over the
     * service's default number of state partitions.
     */
    private void conf(SparkSession session, Map<String, String> given) {
        session.conf().set(SpecFields.SHUFFLE_PARTITIONS, properties.engine().statePartitions());
        given.forEach((key, value) -> {
            try {
                session.conf().set(key, value);
            } catch (RuntimeException invalid) {
                throw ProblemException.at(ProblemType.INVALID_OPTION, JsonPointer.of("conf", key),
                        invalid.getMessage()).causedBy(invalid);
            }
        });
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
        return Trigger.ProcessingTime(trigger.interval().toMillis());
    }
}
