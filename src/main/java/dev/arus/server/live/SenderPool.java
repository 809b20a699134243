package dev.arus.server.live;

import io.micrometer.core.instrument.Counter;
import java.time.Duration;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;

/**
 * What every session's outbox shares: the threads that start sends and watch their deadlines,
 * the limits and the counters. None of these threads ever waits for a client.
 *
 * @param executor            starts a session's send after a quiet spell (later sends are started
 *                            by the completion of the one before)
 * @param deadlines           closes a session whose send is still in flight {@code sendTimeout} after it began
 * @param queueCapacity       messages an outbox holds before it drops its oldest
 * @param sendTimeout         the longest one message may take to send before its session is closed
 * @param droppedMessages     messages dropped for slow clients
 * @param slowSessionsClosed  sessions closed because a send took longer than {@code sendTimeout}
 */
record SenderPool(Executor executor, ScheduledExecutorService deadlines, int queueCapacity, Duration sendTimeout,
                  LiveMessageWriter writer, Counter droppedMessages, Counter slowSessionsClosed) {
}
