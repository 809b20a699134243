package dev.arus.server.query;

import dev.arus.engine.streaming.StreamingQuery;
import dev.arus.engine.streaming.StreamingQueryProgress;
import java.time.Instant;
import java.util.UUID;

/**
 * The life-cycle events of one query's runs, in the engine's vocabulary, as a registered query
 * hears them: started (before {@link TranslatedQuery#start} returns), a progress report per
 * batch, idle reports, and the end of a run. Events of a run id the query does not know are
 * ignored, and for a query on both engines, each new comparison. Called on the engine's threads; implementations are quick and thread-safe, and hear
 * only the events they override (the run on Spark beside a query on both engines hears none).
 */
public interface RunEvents {

    default void runStarted(StreamingQuery run, Instant at) {
    }

    default void progress(StreamingQueryProgress progress) {
    }

    default void idle(UUID runId, Instant at) {
    }

    default void runEnded(UUID runId) {
    }

    /** A query on both engines: how they compare now, after an output of either; on that engine's thread. */
    default void compared(EngineComparison.Summary comparison) {
    }
}
