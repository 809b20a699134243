package dev.arus.server.ops;

import dev.arus.engine.api.ArusSession;
import dev.arus.engine.streaming.StreamingQueryListener;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.spi.LoggingEventBuilder;
import org.springframework.stereotype.Component;

/**
 * Logs one line when a query's run starts, stops or fails, with its name, id and run id, also as
 * key-value pairs ({@code query}, {@code queryId}, {@code runId}) that structured JSON logs carry
 * as fields. A failure is logged at ERROR with the engine's message.
 */
@Component
class QueryLifecycleLog implements StreamingQueryListener {

    private static final Logger log = LoggerFactory.getLogger(QueryLifecycleLog.class);

    // The terminated event carries no name; the started event's is kept until then.
    private final Map<UUID, String> namesByRun = new ConcurrentHashMap<>();

    QueryLifecycleLog(ArusSession session) {
        session.streams().addListener(this);
    }

    @Override
    public void onQueryStarted(QueryStartedEvent event) {
        String name = event.name() == null ? "(unnamed)" : event.name();
        namesByRun.put(event.runId(), name);
        with(log.atInfo(), name, event.id(), event.runId())
                .log("Query {} started (id {}, run {})", name, event.id(), event.runId());
    }

    @Override
    public void onQueryTerminated(QueryTerminatedEvent event) {
        String name = namesByRun.remove(event.runId());
        if (name == null) {
            name = "(unnamed)";
        }
        if (event.exception() == null) {
            with(log.atInfo(), name, event.id(), event.runId())
                    .log("Query {} stopped (id {}, run {})", name, event.id(), event.runId());
        } else {
            with(log.atError(), name, event.id(), event.runId())
                    .log("Query {} failed (id {}, run {}): {}", name, event.id(), event.runId(), event.exception());
        }
    }

    private static LoggingEventBuilder with(LoggingEventBuilder event, String name, UUID id, UUID runId) {
        return event.addKeyValue("query", name).addKeyValue("queryId", id).addKeyValue("runId", runId);
    }
}
