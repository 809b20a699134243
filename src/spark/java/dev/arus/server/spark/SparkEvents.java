package dev.arus.server.spark;

import dev.arus.server.query.RunEvents;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.spark.sql.streaming.StreamingQueryListener;

/**
 * Spark's listener on one query's session, telling the registered query its runs' events in the
 * engine's terms. Spark calls {@link #onQueryStarted} on the run's thread before
 * {@code start()} returns, the others later on its listener bus. Events of a run that was not
 * expected (another query's) are ignored. Thread-safe.
 */
final class SparkEvents extends StreamingQueryListener {

    private final RunEvents events;
    private volatile SparkRun starting;
    private final Map<UUID, SparkRun> runs = new ConcurrentHashMap<>();

    SparkEvents(RunEvents events) {
        this.events = events;
    }

    /** The run about to start; before Spark's {@code start()}. */
    void expect(SparkRun run) {
        starting = run;
    }

    @Override
    public void onQueryStarted(QueryStartedEvent event) {
        SparkRun run = starting;
        if (run != null && run.id().equals(event.id())) {
            starting = null;
            run.started(event.runId());
            runs.put(event.runId(), run);
            events.runStarted(run, Instant.parse(event.timestamp()));
        }
    }

    @Override
    public void onQueryProgress(QueryProgressEvent event) {
        SparkRun run = runs.get(event.progress().runId());
        if (run != null) {
            events.progress(run.progress(event.progress()));
        }
    }

    @Override
    public void onQueryIdle(QueryIdleEvent event) {
        if (runs.containsKey(event.runId())) {
            events.idle(event.runId(), Instant.parse(event.timestamp()));
        }
    }

    @Override
    public void onQueryTerminated(QueryTerminatedEvent event) {
        SparkRun run = runs.remove(event.runId());
        if (run != null) {
            run.end();
            events.runEnded(event.runId());
        }
    }
}
