package dev.arus.server.live;

import dev.arus.engine.api.ArusSession;
import dev.arus.engine.streaming.StreamingQuery;
import dev.arus.engine.streaming.StreamingQueryListener;
import dev.arus.engine.streaming.StreamingQueryProgress;
import dev.arus.server.ArusProperties;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.annotation.PreDestroy;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * The live feeds of the registry's queries, by query id: a topic is open from just before a
 * query's first start until it is deleted. Hears the engine's events for every query and passes
 * them to the query's topic; events of queries without a topic are ignored. Owns the sender
 * threads every session shares. Thread-safe.
 */
@Component
public class LiveHub {

    private final Map<UUID, QueryTopic> topics = new ConcurrentHashMap<>();
    private final ExecutorService senders;
    private final SenderPool pool;
    private final ArusSession session;

    LiveHub(ArusSession session, ArusProperties properties, JsonMapper json, MeterRegistry meters) {
        ArusProperties.Live live = properties.live();
        this.session = session;
        this.senders = Executors.newFixedThreadPool(live.senderThreads(), senderThreads());
        this.pool = new SenderPool(senders, live.sessionQueue(), live.sendTimeout(), new LiveMessageWriter(json),
                Counter.builder("arus.live.messages.dropped")
                        .description("Live messages dropped because a client read too slowly").register(meters),
                Counter.builder("arus.live.sessions.closed.slow")
                        .description("Live sessions closed because a message took too long to send").register(meters));
        Gauge.builder("arus.live.sessions", topics, open -> open.values().stream().mapToInt(QueryTopic::sessionCount).sum())
                .description("Open live WebSocket sessions").register(meters);
        session.streams().addListener(new TopicDispatcher());
    }

    /**
     * Opens the topic of query {@code id}, before its first run starts so that no event of that
     * run is missed.
     *
     * @param queryView    the query of a given run as {@code GET /api/queries/{id}} shows it
     * @param progressView a progress report as {@code GET /api/queries/{id}/progress} shows it
     */
    public QueryTopic open(UUID id, RecentBatches recentBatches, Function<StreamingQuery, ?> queryView,
                           Function<StreamingQueryProgress, ?> progressView) {
        QueryTopic topic = new QueryTopic(id, recentBatches, queryView, progressView, pool);
        topics.put(id, topic);
        return topic;
    }

    /** Tells the sessions of query {@code id} that it is deleted and closes them; nothing when there is no topic. */
    public void close(UUID id) {
        QueryTopic topic = topics.remove(id);
        if (topic != null) {
            topic.close();
        }
    }

    Optional<QueryTopic> find(UUID id) {
        return Optional.ofNullable(topics.get(id));
    }

    @PreDestroy
    void stopSenders() {
        senders.shutdown();
    }

    private static ThreadFactory senderThreads() {
        AtomicInteger count = new AtomicInteger();
        return task -> {
            Thread thread = new Thread(task, "arus-live-sender-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }

    /** Runs on the engine's threads: only looks up a topic and enqueues. */
    private final class TopicDispatcher implements StreamingQueryListener {

        @Override
        public void onQueryStarted(QueryStartedEvent event) {
            // The started event comes before the run's first trigger, so its status precedes its batches.
            find(event.id()).ifPresent(topic -> session.streams().get(event.id()).ifPresent(topic::runStarted));
        }

        @Override
        public void onQueryProgress(QueryProgressEvent event) {
            find(event.progress().id()).ifPresent(topic -> topic.publishProgress(event.progress()));
        }

        @Override
        public void onQueryTerminated(QueryTerminatedEvent event) {
            find(event.id()).ifPresent(topic -> topic.runEnded(event.runId()));
        }
    }
}
