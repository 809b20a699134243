package dev.arus.server.ops;

import dev.arus.server.live.Timestamps;
import dev.arus.server.ops.QueryConditions.QueryReport;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.Selector;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

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
    private final JsonMapper json;

    StreamingQueriesEndpoint(QueryConditions conditions, JsonMapper json) {
        this.conditions = conditions;
        this.json = json;
    }

    @ReadOperation
    List<QuerySummary> queries() {
        return conditions.reports().stream().map(QuerySummary::of).toList();
    }

    @ReadOperation
    Map<String, Object> query(@Selector String nameOrId) {
        return conditions.report(nameOrId).map(this::details).orElse(null);
    }

    private Map<String, Object> details(QueryReport report) {
        @SuppressWarnings("unchecked")
        Map<String, Object> view = json.convertValue(report.handle().view(), LinkedHashMap.class);
        view.put("condition", report.condition().name());
        view.put("lastBatchTime", Timestamps.format(report.lastBatchAt()));
        return view;
    }

    /** One line of the list: {@code status} is Spark's status message. */
    record QuerySummary(String id, String runId, String name, QueryCondition condition, String status,
                        String lastBatchTime) {

        static QuerySummary of(QueryReport report) {
            var run = report.handle().run();
            return new QuerySummary(report.handle().id().toString(), Objects.toString(run.runId(), null),
                    report.handle().name(), report.condition(), run.status().message(),
                    Timestamps.format(report.lastBatchAt()));
        }
    }
}
