package dev.arus.server.query;

import dev.arus.engine.api.StreamingQueryManager;
import dev.arus.engine.streaming.StreamingQueryListener;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The registry's one subscription to the session's query events: each event of a heard query
 * goes to that query, which tells the registry's listeners. A query is heard from before its
 * first start until it is deleted (or its creation is rolled back); events of other queries,
 * started straight on the session, are ignored. Runs on the engine's threads and only looks a
 * query up. Thread-safe.
 */
final class EngineEvents implements StreamingQueryListener {

    private final StreamingQueryManager streams;
    private final Map<UUID, RegisteredQuery> heard = new ConcurrentHashMap<>();

    EngineEvents(StreamingQueryManager streams) {
        this.streams = streams;
        streams.addListener(this);
    }

    /** Passes the events of {@code query}'s runs to it from now on; before it starts. */
    void hear(RegisteredQuery query) {
        heard.put(query.id(), query);
    }

    /** Ignores the events of query {@code id} from now on; once its run has ended. */
    void ignore(UUID id) {
        heard.remove(id);
    }

    @Override
    public void onQueryStarted(QueryStartedEvent event) {
        RegisteredQuery query = heard.get(event.id());
        if (query != null) {
            // The started event comes inside start(), before it returns the run: the session has it already.
            streams.get(event.id()).filter(run -> run.runId().equals(event.runId()))
                    .ifPresent(run -> query.runStarted(run, event.timestamp()));
        }
    }

    @Override
    public void onQueryProgress(QueryProgressEvent event) {
        RegisteredQuery query = heard.get(event.progress().id());
        if (query != null) {
            query.progress(event.progress());
        }
    }

    @Override
    public void onQueryIdle(QueryIdleEvent event) {
        RegisteredQuery query = heard.get(event.id());
        if (query != null) {
            query.idle(event.runId(), event.timestamp());
        }
    }

    @Override
    public void onQueryTerminated(QueryTerminatedEvent event) {
        RegisteredQuery query = heard.get(event.id());
        if (query != null) {
            query.runEnded(event.runId());
        }
    }
}
