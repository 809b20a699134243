package dev.arus.engine.streaming;

import java.time.Duration;

/**
 * The connect timeout: how long a source or sink, when a run of its query starts, waits for the
 * system outside the engine that it reads or writes (Kafka's brokers) to answer before the start
 * is refused. Spark makes no such check and finds out at the first batch, after the client's own
 * waits of a minute or more; a few seconds tell an unreachable address or a missing topic while
 * the user who created the query still waits for the answer.
 */
public final class ConnectTimeout {

    /** The session's connect timeout unless it sets one: a few seconds, enough for a broker across a network. */
    public static final Duration DEFAULT = Duration.ofSeconds(5);

    private ConnectTimeout() {
    }

    /** {@code timeout}, checked: positive. */
    public static Duration check(Duration timeout) {
        if (timeout == null || timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("the connect timeout must be positive, was " + timeout);
        }
        return timeout;
    }
}
