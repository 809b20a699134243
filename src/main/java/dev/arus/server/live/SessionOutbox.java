package dev.arus.server.live;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.UUID;
import java.util.concurrent.RejectedExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.web.socket.CloseStatus;
import org.springframework.web.socket.TextMessage;
import org.springframework.web.socket.WebSocketSession;

/**
 * The messages waiting to go to one WebSocket session, oldest first: the session's snapshot,
 * then at most {@code arus.live.session-queue} published messages. When it is full the oldest is dropped and
 * counted; the client learns the count from a {@code dropped} message just before the next
 * message it does get. {@link #offer} only enqueues, so the query's thread never waits for a
 * client; the sender, a task on a small shared executor, drains the queue one blocking send at
 * a time, and while it runs no other task sends to this session.
 *
 * <p>Why not Spring's {@code ConcurrentWebSocketSessionDecorator}: whichever thread calls its
 * {@code sendMessage} while no send is in progress performs the send itself, and that thread
 * would be the query's. A send that blocks longer than the send timeout (Tomcat's blocking-send
 * timeout, set per session by {@link LiveWebSocketHandler}) fails; the session is then closed
 * with 1008, so a stuck client holds a sender thread for at most that long.
 */
final class SessionOutbox {

    private static final Logger log = LoggerFactory.getLogger(SessionOutbox.class);

    private final UUID queryId;
    private final WebSocketSession session;
    private final SenderPool pool;

    // Guarded by this.
    private LiveMessage.Snapshot snapshot;
    private final ArrayDeque<TextMessage> queue = new ArrayDeque<>();
    private long droppedSinceLastSend;
    private boolean draining;
    private CloseStatus closeWhenDrained;
    private boolean closed;

    SessionOutbox(UUID queryId, WebSocketSession session, SenderPool pool) {
        this.queryId = queryId;
        this.session = session;
        this.pool = pool;
    }

    WebSocketSession session() {
        return session;
    }

    /** Sends {@code first} before anything offered; called once, by the topic, before any offer. */
    void start(LiveMessage.Snapshot first) {
        synchronized (this) {
            snapshot = first;
        }
        wakeSender();
    }

    /** Enqueues {@code message}, dropping the oldest when full; never blocks. Any thread. */
    void offer(TextMessage message) {
        synchronized (this) {
            if (closed || closeWhenDrained != null) {
                return;
            }
            if (queue.size() == pool.queueCapacity()) {
                queue.removeFirst();
                droppedSinceLastSend++;
                pool.droppedMessages().increment();
            }
            queue.addLast(message);
        }
        wakeSender();
    }

    /** Sends what is queued, then closes the session with {@code status}; later offers are ignored. */
    void closeWhenDrained(CloseStatus status) {
        synchronized (this) {
            if (closed || closeWhenDrained != null) {
                return;
            }
            closeWhenDrained = status;
        }
        wakeSender();
    }

    /** The session has closed: nothing more is sent. */
    synchronized void discard() {
        closed = true;
        queue.clear();
    }

    private void wakeSender() {
        synchronized (this) {
            if (draining || closed) {
                return;
            }
            draining = true;
        }
        try {
            pool.executor().execute(this::drain);
        } catch (RejectedExecutionException shuttingDown) {
            discard();
        }
    }

    private void drain() {
        while (true) {
            LiveMessage first;
            TextMessage next;
            long dropped;
            CloseStatus close = null;
            synchronized (this) {
                first = snapshot;
                snapshot = null;
                next = first == null ? queue.pollFirst() : null;
                if (closed || (first == null && next == null)) {
                    draining = false;
                    if (closed || closeWhenDrained == null) {
                        return;
                    }
                    close = closeWhenDrained;
                    closed = true;
                }
                dropped = droppedSinceLastSend;
                droppedSinceLastSend = 0;
            }
            if (close != null) {
                close(close);
                return;
            }
            if (!send(first, next, dropped)) {
                return;
            }
        }
    }

    private boolean send(LiveMessage first, TextMessage next, long dropped) {
        long started = System.nanoTime();
        try {
            if (first != null) {
                session.sendMessage(pool.writer().text(first));
                return true;
            }
            if (dropped > 0) {
                session.sendMessage(pool.writer().text(new LiveMessage.Dropped(queryId, dropped)));
            }
            session.sendMessage(next);
            return true;
        } catch (IOException | RuntimeException failed) {
            discard();
            Duration blocked = Duration.ofNanos(System.nanoTime() - started);
            if (blocked.compareTo(pool.sendTimeout()) < 0) {
                log.debug("Live session {} failed: {}", session.getId(), failed.toString());
                close(CloseStatus.SERVER_ERROR);
                return false;
            }
            log.warn("Closing live session {} of query {}: a message took longer than {} to send", session.getId(),
                    queryId, pool.sendTimeout());
            pool.slowSessionsClosed().increment();
            close(CloseStatus.POLICY_VIOLATION.withReason("Client too slow: a message took longer than "
                    + pool.sendTimeout() + " to send"));
            return false;
        }
    }

    private void close(CloseStatus status) {
        try {
            session.close(status);
        } catch (IOException | RuntimeException alreadyGone) {
            log.debug("Closing live session {} failed", session.getId(), alreadyGone);
        }
    }
}
