package dev.arus.server.ops;

import dev.arus.engine.streaming.StreamingQueryProgress;
import dev.arus.server.query.QueryListener;
import dev.arus.server.query.QueryRegistry;
import dev.arus.server.query.QueryView;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.stereotype.Component;

/**
 * When each query last showed a sign of life, from the registry's events. A query's last
 * report is the start of its current run or the trigger time of its latest batch or idle report,
 * whichever is later; its last batch time survives restarts. Entries go when a query is deleted.
 * Thread-safe: events arrive on the query threads, reads come from health checks and scrapes.
 */
@Component
class QueryActivity implements QueryListener {

    private final Map<UUID, Activity> byId = new ConcurrentHashMap<>();

    QueryActivity(QueryRegistry registry) {
        registry.addListener(this);
    }

    /** What is known of the query with this lasting id, if it has started since the service did. */
    Optional<Activity> of(UUID id) {
        return Optional.ofNullable(byId.get(id));
    }

    @Override
    public void runStarted(QueryView query, Instant at) {
        byId.compute(query.id(), (id, previous) -> new Activity(query.runId(),
                previous == null ? null : previous.lastBatchAt(), at, null));
    }

    @Override
    public void progress(QueryView query, StreamingQueryProgress progress) {
        Instant triggeredAt = progress.timestamp();
        byId.computeIfPresent(query.id(), (id, previous) -> new Activity(previous.runId(), triggeredAt,
                later(previous.lastReportAt(), triggeredAt), previous.end()));
    }

    @Override
    public void idle(QueryView query, Instant at) {
        byId.computeIfPresent(query.id(), (id, previous) -> new Activity(previous.runId(), previous.lastBatchAt(),
                later(previous.lastReportAt(), at), previous.end()));
    }

    @Override
    public void runEnded(QueryView query) {
        byId.computeIfPresent(query.id(), (id, previous) -> Objects.equals(previous.runId(), query.runId())
                ? new Activity(previous.runId(), previous.lastBatchAt(), previous.lastReportAt(), endOf(query))
                : previous);
    }

    /** A restart was refused or cancelled: the query ended as it shows now. */
    @Override
    public void stateChanged(QueryView query) {
        byId.computeIfPresent(query.id(), (id, previous) -> previous.end() == null ? previous
                : new Activity(previous.runId(), previous.lastBatchAt(), previous.lastReportAt(), endOf(query)));
    }

    private static QueryCondition endOf(QueryView query) {
        return switch (query.state()) {
            case FAILED -> QueryCondition.FAILED;
            case RESTARTING -> QueryCondition.RESTARTING;
            case ACTIVE, STOPPED -> QueryCondition.STOPPED;
        };
    }

    @Override
    public void deleted(UUID id, String name) {
        byId.remove(id);
    }

    private static Instant later(Instant a, Instant b) {
        return a == null || b.isAfter(a) ? b : a;
    }

    /**
     * @param lastBatchAt  the trigger time of the latest batch of any run, {@code null} before the first
     * @param lastReportAt the current run's start or its latest batch or idle report
     * @param end          {@code STOPPED}, {@code FAILED} or {@code RESTARTING} once the current run has
     *                     ended, else {@code null}
     */
    record Activity(UUID runId, Instant lastBatchAt, Instant lastReportAt, QueryCondition end) {
    }
}
