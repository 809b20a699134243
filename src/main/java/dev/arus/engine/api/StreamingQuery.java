package dev.arus.engine.api;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * A handle to a running (or ended) continuous query, as Spark's {@code StreamingQuery}.
 * {@code id} stays the same across restarts of the same query; {@code runId} is new each start.
 * All methods are thread-safe.
 */
public interface StreamingQuery {

    UUID id();

    UUID runId();

    /** The name given with {@code queryName}, or {@code null}. */
    String name();

    boolean isActive();

    StreamingQueryStatus status();

    /** The last batch's progress, or {@code null} before the first batch. */
    StreamingQueryProgress lastProgress();

    /** The most recent progress reports, oldest first, at most the configured number. */
    List<StreamingQueryProgress> recentProgress();

    /** Why the query failed, if it did. */
    Optional<StreamingQueryException> exception();

    /** Waits until the query ends; rethrows its failure. */
    void awaitTermination() throws InterruptedException;

    /** Waits at most {@code timeout}; returns whether the query ended. Rethrows its failure. */
    boolean awaitTermination(Duration timeout) throws InterruptedException;

    /** Lets the batch in flight finish, then stops; returns once stopped. Idempotent. */
    void stop();
}
