package dev.arus.server.ops;

import dev.arus.engine.time.Clock;
import dev.arus.server.ArusProperties;
import dev.arus.server.query.QueryRegistry;
import dev.arus.server.query.QueryRegistry.QueryHandle;
import dev.arus.server.query.QueryView;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.stereotype.Component;

/**
 * Judges each registered query's {@link QueryCondition}. A query is stalled when it is active
 * and its last report is older than {@code arus.health.stall-factor} times its allowance: its
 * trigger interval, but at least the engine's idle-report interval (10 s), because a query that
 * finds no new data reports only that often. Time is the engine's clock, so tests can move it.
 */
@Component
class QueryConditions {

    /** The engine reports a query that runs no batch once per this interval (Spark's noDataProgressEventInterval). */
    static final Duration IDLE_REPORT_INTERVAL = Duration.ofSeconds(10);

    private final QueryRegistry registry;
    private final QueryActivity activity;
    private final Clock clock;
    private final double stallFactor;

    QueryConditions(QueryRegistry registry, QueryActivity activity, Clock clock, ArusProperties properties) {
        this.registry = registry;
        this.activity = activity;
        this.clock = clock;
        this.stallFactor = properties.health().stallFactor();
    }

    /** Every registered query, in creation order. */
    List<QueryReport> reports() {
        return registry.handles().stream().map(this::report).toList();
    }

    /** The query with this name, or else this id. */
    Optional<QueryReport> report(String nameOrId) {
        List<QueryHandle> handles = registry.handles();
        return handles.stream().filter(h -> h.name().equals(nameOrId)).findFirst()
                .or(() -> handles.stream().filter(h -> h.id().toString().equalsIgnoreCase(nameOrId)).findFirst())
                .map(this::report);
    }

    /**
     * The condition of the query with this lasting id: judged in full while it is registered,
     * otherwise (while it is being deleted) from its events alone, without stalls.
     */
    QueryCondition condition(UUID id) {
        return registry.handle(id).map(h -> report(h).condition())
                .orElseGet(() -> activity.of(id).map(a -> a.end() != null ? a.end() : QueryCondition.ACTIVE)
                        .orElse(QueryCondition.STOPPED));
    }

    private QueryReport report(QueryHandle handle) {
        QueryView query = handle.view();
        Optional<QueryActivity.Activity> seen = activity.of(handle.id());
        Duration allowance = allowance(handle.triggerInterval());
        Instant now = Instant.ofEpochMilli(clock.millis());
        QueryCondition condition = switch (query.state()) {
            case FAILED -> QueryCondition.FAILED;
            case RESTARTING -> QueryCondition.RESTARTING;
            case STOPPED -> QueryCondition.STOPPED;
            case ACTIVE -> seen.isPresent() && seen.get().lastReportAt().plus(allowance).isBefore(now)
                    ? QueryCondition.STALLED : QueryCondition.ACTIVE;
        };
        return new QueryReport(query, condition, seen.map(QueryActivity.Activity::lastBatchAt).orElse(null),
                seen.map(QueryActivity.Activity::lastReportAt).orElse(null), allowance);
    }

    private Duration allowance(Duration triggerInterval) {
        Duration base = triggerInterval.compareTo(IDLE_REPORT_INTERVAL) > 0 ? triggerInterval : IDLE_REPORT_INTERVAL;
        return Duration.ofMillis((long) Math.ceil(base.toMillis() * stallFactor));
    }

    /**
     * @param query        the query as the API shows it
     * @param lastBatchAt  trigger time of the latest batch, {@code null} before the first
     * @param lastReportAt the latest sign of life, {@code null} if none since the service started
     * @param allowance    how long the query may stay silent before it counts as stalled
     */
    record QueryReport(QueryView query, QueryCondition condition, Instant lastBatchAt, Instant lastReportAt,
                       Duration allowance) {
    }
}
