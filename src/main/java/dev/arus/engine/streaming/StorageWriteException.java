package dev.arus.engine.streaming;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.util.Locale;

/**
 * A write the file system refused: a checkpoint, state, file sink or event-log file could not be
 * written, synced, created or deleted. Its class is {@value #FULL} when the operating system says
 * there is no space left or a quota is reached, {@value #UNAVAILABLE} otherwise (read-only,
 * not permitted, a file where a directory must be, an I/O error); both are subclasses of
 * {@value #STORAGE_WRITE_FAILED}, the class a caller decides by. Such a failure passes once the
 * disk has room or is writable again, so a query that failed with it may be started again where
 * its checkpoint left off.
 */
public final class StorageWriteException extends ArusException {

    public static final String STORAGE_WRITE_FAILED = "STORAGE_WRITE_FAILED";
    public static final String FULL = STORAGE_WRITE_FAILED + ".FULL";
    public static final String UNAVAILABLE = STORAGE_WRITE_FAILED + ".UNAVAILABLE";

    private StorageWriteException(String errorClass, String message, IOException cause) {
        super(errorClass, message, cause);
    }

    /** {@code what} (say, "Cannot write /data/cp/commits/4") failed with {@code cause}. */
    public static StorageWriteException of(String what, IOException cause) {
        String errorClass = errorClassOf(cause);
        return new StorageWriteException(errorClass, "[" + errorClass + "] " + what + ": " + reason(cause), cause);
    }

    /** {@value #FULL} or {@value #UNAVAILABLE}, as the operating system's words in {@code cause} say. */
    public static String errorClassOf(IOException cause) {
        String reason = reason(cause).toLowerCase(Locale.ROOT);
        return reason.contains("no space left") || reason.contains("quota") ? FULL : UNAVAILABLE;
    }

    /**
     * The operating system's reason: a {@link FileSystemException}'s reason and file (its message
     * repeats the file), else the message. Java leaves the reason out of some exceptions (a
     * {@code FileAlreadyExistsException} where a directory must be created): their kind says it.
     */
    private static String reason(IOException cause) {
        if (cause instanceof FileSystemException file) {
            String reason = file.getReason() != null ? file.getReason() : kindOf(file);
            return file.getFile() == null ? reason : reason + " (" + file.getFile() + ")";
        }
        return cause.getMessage() != null ? cause.getMessage() : cause.getClass().getSimpleName();
    }

    private static String kindOf(FileSystemException file) {
        if (file instanceof FileAlreadyExistsException) {
            return "File exists";
        }
        if (file instanceof NotDirectoryException) {
            return "Not a directory";
        }
        if (file instanceof AccessDeniedException) {
            return "Permission denied";
        }
        return file instanceof NoSuchFileException ? "No such file or directory" : file.getClass().getSimpleName();
    }
}
