package dev.arus.engine.plan;

import dev.arus.engine.streaming.AnalysisException;
import dev.arus.engine.streaming.OutputMode;
import java.util.Locale;

/**
 * Spark's rules for which output modes a streaming plan allows (its
 * {@code UnsupportedOperationChecker}), checked when a query starts, before anything runs: those
 * on the plan as a whole here, a step's own where it resolves ({@link Analysis.ModeRule}).
 */
public final class OutputModeRules {

    private OutputModeRules() {
    }

    public static void check(Analysis analysis, OutputMode mode) {
        if (analysis.aggregates() && mode == OutputMode.APPEND && !analysis.aggregationsHaveWatermarkKeys()) {
            throw unsupported(mode, "streaming aggregations without watermark");
        }
        if (analysis.sessionWindowed() && mode == OutputMode.UPDATE) {
            // Spark 4's UnsupportedOperationChecker; it looks at the last aggregation only.
            throw unsupported(mode, "session window");
        }
        if (!analysis.aggregates() && mode == OutputMode.COMPLETE) {
            throw unsupported(mode, "no streaming aggregations");
        }
        analysis.modeRules().forEach(rule -> rule.check(mode));
        if (analysis.streamJoins() > 0 && mode != OutputMode.APPEND) {
            throw new AnalysisException(AnalysisException.UNSUPPORTED_STREAMING_OPERATION, "Join between two streaming "
                    + "DataFrames/Datasets is not supported in " + (mode == OutputMode.UPDATE ? "Update" : "Complete")
                    + " output mode, only in Append output mode");
        }
        if (analysis.statefulAfterAggregation() && mode != OutputMode.APPEND) {
            // Spark's checkStreamingQueryGlobalWatermarkLimit, word for word.
            throw new AnalysisException(AnalysisException.UNSUPPORTED_STREAMING_OPERATION, "Detected pattern of possible 'correctness'"
                    + " issue due to global watermark. The query contains stateful operation which can emit rows"
                    + " older than the current watermark plus allowed late record delay, which are \"late rows\" in"
                    + " downstream stateful operations and these rows can be discarded. Please refer the programming"
                    + " guide doc for more details. If you understand the possible risk of correctness issue and"
                    + " still need to run the query, you can disable this check by setting the config"
                    + " `spark.sql.streaming.statefulOperator.checkCorrectness.enabled` to false.");
        }
    }

    /** Spark 4's {@code STREAMING_OUTPUT_MODE.UNSUPPORTED_OPERATION} error, word for word. */
    private static AnalysisException unsupported(OutputMode mode, String operation) {
        return new AnalysisException("STREAMING_OUTPUT_MODE.UNSUPPORTED_OPERATION",
                "[STREAMING_OUTPUT_MODE.UNSUPPORTED_OPERATION] Invalid streaming output mode: "
                + mode.name().toLowerCase(Locale.ROOT) + ". This output mode is not supported for "
                + operation + " on streaming DataFrames/DataSets. SQLSTATE: 42KDE");
    }
}
