package dev.arus.server.live;

import dev.arus.engine.streaming.ProgressRing;
import dev.arus.engine.streaming.StreamingQueryProgress;
import dev.arus.server.ShownPaths;
import dev.arus.server.query.EngineComparison;
import dev.arus.server.query.ProgressView;
import dev.arus.server.query.QueryView;
import dev.arus.server.query.RecentBatch;
import dev.arus.server.query.RecentBatches;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.UUID;
import org.springframework.web.socket.CloseStatus;
import org.springframework.web.socket.WebSocketSession;

/**
 * One query's live feed: its sessions, and what a new session's snapshot holds: the query as
 * its latest event showed it, its latest {@code snapshotBatches} batches and
 * {@code snapshotProgress} progress reports (a client pages back over REST for older ones), so
 * a connect costs little however busy the query. A batch or progress report is recorded and
 * handed to every session under one lock, and a session subscribes under that lock, so each one
 * is either in a session's snapshot or in a message after it, never both and never neither.
 * Messages are written to JSON once, whatever the number of sessions; handing them over only
 * enqueues, and a session with no send in flight gets its next send started after the lock: by
 * the query's own thread for its batches and progress (an asynchronous write, so the row reaches
 * the client without waiting for another thread to wake), by the sender executor otherwise.
 * Thread-safe.
 */
final class QueryTopic {

    private final UUID queryId;
    private final int snapshotBatches;
    private final int snapshotProgress;
    private final SenderPool pool;
    private final ShownPaths shownPaths;

    // Guarded by lock.
    private final Object lock = new Object();
    private final RecentBatches recentBatches;
    // Compact, and converted for a snapshot only: a query nobody watches keeps few bytes of its last reports.
    private final ProgressRing recentProgress;
    private final List<SessionOutbox> outboxes = new ArrayList<>();
    private QueryView query;
    // For a query on both engines: the latest comparison, newer than the one query shows.
    private EngineComparison.Summary comparison;
    private boolean closed;

    /**
     * @param snapshotBatches  the batches a snapshot holds at most
     * @param snapshotProgress the progress reports a snapshot holds at most
     * @param shownPaths       how a snapshot's progress reports show the data directory's paths
     */
    QueryTopic(UUID queryId, int snapshotBatches, int snapshotProgress, SenderPool pool, ShownPaths shownPaths) {
        this.queryId = queryId;
        this.snapshotBatches = snapshotBatches;
        this.snapshotProgress = snapshotProgress;
        this.pool = pool;
        this.shownPaths = shownPaths;
        this.recentBatches = new RecentBatches(snapshotBatches);
        this.recentProgress = new ProgressRing(snapshotProgress);
    }

    /**
     * A run has started, a restored query stands without one, or the query's state changed
     * without a run (a restart refused or cancelled): its status goes to every session.
     */
    void stateChanged(QueryView current) {
        synchronized (lock) {
            if (query != null && !Objects.equals(query.runId(), current.runId())) {
                comparison = null; // a new run compares afresh: its view's comparison is the newest
            }
            query = current;
            send(LiveMessage.Status.of(current));
        }
    }

    /** A run has ended: its final status goes to every session, unless a newer run has started since. */
    void runEnded(QueryView ended) {
        synchronized (lock) {
            if (query != null && Objects.equals(ended.runId(), query.runId())) {
                stateChanged(ended);
            }
        }
    }

    /** Records a committed batch's output and sends it to every session. */
    void publishBatch(RecentBatch output) {
        List<SessionOutbox> idle;
        synchronized (lock) {
            recentBatches.add(output);
            idle = enqueue(LiveMessage.Batch.of(queryId, output));
        }
        idle.forEach(SessionOutbox::sendNow);
    }

    /** Records a batch's {@code progress}, {@code after}'s last progress, and sends it to every session. */
    void publishProgress(QueryView after, StreamingQueryProgress progress) {
        List<SessionOutbox> idle;
        synchronized (lock) {
            query = after;
            recentProgress.add(progress);
            idle = enqueue(new LiveMessage.Progress(queryId, after.lastProgress()));
        }
        idle.forEach(SessionOutbox::sendNow);
    }

    /** A query on both engines compared another output: the summary goes to every session, and into later snapshots. */
    void publishComparison(EngineComparison.Summary summary) {
        synchronized (lock) {
            comparison = summary;
            send(new LiveMessage.Comparison(queryId, summary));
        }
    }

    /** The run reported itself idle: snapshots show {@code idle}'s status and last progress from now on. */
    void idle(QueryView idle) {
        synchronized (lock) {
            query = idle;
        }
    }

    /**
     * Queues the snapshot for {@code session}, then every later message; refused once the topic
     * is closed. The snapshot is taken under the lock and written to JSON after it, on the
     * caller's thread, so a new session costs its own thread and never the query's or the senders'.
     */
    boolean subscribe(WebSocketSession session) {
        SessionOutbox outbox = new SessionOutbox(queryId, session, pool);
        QueryView shown;
        List<RecentBatch> batches;
        List<StreamingQueryProgress> progress;
        synchronized (lock) {
            if (closed || query == null) {
                return false;
            }
            shown = comparison == null ? query : query.withComparison(comparison);
            batches = recentBatches.latest(snapshotBatches);
            progress = recentProgress.recent();
            outboxes.add(outbox);
        }
        outbox.start(pool.writer().json(new LiveMessage.Snapshot(queryId, shown, batches,
                progress.stream().map(report -> ProgressView.of(report, shownPaths)).toList())));
        return true;
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
            if (query != null) {
                send(LiveMessage.Status.deleted(query));
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

    /** Queues {@code message} for every session, its sends started on the sender executor. */
    private void send(LiveMessage message) {
        enqueue(message).forEach(SessionOutbox::sendLater);
    }

    /** Queues {@code message}, written to JSON once, for every session; returns those whose send the caller starts. */
    private List<SessionOutbox> enqueue(LiveMessage message) {
        if (outboxes.isEmpty()) {
            return List.of();
        }
        String text = pool.writer().json(message);
        List<SessionOutbox> idle = new ArrayList<>();
        for (SessionOutbox outbox : outboxes) {
            if (outbox.enqueue(text)) {
                idle.add(outbox);
            }
        }
        return idle;
    }
}
