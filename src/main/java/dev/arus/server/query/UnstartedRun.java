package dev.arus.server.query;

import dev.arus.engine.streaming.RecentRowCounts;
import dev.arus.engine.streaming.StreamingQuery;
import dev.arus.engine.streaming.StreamingQueryException;
import dev.arus.engine.streaming.StreamingQueryProgress;
import dev.arus.engine.streaming.StreamingQueryStatus;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * The run of a restored query that has not run since the service started: stopped, or failed
 * to start (its checkpoint was damaged or another query's). It has no run id and no progress;
 * it stands in for a run so that every reader of a query sees one.
 *
 * @param failure why the start failed, or {@code null} for a query restored as stopped
 */
record UnstartedRun(UUID id, String name, StreamingQueryException failure) implements StreamingQuery {

    private static final StreamingQueryStatus STOPPED = new StreamingQueryStatus("Stopped", false, false);

    /** A failed start of query {@code id}: the engine's exception is the failure's cause. */
    static UnstartedRun failed(UUID id, String name, Throwable cause) {
        return new UnstartedRun(id, name, new StreamingQueryException(
                "Query " + name + " could not start: " + cause.getMessage(), cause, id, null));
    }

    @Override
    public UUID runId() {
        return null;
    }

    @Override
    public boolean isActive() {
        return false;
    }

    @Override
    public StreamingQueryStatus status() {
        return STOPPED;
    }

    @Override
    public StreamingQueryProgress lastProgress() {
        return null;
    }

    @Override
    public List<StreamingQueryProgress> recentProgress() {
        return List.of();
    }

    @Override
    public RecentRowCounts recentRowCounts() {
        return RecentRowCounts.NONE;
    }

    @Override
    public Optional<StreamingQueryException> exception() {
        return Optional.ofNullable(failure);
    }

    @Override
    public void awaitTermination() {
        if (failure != null) {
            throw failure;
        }
    }

    @Override
    public boolean awaitTermination(Duration timeout) {
        awaitTermination();
        return true;
    }

    @Override
    public void stop() {
    }
}
