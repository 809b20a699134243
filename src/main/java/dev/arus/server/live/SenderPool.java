package dev.arus.server.live;

import io.micrometer.core.instrument.Counter;
import java.time.Duration;
import java.util.concurrent.Executor;

/**
 * What every session's outbox shares: the sender threads, the limits and the counters.
 *
 * @param executor            runs the outboxes' senders; a few threads serve all sessions
 * @param queueCapacity       messages an outbox holds before it drops its oldest
 * @param sendTimeout         the longest one message may take to send before its session is closed
 * @param droppedMessages     messages dropped for slow clients
 * @param slowSessionsClosed  sessions closed because a send took longer than {@code sendTimeout}
 */
record SenderPool(Executor executor, int queueCapacity, Duration sendTimeout, LiveMessageWriter writer,
                  Counter droppedMessages, Counter slowSessionsClosed) {
}
