package dev.arus.engine.plan;

import dev.arus.engine.streaming.AnalysisException;
import dev.arus.engine.streaming.OutputMode;
import dev.arus.engine.streaming.Trigger;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Spark 4.2's rules for a query with the real-time trigger ({@code Trigger.RealTime}), checked
 * when the query starts, in Spark's order, each with Spark's error class:
 * <ol>
 *   <li>the checkpoint interval is at least {@value Trigger#REAL_TIME_MIN_BATCH_DURATION_MS} ms
 *       ({@code INVALID_STREAMING_REAL_TIME_MODE_TRIGGER_INTERVAL}, Spark's
 *       {@code StreamingQueryManager});</li>
 *   <li>the output mode is update ({@code STREAMING_REAL_TIME_MODE.OUTPUT_MODE_NOT_SUPPORTED},
 *       {@code UnsupportedOperationChecker.checkAdditionalRealTimeModeConstraints});</li>
 *   <li>the sink is one Spark's real-time mode writes: {@code console}, {@code memory} (Spark's
 *       {@code ContinuousMemorySink}), {@code kafka}, and the event log's {@code stream}, Arus's
 *       Kafka ({@code RealTimeModeAllowlist.allowedSinks}); a file sink or {@code foreachBatch}, a
 *       sink of Spark's first API, is {@code STREAMING_REAL_TIME_MODE.SINK_NOT_SUPPORTED}
 *       ({@code MicroBatchExecution}), any other
 *       {@code STREAMING_REAL_TIME_MODE.OPERATOR_OR_SINK_NOT_IN_ALLOWLIST};</li>
 *   <li>every source supports real-time mode: {@code kafka} and {@code stream}, as Spark's Kafka
 *       stream is its only {@code SupportsRealTimeMode} source
 *       ({@code STREAMING_REAL_TIME_MODE.INPUT_STREAM_NOT_SUPPORTED});</li>
 *   <li>every operator is in Spark's allowlist: projections, filters, unions and joins with a
 *       static table (Spark's broadcast hash join); not watermarks, aggregations,
 *       deduplications, joins of two streams, sorts or limits
 *       ({@code STREAMING_REAL_TIME_MODE.OPERATOR_OR_SINK_NOT_IN_ALLOWLIST}).</li>
 * </ol>
 * Spark checks the last three when the first batch is planned and fails the query; Arus refuses
 * the query before it starts, with the same classes. The messages are Spark's templates, naming
 * Arus's formats and steps where Spark names its classes, without Spark's escape hatch
 * ({@code spark.sql.streaming.realTimeMode.allowlistCheck}), which Arus does not have.
 */
public final class RealTimeModeRules {

    public static final String INVALID_INTERVAL = "INVALID_STREAMING_REAL_TIME_MODE_TRIGGER_INTERVAL";
    public static final String OUTPUT_MODE_NOT_SUPPORTED = "STREAMING_REAL_TIME_MODE.OUTPUT_MODE_NOT_SUPPORTED";
    public static final String SINK_NOT_SUPPORTED = "STREAMING_REAL_TIME_MODE.SINK_NOT_SUPPORTED";
    public static final String NOT_IN_ALLOWLIST = "STREAMING_REAL_TIME_MODE.OPERATOR_OR_SINK_NOT_IN_ALLOWLIST";
    public static final String INPUT_STREAM_NOT_SUPPORTED = "STREAMING_REAL_TIME_MODE.INPUT_STREAM_NOT_SUPPORTED";

    private static final Set<String> SOURCES = Set.of("kafka", "stream");
    private static final Set<String> SINKS = Set.of("console", "memory", "kafka", "stream");
    /** The sinks Spark writes through its first API (a {@code Sink}, not a {@code Table}), which real-time mode refuses. */
    private static final Set<String> FIRST_API_SINKS = Set.of("foreachBatch", "parquet", "json", "csv", "text",
            "orc");

    private RealTimeModeRules() {
    }

    public static void check(LogicalPlan plan, OutputMode mode, String sinkFormat, Trigger.RealTime trigger) {
        long intervalMs = trigger.checkpointInterval().toMillis();
        if (intervalMs < Trigger.REAL_TIME_MIN_BATCH_DURATION_MS) {
            throw new AnalysisException(INVALID_INTERVAL, "[" + INVALID_INTERVAL + "] The real-time trigger interval "
                    + "is set to " + intervalMs + " ms. This is less than the " + Trigger.REAL_TIME_MIN_BATCH_DURATION_MS
                    + " ms minimum specified by spark.sql.streaming.realTimeMode.minBatchDuration. SQLSTATE: 22023");
        }
        if (mode != OutputMode.UPDATE) {
            throw limitation(OUTPUT_MODE_NOT_SUPPORTED, "The output mode " + mode.sparkName() + " is not supported. "
                    + "To work around this limitation, set the output mode to Update. In the future, "
                    + mode.sparkName() + " may be supported.");
        }
        if (FIRST_API_SINKS.contains(sinkFormat)) {
            throw limitation(SINK_NOT_SUPPORTED, "The " + sinkFormat + " sink is currently not supported. See the "
                    + "Real-Time Mode User Guide for a list of supported sinks.");
        }
        if (!SINKS.contains(sinkFormat)) {
            throw notInAllowlist("sink", List.of(sinkFormat));
        }
        for (LogicalPlan.StreamSource source : plan.streamSources()) {
            if (!SOURCES.contains(source.format())) {
                throw limitation(INPUT_STREAM_NOT_SUPPORTED, "The input stream " + source.format()
                        + " is not supported in Real-time Mode.");
            }
        }
        Set<String> refused = new TreeSet<>();
        collectRefused(plan, refused);
        if (!refused.isEmpty()) {
            throw notInAllowlist("operator", new ArrayList<>(refused));
        }
    }

    /** The steps of {@code plan} that Spark's operator allowlist has no physical operator for. */
    private static void collectRefused(LogicalPlan plan, Set<String> refused) {
        String refusal = refusal(plan);
        if (refusal != null) {
            refused.add(refusal);
        }
        plan.inputs().forEach(input -> collectRefused(input, refused));
    }

    /**
     * What a step is called when Spark's allowlist has no physical operator for it; null for a
     * source, a projection, a filter, a union, an alias or a join with a static table.
     */
    private static String refusal(LogicalPlan step) {
        if (step instanceof LogicalPlan.Watermark) {
            return "withWatermark (EventTimeWatermarkExec)";
        }
        if (step instanceof LogicalPlan.Aggregate || step instanceof LogicalPlan.Distinct) {
            return "a streaming aggregation (StateStoreSaveExec)";
        }
        if (step instanceof LogicalPlan.Deduplicate) {
            return "dropDuplicates (StreamingDeduplicateExec)";
        }
        if (step instanceof LogicalPlan.StreamJoin) {
            return "a join of two streams (StreamingSymmetricHashJoinExec)";
        }
        if (step instanceof LogicalPlan.Sort) {
            return "orderBy (SortExec)";
        }
        if (step instanceof LogicalPlan.Limit) {
            return "limit (StreamingGlobalLimitExec)";
        }
        return null;
    }

    /** Spark's {@code notInRTMAllowlistException}: the names sorted, then "is" or "are". */
    private static AnalysisException notInAllowlist(String errorType, List<String> names) {
        String listed = String.join(", ", names) + (names.size() > 1 ? " are" : " is");
        return limitation(NOT_IN_ALLOWLIST, "The " + errorType + "(s): " + listed + " not in the " + errorType
                + " allowlist for Real-Time Mode. Arus runs only stateless queries in real-time mode, as Spark "
                + "4.2's allowlist does.");
    }

    private static AnalysisException limitation(String errorClass, String message) {
        return new AnalysisException(errorClass, "[" + errorClass + "] Streaming real-time mode has the following "
                + "limitation: " + message + " SQLSTATE: 0A000");
    }
}
