package dev.arus.engine.streaming;

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

    /**
     * The last progress, or {@code null} before the first batch: the last batch's, or, as in
     * Spark, an idle report (next batch id, no input rows) made after 10 s without a batch.
     */
    StreamingQueryProgress lastProgress();

    /** The most recent progress reports, oldest first, at most the configured number. */
    List<StreamingQueryProgress> recentProgress();

    /** The timestamps and row counts of the reports {@link #recentProgress} lists, read without making the reports. */
    RecentRowCounts recentRowCounts();

    /** Why the query failed, if it did. */
    Optional<StreamingQueryException> exception();

    /** Waits until the query ends; rethrows its failure as the {@link StreamingQueryException}. */
    void awaitTermination() throws InterruptedException;

    /** Waits at most {@code timeout}; returns whether the query ended. Rethrows its failure. */
    boolean awaitTermination(Duration timeout) throws InterruptedException;

    /** Lets the batch in flight finish, then stops; returns once stopped. Idempotent. */
    void stop();
}
