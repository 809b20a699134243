package dev.arus.server.ops;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.arus.server.ops.QueryConditions.QueryReport;
import dev.arus.server.query.QueryView;
import dev.arus.server.query.Timestamps;
import java.util.List;
import java.util.UUID;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.Selector;
import org.springframework.stereotype.Component;

/**
 * {@code /actuator/streamingqueries}: every query with its condition and status, and
 * {@code /actuator/streamingqueries/{name-or-id}}: one query as {@code GET /api/queries/{id}}
 * shows it (status, spec, last progress, exception), plus its {@code condition} and last batch
 * time. An unknown name or id answers 404.
 */
@Component
@Endpoint(id = "streamingqueries")
class StreamingQueriesEndpoint {

    private final QueryConditions conditions;

    StreamingQueriesEndpoint(QueryConditions conditions) {
        this.conditions = conditions;
    }

    @ReadOperation
    List<QuerySummary> queries() {
        return conditions.reports().stream().map(QuerySummary::of).toList();
    }

    @ReadOperation
    QueryDetails query(@Selector String nameOrId) {
        return conditions.report(nameOrId).map(QueryDetails::of).orElse(null);
    }

    /**
     * One line of the list: {@code status} is Spark's status message; {@code exception} and
     * {@code restart} are the query view's, for a failed or restarting query only.
     */
    record QuerySummary(UUID id, UUID runId, String name, QueryCondition condition, String status,
                        String lastBatchTime,
                        @JsonInclude(JsonInclude.Include.NON_NULL) QueryView.Failure exception,
                        @JsonInclude(JsonInclude.Include.NON_NULL) QueryView.PendingRestart restart) {

        static QuerySummary of(QueryReport report) {
            QueryView query = report.query();
            return new QuerySummary(query.id(), query.runId(), query.name(), report.condition(),
                    query.status().message(), Timestamps.format(report.lastBatchAt()), query.exception(),
                    query.restart());
        }
    }

    /** One query: its view's fields, then its condition and last batch time. */
    record QueryDetails(@JsonUnwrapped QueryView query, QueryCondition condition, String lastBatchTime) {

        static QueryDetails of(QueryReport report) {
            return new QueryDetails(report.query(), report.condition(), Timestamps.format(report.lastBatchAt()));
        }
    }
}
