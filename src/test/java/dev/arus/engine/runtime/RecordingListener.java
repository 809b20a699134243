package dev.arus.engine.runtime;

import dev.arus.engine.streaming.StreamingQueryListener;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Writes down every event it hears, one line each: {@code started}, {@code progress 3}, {@code idle <ts>}, ... */
final class RecordingListener implements StreamingQueryListener {

    final List<String> events = new CopyOnWriteArrayList<>();
    final List<QueryTerminatedEvent> terminations = new CopyOnWriteArrayList<>();

    @Override
    public void onQueryStarted(QueryStartedEvent event) {
        events.add("started");
    }

    @Override
    public void onQueryProgress(QueryProgressEvent event) {
        events.add("progress " + event.progress().batchId());
    }

    @Override
    public void onQueryIdle(QueryIdleEvent event) {
        events.add("idle " + event.timestamp().toEpochMilli());
    }

    @Override
    public void onQueryTerminated(QueryTerminatedEvent event) {
        terminations.add(event);
        events.add("terminated");
    }
}
