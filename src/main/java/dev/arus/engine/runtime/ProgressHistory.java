package dev.arus.engine.runtime;

import dev.arus.engine.streaming.ProgressRing;
import dev.arus.engine.streaming.QueryIdentity;
import dev.arus.engine.streaming.RecentRowCounts;
import dev.arus.engine.streaming.RowCountRing;
import dev.arus.engine.streaming.StreamingQueryProgress.SinkProgress;
import dev.arus.engine.streaming.StreamingQueryProgress.SourceProgress;
import dev.arus.engine.streaming.StreamingQueryProgress.StateOperatorProgress;
import dev.arus.engine.streaming.StreamingQueryProgress;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * A run's most recent progress reports, oldest first and bounded, with Spark's rule for
 * reporting idleness ({@code ProgressReporter.updateIdleness}): a trigger that runs no batch adds
 * an idle report only once {@link #IDLE_REPORT_INTERVAL_MS} passed since the last batch or idle
 * report, and the first idle report of a run raises no event. Kept compactly ({@link ProgressRing}),
 * their row counts beside them for rates ({@link RowCountRing}).
 * Written by the query's thread; read from any.
 */
final class ProgressHistory {

    /**
     * Spark's {@code spark.sql.streaming.noDataProgressEventInterval}: the least time without an
     * executed batch between two idle reports.
     */
    static final long IDLE_REPORT_INTERVAL_MS = 10_000;

    private final QueryIdentity identity;
    private final ProgressRing reports;
    private final RowCountRing rowCounts;
    private StreamingQueryProgress lastExecuted;
    private long lastReportMs = Long.MIN_VALUE;

    ProgressHistory(QueryIdentity identity, int capacity) {
        this.identity = identity;
        this.reports = new ProgressRing(capacity);
        this.rowCounts = new RowCountRing(capacity);
    }

    void addBatch(StreamingQueryProgress progress, long nowMs) {
        lastExecuted = progress;
        lastReportMs = nowMs;
        add(progress);
    }

    /**
     * Records a trigger that ran no batch; returns whether listeners should now hear an idle event.
     */
    boolean addIdleTrigger(long triggerStartMs, long nowMs, long executionMs) {
        if (nowMs - IDLE_REPORT_INTERVAL_MS < lastReportMs) {
            return false;
        }
        if (lastExecuted != null) {
            add(idleProgress(triggerStartMs, executionMs));
        }
        boolean raiseEvent = lastReportMs != Long.MIN_VALUE;
        lastReportMs = nowMs;
        return raiseEvent;
    }

    StreamingQueryProgress last() {
        return reports.last();
    }

    List<StreamingQueryProgress> recent() {
        return reports.recent();
    }

    RecentRowCounts recentRowCounts() {
        return rowCounts.recent();
    }

    private void add(StreamingQueryProgress progress) {
        reports.add(progress);
        rowCounts.add(progress);
    }

    /**
     * Spark's progress for a trigger that ran no batch: the next batch id, no input, and the last
     * batch's state figures with nothing updated or dropped.
     */
    private StreamingQueryProgress idleProgress(long triggerStartMs, long executionMs) {
        StreamingQueryProgress last = lastExecuted;
        List<StateOperatorProgress> state = last.stateOperators().stream()
                .map(s -> new StateOperatorProgress(s.operatorName(), s.numRowsTotal(), 0, 0, s.numRowsRemoved(), 0,
                        0, s.memoryUsedBytes(), 0, s.numShufflePartitions(), s.numStateStoreInstances(),
                        s.customMetrics()))
                .toList();
        List<SourceProgress> sources = last.sources().stream()
                .map(s -> new SourceProgress(s.description(), s.endOffset(), s.endOffset(), s.latestOffset(), 0, 0.0,
                        0.0))
                .toList();
        Map<String, String> eventTime = last.eventTime().containsKey("watermark")
                ? Map.of("watermark", last.eventTime().get("watermark")) : Map.of();
        return new StreamingQueryProgress(identity.id(), identity.runId(), identity.name(),
                Instant.ofEpochMilli(triggerStartMs), last.batchId() + 1, executionMs,
                Map.of("latestOffset", executionMs, "triggerExecution", executionMs), eventTime, state, sources,
                new SinkProgress(last.sink().description(), 0));
    }
}
