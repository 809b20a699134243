package dev.arus.server.live;

import dev.arus.engine.streaming.ResultBatch;
import dev.arus.engine.streaming.StreamingQuery;
import dev.arus.engine.streaming.StreamingQueryProgress;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.function.Function;
import org.springframework.web.socket.CloseStatus;
import org.springframework.web.socket.TextMessage;
import org.springframework.web.socket.WebSocketSession;

/**
 * One query's live feed: its sessions, and the recent batches and progress a new session's
 * snapshot holds. A batch or progress report is recorded and handed to every session under one
 * lock, and a session subscribes under that lock, so each one is either in a session's snapshot
 * or in a message after it, never both and never neither. Messages are written to JSON once,
 * whatever the number of sessions; handing them over only enqueues. Thread-safe.
 */
public final class QueryTopic {

    private final UUID queryId;
    private final RecentBatches recentBatches;
    private final int recentProgressCapacity;
    private final Function<StreamingQuery, ?> queryView;
    private final Function<StreamingQueryProgress, ?> progressView;
    private final SenderPool pool;

    // Guarded by lock.
    private final Object lock = new Object();
    private final ArrayDeque<Object> recentProgress = new ArrayDeque<>();
    private final List<SessionOutbox> outboxes = new ArrayList<>();
    private StreamingQuery run;
    private boolean closed;

    QueryTopic(UUID queryId, RecentBatches recentBatches, Function<StreamingQuery, ?> queryView,
               Function<StreamingQueryProgress, ?> progressView, SenderPool pool) {
        this.queryId = queryId;
        this.recentBatches = recentBatches;
        this.recentProgressCapacity = recentBatches.capacity();
        this.queryView = queryView;
        this.progressView = progressView;
        this.pool = pool;
    }

    public RecentBatches recentBatches() {
        return recentBatches;
    }

    /** Records a committed batch's output and sends it to every session. Called by the query's observer. */
    public void publishBatch(long batchId, Instant at, ResultBatch batch) {
        synchronized (lock) {
            RecentBatch recent = recentBatches.add(batchId, at, batch);
            send(LiveMessage.Batch.of(queryId, recent));
        }
    }

    /** Records a batch's progress and sends it to every session. Called on the query's thread. */
    void publishProgress(StreamingQueryProgress progress) {
        Object view = progressView.apply(progress);
        synchronized (lock) {
            if (recentProgress.size() == recentProgressCapacity) {
                recentProgress.removeFirst();
            }
            recentProgress.addLast(view);
            send(new LiveMessage.Progress(queryId, view));
        }
    }

    /**
     * A run of this query has started (or a restored query stands, stopped or failed, without
     * one): its status goes to every session, and snapshots show it from now on.
     */
    public void runStarted(StreamingQuery started) {
        synchronized (lock) {
            run = started;
            send(LiveMessage.Status.of(queryId, pool.writer().tree(queryView.apply(started))));
        }
    }

    /** Run {@code runId} has ended: its final status goes to every session, unless a newer run has started since. */
    void runEnded(UUID runId) {
        synchronized (lock) {
            if (run != null && runId.equals(run.runId())) {
                send(LiveMessage.Status.of(queryId, pool.writer().tree(queryView.apply(run))));
            }
        }
    }

    /** Queues the snapshot for {@code session}, then every later message; refused once the topic is closed. */
    boolean subscribe(WebSocketSession session) {
        SessionOutbox outbox = new SessionOutbox(queryId, session, pool);
        synchronized (lock) {
            if (closed || run == null) {
                return false;
            }
            outbox.start(new LiveMessage.Snapshot(queryId, queryView.apply(run), recentBatches.latest(Integer.MAX_VALUE),
                    List.copyOf(recentProgress)));
            outboxes.add(outbox);
            return true;
        }
    }

    void unsubscribe(WebSocketSession session) {
        synchronized (lock) {
            outboxes.removeIf(outbox -> {
                if (outbox.session() != session) {
                    return false;
                }
                outbox.discard();
                return true;
            });
        }
    }

    /** The query is deleted: every session gets a {@code DELETED} status, then a normal close. */
    void close() {
        synchronized (lock) {
            closed = true;
            if (run != null) {
                send(LiveMessage.Status.deleted(queryId, pool.writer().tree(queryView.apply(run))));
            }
            outboxes.forEach(outbox -> outbox.closeWhenDrained(CloseStatus.NORMAL.withReason("Query deleted")));
            outboxes.clear();
        }
    }

    int sessionCount() {
        synchronized (lock) {
            return outboxes.size();
        }
    }

    private void send(LiveMessage message) {
        if (outboxes.isEmpty()) {
            return;
        }
        TextMessage text = pool.writer().text(message);
        outboxes.forEach(outbox -> outbox.offer(text));
    }
}
