package dev.arus.server.ops;

import dev.arus.engine.api.ArusSession;
import dev.arus.engine.streaming.StreamingQueryListener;
import dev.arus.server.query.QueryRegistry;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.stereotype.Component;

/**
 * When each query last showed a sign of life, from the engine's listener events. A query's last
 * report is the start of its current run or the trigger time of its latest batch or idle report,
 * whichever is later; its last batch time survives restarts. Entries go when a query is deleted.
 * Thread-safe: events arrive on the query threads, reads come from health checks and scrapes.
 */
@Component
class QueryActivity implements StreamingQueryListener {

    private final Map<UUID, Activity> byId = new ConcurrentHashMap<>();

    QueryActivity(ArusSession session, QueryRegistry registry) {
        session.streams().addListener(this);
        registry.addDeletionListener((id, name) -> byId.remove(id));
    }

    /** What is known of the query with this lasting id, if it has started since the service did. */
    Optional<Activity> of(UUID id) {
        return Optional.ofNullable(byId.get(id));
    }

    @Override
    public void onQueryStarted(QueryStartedEvent event) {
        byId.compute(event.id(), (id, previous) -> new Activity(event.runId(), event.timestamp(),
                previous == null ? null : previous.lastBatchAt(), event.timestamp(), null));
    }

    @Override
    public void onQueryProgress(QueryProgressEvent event) {
        Instant triggeredAt = event.progress().timestamp();
        byId.computeIfPresent(event.progress().id(), (id, previous) -> new Activity(previous.runId(),
                previous.startedAt(), triggeredAt, later(previous.lastReportAt(), triggeredAt), previous.end()));
    }

    @Override
    public void onQueryIdle(QueryIdleEvent event) {
        byId.computeIfPresent(event.id(), (id, previous) -> new Activity(previous.runId(), previous.startedAt(),
                previous.lastBatchAt(), later(previous.lastReportAt(), event.timestamp()), previous.end()));
    }

    @Override
    public void onQueryTerminated(QueryTerminatedEvent event) {
        QueryCondition end = event.exception() == null ? QueryCondition.STOPPED : QueryCondition.FAILED;
        byId.computeIfPresent(event.id(), (id, previous) -> previous.runId().equals(event.runId())
                ? new Activity(previous.runId(), previous.startedAt(), previous.lastBatchAt(),
                        previous.lastReportAt(), end)
                : previous);
    }

    private static Instant later(Instant a, Instant b) {
        return a == null || b.isAfter(a) ? b : a;
    }

    /**
     * @param lastBatchAt  the trigger time of the latest batch of any run, {@code null} before the first
     * @param lastReportAt the current run's start or its latest batch or idle report
     * @param end          {@code STOPPED} or {@code FAILED} once the current run has ended, else {@code null}
     */
    record Activity(UUID runId, Instant startedAt, Instant lastBatchAt, Instant lastReportAt, QueryCondition end) {
    }
}
