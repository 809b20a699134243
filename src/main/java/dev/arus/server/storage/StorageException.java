package dev.arus.server.storage;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.util.Locale;

/**
 * The data directory could not be written: it is {@link Kind#FULL} (no space left, a quota
 * reached) or {@link Kind#UNAVAILABLE} (read-only, not permitted, gone). Whatever asked for the
 * write did not happen.
 */
public final class StorageException extends RuntimeException {

    /** Why the write failed, as far as the operating system says. */
    public enum Kind { FULL, UNAVAILABLE }

    private final Kind kind;

    StorageException(String what, IOException cause) {
        super(what + ": " + reason(cause), cause);
        this.kind = isFull(cause) ? Kind.FULL : Kind.UNAVAILABLE;
    }

    public Kind kind() {
        return kind;
    }

    private static boolean isFull(IOException cause) {
        String reason = reason(cause).toLowerCase(Locale.ROOT);
        return reason.contains("no space left") || reason.contains("quota");
    }

    private static String reason(IOException cause) {
        if (cause instanceof FileSystemException file && file.getReason() != null) {
            return file.getReason() + " (" + file.getFile() + ")";
        }
        return String.valueOf(cause.getMessage());
    }
}
