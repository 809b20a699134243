package dev.arus.server.query;

import dev.arus.engine.streaming.StreamingQuery;
import dev.arus.engine.streaming.StreamingQueryProgress;
import java.time.Instant;
import java.util.UUID;

/**
 * The life-cycle events of one query's runs, in the engine's vocabulary, as a registered query
 * hears them: started (before {@link TranslatedQuery#start} returns), a progress report per
 * batch, idle reports, and the end of a run. Events of a run id the query does not know are
 * ignored. Called on the engine's threads; implementations are quick and thread-safe.
 */
public interface RunEvents {

    void runStarted(StreamingQuery run, Instant at);

    void progress(StreamingQueryProgress progress);

    void idle(UUID runId, Instant at);

    void runEnded(UUID runId);
}
