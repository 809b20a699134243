package dev.arus.server.query;

import dev.arus.engine.streaming.StreamingQueryProgress;
import java.time.Instant;
import java.util.UUID;

/**
 * Hears what happens to the registry's queries, each event typed: the registry is the one
 * subscriber to the engine's events of its queries and tells them here, as the query views the
 * API shows. A query's events come in the order they happened: its {@code runStarted} before
 * that run's batches, a batch before its progress, {@code deleted} last, once its run has ended.
 * A run's {@code runEnded} may come after the next run's {@code runStarted} (a start that races
 * the end of a stop), so a listener compares run ids. Events come on the engine's and the
 * requests' threads with no registry lock held: an implementation must be quick and must not
 * block; one that throws is logged and the other listeners still hear the event. The default
 * methods ignore.
 */
public interface QueryListener {

    /**
     * A run started: {@code query} shows it with its new run id. Comes on the starting thread,
     * before the run's first batch.
     */
    default void runStarted(QueryView query, Instant at) {
    }

    /** A batch committed this output, before its progress; on the query's thread. */
    default void batch(UUID id, RecentBatch output) {
    }

    /**
     * A batch ran: {@code query} shows the query after it, with this progress as its
     * {@code lastProgress}; on the query's thread.
     */
    default void progress(QueryView query, StreamingQueryProgress progress) {
    }

    /**
     * The run found no data for a while (the engine's idle report, at most every 10 s):
     * {@code query}'s {@code lastProgress} is that report, triggered {@code at}.
     */
    default void idle(QueryView query, Instant at) {
    }

    /**
     * A run ended, stopped or failed: {@code query} shows that run as it ended, with its exception
     * if it failed, RESTARTING with the next attempt if its restart strategy restarts it.
     */
    default void runEnded(QueryView query) {
    }

    /**
     * A query on both engines: how Arus's and Spark's outputs compare now, after an output of
     * either engine; on that engine's thread. Its view's {@code comparison} says the same.
     */
    default void compared(UUID id, EngineComparison.Summary comparison) {
    }

    /**
     * The query's state changed with no run starting or ending: a restart attempt the engine
     * refused (the query RESTARTING again, or FAILED once its strategy gives up; its run id is
     * then {@code null}), or a start, stop or refused start that cancelled a pending restart (FAILED).
     */
    default void stateChanged(QueryView query) {
    }

    /**
     * A saved query came back without a run when the service started: stopped as its user left
     * it, or failed to start ({@code query.exception()} says why). Its run id is {@code null}.
     */
    default void restored(QueryView query) {
    }

    /**
     * The query is gone, its run ended: deleted, or its start failed after it was admitted (then
     * perhaps with no event before). Nothing more comes of it; what a listener keeps of it goes now.
     */
    default void deleted(UUID id, String name) {
    }
}
