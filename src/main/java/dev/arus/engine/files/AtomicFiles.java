package dev.arus.engine.files;

import dev.arus.engine.streaming.StorageWriteException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Writes a checkpoint file so that a reader sees either its old content or the whole new one,
 * never a part, even after a power cut. The steps of {@link #write}:
 * <ol>
 *   <li>write the bytes to {@code .<name>.tmp} in the same directory, replacing any leftover of
 *       an earlier crash;</li>
 *   <li>force them to disk ({@code fsync});</li>
 *   <li>rename the temporary file over {@code <name>} atomically;</li>
 *   <li>force the directory, so that the rename itself survives.</li>
 * </ol>
 * {@link #writeUnsynced} skips steps 2 and 4, for a file whose loss or truncation its reader
 * recovers from: a process killed at any point still leaves the old content or the whole new one;
 * only a power cut may leave the file missing, empty or cut short.
 * Temporary files start with a dot; every reader of a checkpoint ignores them.
 */
public final class AtomicFiles {

    // Bytes handed to one write: a native copy that stays in a core's cache (64 KB to 256 KB measured alike).
    private static final int CHUNK = 128 * 1024;

    private AtomicFiles() {
    }

    /** Writes {@code bytes[0, length)} as the new content of {@code target}; see the class steps. */
    public static void write(Path target, byte[] bytes, int length) {
        write(target, bytes, length, null);
    }

    /**
     * As {@link #write(Path, byte[], int)}; {@code halfway}, when not {@code null}, runs after the
     * first half of the bytes reached the temporary file (a test seam for crashes mid-write).
     */
    public static void write(Path target, byte[] bytes, int length, Runnable halfway) {
        replace(target, bytes, length, halfway, true);
        syncDirectory(target.getParent());
    }

    /**
     * Steps 1 and 3 of {@link #write}: the content and the rename reach the disk when the file
     * system writes them back, or when {@link #syncFile} and {@link #syncDirectory} force them.
     */
    public static void writeUnsynced(Path target, byte[] bytes, int length) {
        replace(target, bytes, length, null, false);
    }

    private static void replace(Path target, byte[] bytes, int length, Runnable halfway, boolean sync) {
        Path temporary = temporaryOf(target);
        try {
            try (FileChannel channel = FileChannel.open(temporary, StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
                writeFully(channel, bytes, length, halfway);
                if (sync) {
                    channel.force(false);
                }
            }
            Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw StorageWriteException.of("Cannot write " + target, e);
        }
    }

    /** The temporary file {@link #write} uses for {@code target}. */
    public static Path temporaryOf(Path target) {
        return target.resolveSibling("." + target.getFileName() + ".tmp");
    }

    /** Whether a directory entry is a leftover temporary file rather than a checkpoint file. */
    public static boolean isTemporary(Path file) {
        return file.getFileName().toString().startsWith(".");
    }

    /** Forces a file's content to disk. */
    public static void syncFile(Path file) {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
            channel.force(false);
        } catch (IOException e) {
            throw StorageWriteException.of("Cannot sync " + file, e);
        }
    }

    /** Forces a directory's entries to disk (creations, renames, deletions in it). */
    public static void syncDirectory(Path directory) {
        try (FileChannel channel = FileChannel.open(directory, StandardOpenOption.READ)) {
            channel.force(true);
        } catch (IOException e) {
            // Some platforms cannot open a directory for reading; the rename is still atomic there.
        }
    }

    /** Creates a directory and its parents, forcing each new one into its parent. */
    public static void createDirectories(Path directory) {
        Path existing = directory.toAbsolutePath();
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        try {
            Files.createDirectories(directory);
        } catch (IOException e) {
            throw StorageWriteException.of("Cannot create directory " + directory, e);
        }
        for (Path created = directory.toAbsolutePath(); created != null && !created.equals(existing);
                created = created.getParent()) {
            if (created.getParent() != null) {
                syncDirectory(created.getParent());
            }
        }
    }

    /** Writes {@code bytes[0, length)}; {@code halfway}, when not {@code null}, runs after the first half. */
    static void writeFully(FileChannel channel, byte[] bytes, int length, Runnable halfway) throws IOException {
        if (halfway != null) {
            writeFully(channel, ByteBuffer.wrap(bytes, 0, length / 2));
            halfway.run();
            writeFully(channel, ByteBuffer.wrap(bytes, length / 2, length - length / 2));
        } else {
            writeFully(channel, ByteBuffer.wrap(bytes, 0, length));
        }
    }

    /**
     * Writes the buffer's remaining bytes {@link #CHUNK} at a time: a heap buffer is copied into a
     * native one before each write, and a chunk's copy is still in cache when the system reads it
     * (a whole state file's copy, megabytes, was not).
     */
    private static void writeFully(FileChannel channel, ByteBuffer buffer) throws IOException {
        int end = buffer.limit();
        while (buffer.position() < end) {
            buffer.limit(Math.min(end, buffer.position() + CHUNK));
            while (buffer.hasRemaining()) {
                channel.write(buffer);
            }
        }
    }
}
