package dev.arus.engine.streaming;

import java.nio.file.Path;

/**
 * A query cannot start on its checkpoint: the checkpoint was written by a different query
 * ({@value #INCOMPATIBLE}) or one of its files is missing, truncated or corrupt
 * ({@value #DAMAGED}). Nothing in the checkpoint was written, overwritten or deleted.
 */
public final class CheckpointException extends ArusException {

    public static final String INCOMPATIBLE = "CHECKPOINT_INCOMPATIBLE";
    public static final String DAMAGED = "CHECKPOINT_DAMAGED";

    private final Path file;

    public CheckpointException(String errorClass, Path file, String message) {
        super(errorClass, message);
        this.file = file;
    }

    /** The file (or the checkpoint directory) at fault. */
    public Path file() {
        return file;
    }

    public static CheckpointException damaged(Path file, String what) {
        return new CheckpointException(DAMAGED, file, "Checkpoint file " + file + " is damaged: " + what);
    }

    public static CheckpointException incompatible(Path root, String message) {
        return new CheckpointException(INCOMPATIBLE, root, message);
    }
}
