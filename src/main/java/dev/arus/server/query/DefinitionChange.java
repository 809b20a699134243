package dev.arus.server.query;

import dev.arus.server.web.ProblemException;
import dev.arus.server.web.ProblemType;
import java.nio.file.Path;
import java.util.Objects;

/**
 * What an edit of a query may change of its spec: anything the engine's check of the checkpoint
 * lets through, but the name, which names the query's metrics, memory table and reader of its
 * streams, and, while the checkpoint is kept, the checkpoint's location and the engine that
 * writes it (Arus's checkpoint is not Spark's). A query without a checkpoint may be given one.
 */
final class DefinitionChange {

    private DefinitionChange() {
    }

    /**
     * Refuses {@code after} as an edit of {@code before}, whose files are {@code beforeFiles};
     * {@code resetCheckpoint} starts the checkpoint afresh, which allows another engine.
     *
     * @throws ProblemException {@code 400 invalid-spec} at the field that may not change
     */
    static void check(QuerySpec before, QueryFiles beforeFiles, QuerySpec after, QueryFiles afterFiles,
                      boolean resetCheckpoint) {
        if (!before.name().equals(after.name())) {
            throw ProblemException.at(ProblemType.INVALID_SPEC, "/name", "An edit keeps the query's name '"
                    + before.name() + "': its metrics, memory table and stream readers go by it. Create a query "
                    + "under the new name instead");
        }
        Path kept = beforeFiles.checkpoint();
        if (kept == null) {
            return;
        }
        if (!kept.equals(afterFiles.checkpoint())) {
            throw ProblemException.at(ProblemType.INVALID_SPEC, QueryFiles.CHECKPOINT_POINTER, "An edit keeps the "
                    + "query's checkpoint '" + before.checkpointLocation() + "'; to start elsewhere, create a query");
        }
        if (!resetCheckpoint && !checkpointFormat(before.engine()).equals(checkpointFormat(after.engine()))) {
            throw ProblemException.at(ProblemType.INVALID_SPEC, "/engine", "The checkpoint '"
                    + before.checkpointLocation() + "' is written by " + checkpointFormat(before.engine())
                    + "; a run on " + checkpointFormat(after.engine()) + " cannot go on from it. Ask to start "
                    + "afresh (resetCheckpoint=true) to change the engine");
        }
    }

    /** Whose format a query on {@code engine} writes its checkpoint in: Spark's own run's, or Arus's (also beside Spark). */
    private static String checkpointFormat(String engine) {
        return Objects.equals(engine, "spark") ? "Spark" : "Arus";
    }
}
