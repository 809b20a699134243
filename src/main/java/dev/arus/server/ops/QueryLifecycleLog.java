package dev.arus.server.ops;

import dev.arus.server.PrintableText;
import dev.arus.server.query.QueryListener;
import dev.arus.server.query.QueryRegistry;
import dev.arus.server.query.QueryView;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.spi.LoggingEventBuilder;
import org.springframework.stereotype.Component;

/**
 * Logs one line when a query's run starts, stops or fails (and when it restarts, its next attempt),
 * or a restart attempt is refused, with its name, id and run id, also as
 * key-value pairs ({@code query}, {@code queryId}, {@code runId}) that structured JSON logs carry
 * as fields. A failure is logged at ERROR with the failure's message, and its engine error class
 * as the key-value pair {@code errorClass}. The message is escaped to {@link PrintableText}, since
 * it may quote a user's value, newlines and all; names are printable already, as every spec's is.
 */
@Component
class QueryLifecycleLog implements QueryListener {

    private static final Logger log = LoggerFactory.getLogger(QueryLifecycleLog.class);

    QueryLifecycleLog(QueryRegistry registry) {
        registry.addListener(this);
    }

    @Override
    public void runStarted(QueryView query, Instant at) {
        with(log.atInfo(), query).log("Query {} started (id {}, run {})", query.name(), query.id(), query.runId());
    }

    @Override
    public void runEnded(QueryView query) {
        if (query.exception() == null) {
            with(log.atInfo(), query).log("Query {} stopped (id {}, run {})", query.name(), query.id(), query.runId());
        } else {
            failed(query);
        }
    }

    /** A restart attempt the engine refused: the query failed again, and restarts again or stays failed. */
    @Override
    public void stateChanged(QueryView query) {
        if (query.runId() == null && query.exception() != null) {
            failed(query);
        }
    }

    private static void failed(QueryView query) {
        LoggingEventBuilder event = with(log.atError(), query)
                .addKeyValue("errorClass", query.exception().errorClass());
        String message = PrintableText.escape(query.exception().message());
        if (query.restart() == null) {
            event.log("Query {} failed (id {}, run {}): {}", query.name(), query.id(), query.runId(), message);
        } else {
            QueryView.PendingRestart restart = query.restart();
            event.addKeyValue("nextAttemptAt", restart.nextAttemptAt())
                    .log("Query {} failed (id {}, run {}); restart {} of {} ({}) at {}: {}",
                            query.name(), query.id(), query.runId(), restart.attempt(), restart.maxAttempts(),
                            restart.strategy(), restart.nextAttemptAt(), message);
        }
    }

    private static LoggingEventBuilder with(LoggingEventBuilder event, QueryView query) {
        return event.addKeyValue("query", query.name()).addKeyValue("queryId", query.id())
                .addKeyValue("runId", query.runId());
    }
}
