package dev.arus.engine.files;

import dev.arus.engine.streaming.StorageWriteException;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongFunction;

/**
 * The files of one numbered sequence (offsets entries, a state partition's deltas), made empty
 * ahead of the writes that fill them, so that such a write needs one {@code fsync}, of its
 * content, instead of two: the file's directory entry was made and synced earlier by the run's
 * {@link CheckpointMaintenance}, off the batch's path. A write that finds no reservation (the
 * first of a run, or one that outran the maintenance) takes the whole way of
 * {@link AtomicFiles#write}.
 *
 * <p>A reserved file stays empty until written, and every reader takes an empty or cut short
 * file above the last whole one for one never written: recovery looks for the last whole offsets
 * entry, and a state version above the one a run loads is never read. A write in place that a
 * crash interrupts leaves its file cut short, and the batch that wrote it is re-run from the
 * versions before it (see {@code Checkpoint}'s protocol). The files a run reserved and never
 * wrote are deleted as it ends ({@link #release}).
 */
public final class ReservedFiles {

    /** How many files are kept reserved ahead; half of them used up, the next are reserved. */
    static final int AHEAD = 16;

    private final Path directory;
    private final LongFunction<Path> fileOf;
    private final CheckpointMaintenance maintenance;
    private final AtomicBoolean reserving = new AtomicBoolean();
    // The last file reserved, published once the files and their directory entries are durable.
    // Writes come in increasing order, so every file up to it that is not yet written is reserved.
    private volatile long reservedTo = -1;
    private volatile long lastWritten = -1;

    ReservedFiles(Path directory, LongFunction<Path> fileOf, CheckpointMaintenance maintenance) {
        this.directory = directory;
        this.fileOf = fileOf;
        this.maintenance = maintenance;
    }

    /**
     * Makes {@code bytes[0, length)} the durable content of file {@code id}. {@code halfway}, when
     * not {@code null}, runs after the first half of the bytes is written (a test seam).
     */
    public void write(long id, byte[] bytes, int length, Runnable halfway) {
        Path file = fileOf.apply(id);
        long reserved = reservedTo;
        if (id > reserved || !writeInPlace(file, bytes, length, halfway)) {
            AtomicFiles.write(file, bytes, length, halfway);
        }
        lastWritten = id;
        if (reserved - id < AHEAD / 2 && reserving.compareAndSet(false, true)) {
            long from = Math.max(reserved, id) + 1;
            long to = id + AHEAD;
            maintenance.submit("reservation of " + fileOf.apply(from) + " to " + to, () -> reserve(from, to));
        }
    }

    /** Writes into the reserved file; {@code false} when it is gone. */
    private static boolean writeInPlace(Path file, byte[] bytes, int length, Runnable halfway) {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            AtomicFiles.writeFully(channel, bytes, length, halfway);
            channel.force(false);
            return true;
        } catch (NoSuchFileException gone) {
            return false;
        } catch (IOException e) {
            throw StorageWriteException.of("Cannot write " + file, e);
        }
    }

    private void reserve(long from, long to) {
        try {
            for (long id = from; id <= to; id++) {
                // Leaves a file that is there as it is: a leftover of a crashed run, empty or cut short.
                Files.newByteChannel(fileOf.apply(id), StandardOpenOption.CREATE, StandardOpenOption.WRITE).close();
            }
            AtomicFiles.syncDirectory(directory);
            reservedTo = to;
        } catch (IOException e) {
            throw StorageWriteException.of("Cannot reserve files in " + directory, e);
        } finally {
            reserving.set(false);
        }
    }

    /** Deletes the reserved files no write used, once the maintenance is idle; the run's end. */
    void release() {
        boolean deleted = false;
        for (long id = lastWritten + 1; id <= reservedTo; id++) {
            Path file = fileOf.apply(id);
            try {
                deleted |= Files.size(file) == 0 && Files.deleteIfExists(file);
            } catch (NoSuchFileException gone) {
                // Deleted by someone else: nothing to release.
            } catch (IOException e) {
                throw StorageWriteException.of("Cannot release " + file, e);
            }
        }
        if (deleted) {
            AtomicFiles.syncDirectory(directory);
        }
        reservedTo = -1;
    }
}
