package dev.arus.server.live;

import dev.arus.engine.streaming.StreamingQueryProgress;
import dev.arus.server.ArusProperties;
import dev.arus.server.ShownPaths;
import dev.arus.server.query.EngineComparison;
import dev.arus.server.query.QueryListener;
import dev.arus.server.query.QueryRegistry;
import dev.arus.server.query.QueryView;
import dev.arus.server.query.RecentBatch;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.annotation.PreDestroy;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * The live feeds of the registry's queries, by query id: a query's topic opens at its first
 * event (a run's start, which comes before the run's first batch, or its restoration without
 * a run) and closes when it is deleted. Hears the registry's events and passes each to its
 * query's topic; it only looks a topic up, enqueues, and starts asynchronous sends, so the
 * engine's threads never wait for a client. Owns the sender threads and the deadline timer
 * every session shares. Thread-safe.
 */
@Component
class LiveHub implements QueryListener {

    private final Map<UUID, QueryTopic> topics = new ConcurrentHashMap<>();
    private final ExecutorService senders;
    private final ScheduledThreadPoolExecutor deadlines;
    private final SenderPool pool;
    private final int snapshotBatches;
    private final int snapshotProgress;
    private final ShownPaths shownPaths;

    LiveHub(QueryRegistry registry, ArusProperties properties, JsonMapper json, MeterRegistry meters,
            ShownPaths shownPaths) {
        ArusProperties.Live live = properties.live();
        this.snapshotBatches = live.snapshotBatches();
        this.snapshotProgress = live.snapshotProgress();
        this.shownPaths = shownPaths;
        this.senders = Executors.newFixedThreadPool(live.senderThreads(), daemonThreads("arus-live-sender-"));
        this.deadlines = new ScheduledThreadPoolExecutor(1, daemonThreads("arus-live-deadlines-"));
        deadlines.setRemoveOnCancelPolicy(true);
        this.pool = new SenderPool(senders, deadlines, live.sessionQueue(), live.sendTimeout(), new LiveMessageWriter(json),
                Counter.builder("arus.live.messages.dropped")
                        .description("Live messages dropped because a client read too slowly").register(meters),
                Counter.builder("arus.live.sessions.closed.slow")
                        .description("Live sessions closed because a message took too long to send").register(meters));
        Gauge.builder("arus.live.sessions", topics, open -> open.values().stream().mapToInt(QueryTopic::sessionCount).sum())
                .description("Open live WebSocket sessions").register(meters);
        registry.addListener(this);
    }

    Optional<QueryTopic> find(UUID id) {
        return Optional.ofNullable(topics.get(id));
    }

    @Override
    public void runStarted(QueryView query, Instant at) {
        topic(query.id()).stateChanged(query);
    }

    @Override
    public void restored(QueryView query) {
        topic(query.id()).stateChanged(query);
    }

    @Override
    public void stateChanged(QueryView query) {
        find(query.id()).ifPresent(topic -> topic.stateChanged(query));
    }

    @Override
    public void batch(UUID id, RecentBatch output) {
        find(id).ifPresent(topic -> topic.publishBatch(output));
    }

    @Override
    public void progress(QueryView query, StreamingQueryProgress progress) {
        find(query.id()).ifPresent(topic -> topic.publishProgress(query, progress));
    }

    @Override
    public void compared(UUID id, EngineComparison.Summary comparison) {
        find(id).ifPresent(topic -> topic.publishComparison(comparison));
    }

    @Override
    public void idle(QueryView query, Instant at) {
        find(query.id()).ifPresent(topic -> topic.idle(query));
    }

    @Override
    public void runEnded(QueryView query) {
        find(query.id()).ifPresent(topic -> topic.runEnded(query));
    }

    /** Tells the query's sessions that it is deleted and closes them. */
    @Override
    public void deleted(UUID id, String name) {
        QueryTopic topic = topics.remove(id);
        if (topic != null) {
            topic.close();
        }
    }

    private QueryTopic topic(UUID id) {
        return topics.computeIfAbsent(id, key -> new QueryTopic(key, snapshotBatches, snapshotProgress, pool, shownPaths));
    }

    @PreDestroy
    void stopSenders() {
        senders.shutdown();
        deadlines.shutdownNow();
    }

    private static ThreadFactory daemonThreads(String prefix) {
        AtomicInteger count = new AtomicInteger();
        return task -> {
            Thread thread = new Thread(task, prefix + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }
}
