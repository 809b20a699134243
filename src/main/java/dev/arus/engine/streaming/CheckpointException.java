package dev.arus.engine.streaming;

import java.nio.file.Path;

/**
 * A query cannot start on its checkpoint: the checkpoint was written by a different query
 * ({@link Kind#INCOMPATIBLE}) or one of its files is missing, truncated or corrupt
 * ({@link Kind#DAMAGED}). Nothing in the checkpoint was written, overwritten or deleted.
 */
public final class CheckpointException extends RuntimeException {

    /** Why the checkpoint cannot be used. */
    public enum Kind { INCOMPATIBLE, DAMAGED }

    private final Kind kind;
    private final Path file;

    public CheckpointException(Kind kind, Path file, String message) {
        super(message);
        this.kind = kind;
        this.file = file;
    }

    public CheckpointException(Kind kind, Path file, String message, Throwable cause) {
        super(message, cause);
        this.kind = kind;
        this.file = file;
    }

    public Kind kind() {
        return kind;
    }

    /** The file (or the checkpoint directory) at fault. */
    public Path file() {
        return file;
    }

    public static CheckpointException damaged(Path file, String what) {
        return new CheckpointException(Kind.DAMAGED, file, "Checkpoint file " + file + " is damaged: " + what);
    }
}
