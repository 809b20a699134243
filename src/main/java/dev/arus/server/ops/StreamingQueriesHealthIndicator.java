package dev.arus.server.ops;

import dev.arus.server.ops.QueryConditions.QueryReport;
import dev.arus.server.query.QueryView;
import dev.arus.server.query.Timestamps;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.stereotype.Component;

/**
 * The {@code streamingQueries} health component: per query (by name) its id, {@link QueryCondition}
 * as {@code status} and last batch time, and for a failed or restarting one its failure and
 * pending restart. A stopped or failed query is the user's business and a restarting one is
 * being mended by the service, so they leave the component {@code UP} (the restarts metric and
 * its alert tell of a query that keeps failing); a stalled one means the service is not keeping
 * up (a hung sink, a saturated trigger pool) and makes it {@link #DEGRADED}, which ranks between
 * {@code OUT_OF_SERVICE} and {@code UP} in {@code management.endpoint.health.status.order} and
 * still answers HTTP 200, so it shows without a container restart.
 */
@Component
class StreamingQueriesHealthIndicator implements HealthIndicator {

    static final Status DEGRADED = new Status("DEGRADED", "At least one active query is stalled");

    private final QueryConditions conditions;

    StreamingQueriesHealthIndicator(QueryConditions conditions) {
        this.conditions = conditions;
    }

    @Override
    public Health health() {
        List<QueryReport> reports = conditions.reports();
        Map<String, Object> queries = new LinkedHashMap<>();
        long stalled = 0;
        for (QueryReport report : reports) {
            Map<String, Object> detail = new LinkedHashMap<>();
            detail.put("id", report.query().id().toString());
            detail.put("status", report.condition().name());
            detail.put("lastBatchTime", Timestamps.format(report.lastBatchAt()));
            if (report.condition() == QueryCondition.STALLED) {
                stalled++;
                detail.put("silentSince", Timestamps.format(report.lastReportAt()));
                detail.put("allowedSilenceSeconds", report.allowance().toMillis() / 1000.0);
            }
            if (report.query().exception() != null) {
                QueryView.Failure failure = report.query().exception();
                detail.put("exception", failure.className() + ": " + failure.message());
                detail.put("errorClass", failure.errorClass());
            }
            if (report.query().restart() != null) {
                detail.put("restart", report.query().restart());
            }
            queries.put(report.query().name(), detail);
        }
        Health.Builder health = stalled > 0 ? Health.status(DEGRADED) : Health.up();
        return health.withDetail("queries", queries).build();
    }
}
