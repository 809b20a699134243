package dev.arus.server.live;

import jakarta.websocket.RemoteEndpoint;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.web.socket.CloseStatus;
import org.springframework.web.socket.WebSocketSession;
import org.springframework.web.socket.adapter.NativeWebSocketSession;

/**
 * The messages waiting to go to one WebSocket session, oldest first: the session's snapshot,
 * then at most {@code arus.live.session-queue} published messages. When it is full the oldest is
 * dropped and counted; the client learns the count from a {@code dropped} message just before
 * the next message it does get. At most one message is in flight, sent with the container's
 * asynchronous send; a send not complete by its deadline ({@code arus.live.send-timeout} after
 * it began) closes the session with 1008, so a stuck client costs only itself.
 *
 * <p>No thread ever waits for the client. {@link #enqueue} only enqueues, and says when no send
 * is in flight: then its caller starts the send, either itself ({@link #sendNow}: an asynchronous
 * write, which never waits for the client; the query's thread does so for its batches and
 * progress, as a hand-off to another thread cost a wake-up, 0.2 ms at the median and milliseconds
 * on a loaded machine) or by a task on the shared sender executor ({@link #sendLater}). From then
 * on each send's completion (on a container thread) starts the one after it; the shared deadline
 * timer closes a session whose send is overdue. Closing waits for the close frame at most
 * {@value #NORMAL_CLOSE_FRAME_WAIT_MS} ms for a normal close and
 * {@value #ABNORMAL_CLOSE_FRAME_WAIT_MS} ms for any other, whose connection is stuck or broken
 * anyway (Tomcat's settings, per session): a client that cannot take the frame is cut off.
 * Thread-safe.
 */
final class SessionOutbox {

    private static final Logger log = LoggerFactory.getLogger(SessionOutbox.class);

    private static final long NORMAL_CLOSE_FRAME_WAIT_MS = 50;
    private static final long ABNORMAL_CLOSE_FRAME_WAIT_MS = 1;
    /** Tomcat's bound on a blocking send; the outbox makes none, so once it closes this bounds the normal close frame. */
    private static final String TOMCAT_BLOCKING_SEND_TIMEOUT = "org.apache.tomcat.websocket.BLOCKING_SEND_TIMEOUT";
    private static final String TOMCAT_ABNORMAL_CLOSE_SEND_TIMEOUT =
            "org.apache.tomcat.websocket.ABNORMAL_SESSION_CLOSE_SEND_TIMEOUT";
    private static final long NO_SEND = 0;

    private final UUID queryId;
    private final WebSocketSession session;
    private final jakarta.websocket.Session container;
    private final RemoteEndpoint.Async remote;
    private final SenderPool pool;

    // Guarded by this.
    private boolean started;
    private String snapshot;
    private final ArrayDeque<String> queue = new ArrayDeque<>();
    private long droppedSinceLastSend;
    /** A send is in flight, or a sender is about to start one: nobody else may start one. */
    private boolean sending;
    private long sendsStarted;
    /** The number of the send in flight, {@link #NO_SEND} when none is. */
    private long inFlight = NO_SEND;
    private ScheduledFuture<?> deadline;
    private CloseStatus closeWhenDrained;
    private boolean closed;

    /** @throws IllegalStateException when {@code session} is not one of a Jakarta WebSocket container */
    SessionOutbox(UUID queryId, WebSocketSession session, SenderPool pool) {
        this.queryId = queryId;
        this.session = session;
        this.pool = pool;
        this.container = session instanceof NativeWebSocketSession standard
                ? standard.getNativeSession(jakarta.websocket.Session.class) : null;
        if (container == null) {
            throw new IllegalStateException("Live session " + session.getId() + " is not a Jakarta WebSocket session");
        }
        this.remote = container.getAsyncRemote();
    }

    WebSocketSession session() {
        return session;
    }

    /**
     * Sends {@code snapshot}, the snapshot's JSON, then what was enqueued before and after; until
     * then messages only queue. Called once, by the subscribing thread, which so pays for writing
     * its own snapshot.
     */
    void start(String snapshot) {
        synchronized (this) {
            this.snapshot = snapshot;
            started = true;
        }
        wakeSender();
    }

    /**
     * Enqueues {@code message}, a live message's JSON, dropping the oldest when full; never blocks.
     * Any thread. True when no send is in flight: the caller must then start one, by
     * {@link #sendNow} or {@link #sendLater}, and nobody else will.
     */
    boolean enqueue(String message) {
        synchronized (this) {
            if (closed || closeWhenDrained != null) {
                return false;
            }
            if (queue.size() == pool.queueCapacity()) {
                queue.removeFirst();
                droppedSinceLastSend++;
                pool.droppedMessages().increment();
            }
            queue.addLast(message);
        }
        return claimSend();
    }

    /** Starts the send {@link #enqueue} asked for on this thread, which holds no lock a container thread may want. */
    void sendNow() {
        sendNext();
    }

    /** Starts the send {@link #enqueue} asked for on the sender executor. */
    void sendLater() {
        try {
            pool.executor().execute(this::sendNext);
        } catch (RejectedExecutionException shuttingDown) {
            discard();
        }
    }

    /** Sends what is queued, then closes the session with {@code status}; later messages are ignored. */
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
        snapshot = null;
        queue.clear();
        if (deadline != null) {
            deadline.cancel(false);
        }
    }

    private void wakeSender() {
        if (claimSend()) {
            sendLater();
        }
    }

    /** Takes the right to start the next send: true when started, open, and no send is in flight. */
    private synchronized boolean claimSend() {
        if (!started || sending || closed) {
            return false;
        }
        sending = true;
        return true;
    }

    /**
     * Starts the send of the next message, or, with none left, lets the next message claim the send
     * (and closes the session if asked to once drained). Runs while {@code sending} is held: on
     * the thread that enqueued, on the sender executor, or on the container's thread that
     * completed the previous send.
     */
    private void sendNext() {
        LiveMessage.Dropped dropped = null;
        String text = null;
        CloseStatus drained = null;
        synchronized (this) {
            if (closed) {
                sending = false;
                return;
            }
            if (snapshot != null) {
                text = snapshot;
                snapshot = null;
            } else if (droppedSinceLastSend > 0) {
                dropped = new LiveMessage.Dropped(queryId, droppedSinceLastSend);
                droppedSinceLastSend = 0;
            } else {
                text = queue.pollFirst();
            }
            if (dropped == null && text == null) {
                sending = false;
                if (closeWhenDrained == null) {
                    return;
                }
                closed = true;
                drained = closeWhenDrained;
            }
        }
        if (drained != null) {
            close(drained);
            return;
        }
        send(text != null ? text : pool.writer().json(dropped));
    }

    private void send(String text) {
        long send;
        synchronized (this) {
            if (closed) {
                sending = false;
                return;
            }
            send = ++sendsStarted;
            inFlight = send;
        }
        try {
            remote.sendText(text, result -> sent(send, result.isOK() ? null : result.getException()));
        } catch (RuntimeException refused) {
            // Closed meanwhile, or the container failed (Tomcat throws IllegalArgumentException when a
            // vanished client's close frame is written during this write): this session ends, not the thread.
            sent(send, refused);
            return;
        }
        // After the write began: scheduling wakes the timer's thread, which would otherwise run before the write.
        synchronized (this) {
            if (inFlight != send) {
                return; // complete already
            }
            try {
                deadline = pool.deadlines().schedule(() -> overdue(send), pool.sendTimeout().toNanos(),
                        TimeUnit.NANOSECONDS);
            } catch (RejectedExecutionException shuttingDown) {
                inFlight = NO_SEND;
                sending = false;
                closed = true;
            }
        }
    }

    /**
     * Send number {@code send} completed, or failed with {@code failure}: the next one starts.
     * On a container thread, or the sender's when the container refused the send.
     */
    private void sent(long send, Throwable failure) {
        synchronized (this) {
            if (inFlight != send) {
                // Overdue, and closed already; or Tomcat completing a send a second time, which it does
                // when its write fails as it reads the vanished client's reset (both clear the handler).
                return;
            }
            inFlight = NO_SEND;
            if (deadline != null) {
                deadline.cancel(false); // the previous send's when this one completed before its own was set
            }
            if (closed) {
                sending = false;
                return;
            }
            if (failure != null) {
                sending = false;
                closed = true;
                queue.clear();
            }
        }
        if (failure == null) {
            sendNext();
            return;
        }
        log.debug("Live session {} failed: {}", session.getId(), failure.toString());
        close(CloseStatus.SERVER_ERROR);
    }

    /** Send number {@code send} has passed its deadline, unless it completed meanwhile; on the deadline timer. */
    private void overdue(long send) {
        synchronized (this) {
            if (inFlight != send || closed) {
                return;
            }
            inFlight = NO_SEND;
            sending = false;
            closed = true;
            snapshot = null;
            queue.clear();
        }
        log.warn("Closing live session {} of query {}: a message took longer than {} to send", session.getId(),
                queryId, pool.sendTimeout());
        pool.slowSessionsClosed().increment();
        close(CloseStatus.POLICY_VIOLATION.withReason("Client too slow: a message took longer than "
                + pool.sendTimeout() + " to send"));
    }

    private void close(CloseStatus status) {
        try {
            // Tomcat refuses even these reads once the client's end closed the session.
            Map<String, Object> settings = container.getUserProperties();
            settings.put(TOMCAT_BLOCKING_SEND_TIMEOUT, NORMAL_CLOSE_FRAME_WAIT_MS);
            settings.put(TOMCAT_ABNORMAL_CLOSE_SEND_TIMEOUT, ABNORMAL_CLOSE_FRAME_WAIT_MS);
            session.close(status);
        } catch (IOException | RuntimeException alreadyGone) {
            log.debug("Closing live session {} failed", session.getId(), alreadyGone);
        }
    }
}
