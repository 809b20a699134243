package dev.arus.engine.plan;

import dev.arus.engine.streaming.AnalysisException;
import dev.arus.engine.streaming.OutputMode;
import java.util.Locale;

/**
 * Spark's rules for which output modes a streaming plan allows (its
 * {@code UnsupportedOperationChecker}), checked when a query starts, before anything runs.
 */
public final class OutputModeRules {

    private OutputModeRules() {
    }

    public static void check(Analysis analysis, OutputMode mode) {
        if (analysis.aggregates() && mode == OutputMode.APPEND && !analysis.aggregateHasWatermarkKey()) {
            throw unsupported(mode, "streaming aggregations without watermark");
        }
        if (!analysis.aggregates() && mode == OutputMode.COMPLETE) {
            throw unsupported(mode, "no streaming aggregations");
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
