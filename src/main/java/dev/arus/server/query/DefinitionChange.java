package dev.arus.server.query;

import dev.arus.server.web.ProblemException;
import dev.arus.server.web.ProblemType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * What an edit of a query may change of its spec: anything the engine's check of the checkpoint
 * lets through, but the name, which names the query's metrics, memory table and reader of its
 * streams, and, while the checkpoint is kept, the checkpoint's location. The engine may change
 * (a <em>move</em>) while the checkpoint holds no operator state: both engines write its logs,
 * offsets and sources' metadata in Spark's layout, but each its state files in a format of its
 * own. A query without a checkpoint may be given one.
 */
final class DefinitionChange {

    /** The error class of a move refused because the checkpoint holds state the other engine cannot read. */
    static final String STATE_NOT_PORTABLE = "ENGINE_MOVE_STATE_NOT_PORTABLE";

    private DefinitionChange() {
    }

    /**
     * Refuses {@code after} as an edit of {@code before}, whose files are {@code beforeFiles};
     * {@code resetCheckpoint} starts the checkpoint afresh, which allows any change of engine.
     *
     * @throws ProblemException {@code 400 invalid-spec} at the field that may not change, or
     *                          {@code 409 checkpoint-incompatible} at {@code /engine} for a move of
     *                          a checkpoint holding state
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
        String from = checkpointFormat(before.engine());
        String to = checkpointFormat(after.engine());
        if (!resetCheckpoint && !from.equals(to) && holdsState(kept)) {
            throw new ProblemException(ProblemType.CHECKPOINT_INCOMPATIBLE, "[" + STATE_NOT_PORTABLE + "] The "
                    + "checkpoint '" + before.checkpointLocation() + "' holds the state of the query's stateful "
                    + "operators in " + from + "'s state files, which " + to + " cannot read (Spark's state store "
                    + "writes UnsafeRow deltas and snapshots with state schema files; Arus writes state files of its "
                    + "own). Only a stateless query moves between engines with its checkpoint. Ask to start afresh "
                    + "(resetCheckpoint=true) to change the engine", Map.of("pointer", "/engine",
                    "errorClass", STATE_NOT_PORTABLE));
        }
    }

    /**
     * Which engine's format a query on {@code engine} writes its checkpoint's state in: Spark's
     * own run's, or Arus's (also beside Spark, for a query on both).
     */
    private static String checkpointFormat(String engine) {
        return Objects.equals(engine, "spark") ? "Spark" : "Arus";
    }

    /** Whether the checkpoint at {@code checkpoint} holds any state file of an operator. */
    private static boolean holdsState(Path checkpoint) {
        Path state = checkpoint.resolve("state");
        if (!Files.isDirectory(state)) {
            return false;
        }
        try (Stream<Path> files = Files.walk(state)) {
            return files.anyMatch(Files::isRegularFile);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read the state directory " + state, e);
        }
    }
}
