package dev.arus.server.query;

import dev.arus.engine.streaming.StreamingQueryProgress;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The registry's listeners as one: hands each event to every listener, in the order they were
 * added. A listener that throws is logged and the next one still hears the event, as on the
 * engine's listener bus, so that a fault in one feature never costs another its events or the
 * query its run. Thread-safe.
 */
final class QueryListeners implements QueryListener {

    private static final Logger log = LoggerFactory.getLogger(QueryListeners.class);

    private final List<QueryListener> listeners = new CopyOnWriteArrayList<>();

    void add(QueryListener listener) {
        listeners.add(listener);
    }

    @Override
    public void runStarted(QueryView query, Instant at) {
        each("runStarted", listener -> listener.runStarted(query, at));
    }

    @Override
    public void batch(UUID id, RecentBatch output) {
        each("batch", listener -> listener.batch(id, output));
    }

    @Override
    public void progress(QueryView query, StreamingQueryProgress progress) {
        each("progress", listener -> listener.progress(query, progress));
    }

    @Override
    public void idle(QueryView query, Instant at) {
        each("idle", listener -> listener.idle(query, at));
    }

    @Override
    public void runEnded(QueryView query) {
        each("runEnded", listener -> listener.runEnded(query));
    }

    @Override
    public void compared(UUID id, EngineComparison.Summary comparison) {
        each("compared", listener -> listener.compared(id, comparison));
    }

    @Override
    public void stateChanged(QueryView query) {
        each("stateChanged", listener -> listener.stateChanged(query));
    }

    @Override
    public void restored(QueryView query) {
        each("restored", listener -> listener.restored(query));
    }

    @Override
    public void deleted(UUID id, String name) {
        each("deleted", listener -> listener.deleted(id, name));
    }

    private void each(String event, Consumer<QueryListener> call) {
        for (QueryListener listener : listeners) {
            try {
                call.accept(listener);
            } catch (RuntimeException failed) {
                log.warn("Query listener {} failed on {}", listener.getClass().getName(), event, failed);
            }
        }
    }
}
