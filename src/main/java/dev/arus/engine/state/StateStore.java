package dev.arus.engine.state;

import dev.arus.engine.streaming.CheckpointException;
import dev.arus.engine.files.AtomicFiles;
import dev.arus.engine.files.CheckpointMaintenance;
import dev.arus.engine.files.ProtocolProbe;
import dev.arus.engine.files.ReservedFiles;
import dev.arus.engine.streaming.StorageWriteException;
import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.TreeSet;
import java.util.stream.Stream;
import java.util.zip.CRC32;

/**
 * The versioned state of one operator partition, as Spark's {@code HDFSBackedStateStore}.
 * Version v is the state after batch v-1; version 0 is empty. {@link #commit} turns the batch's
 * changes (a delta: removed and upserted entries, serialised by the operator) into the next
 * version and returns it, {@link #abort} forgets them, {@link #load} rebuilds a version from the
 * latest snapshot at or below it plus the deltas after it. A store without a directory only
 * counts versions; an operator need not serialise anything for it. A snapshot is serialised with
 * its batch but written to disk, and the files it makes unneeded deleted, by the query run's
 * {@link CheckpointMaintenance}: only the delta is on the batch's path, written in place into a
 * file the maintenance reserved ahead ({@link ReservedFiles}).
 *
 * <p>A file is {@code <version>.delta} or {@code <version>.snapshot}: a header (magic
 * {@code ARUS}, format 1, kind, version, payload length), the payload, and the payload's CRC-32,
 * so that a truncated or corrupt file is detected and named.
 */
public final class StateStore {

    /** Spark's {@code spark.sql.streaming.stateStore.minDeltasForSnapshot}. */
    public static final int DEFAULT_MIN_DELTAS_FOR_SNAPSHOT = 10;

    private static final int MAGIC = 0x41525553; // "ARUS"
    private static final byte FORMAT = 1;
    private static final byte DELTA = 'D';
    private static final byte SNAPSHOT = 'S';
    private static final int HEADER = 4 + 1 + 1 + 8 + 4;

    /** Writes what the batch being committed changed, a delta, in the operator's format. */
    @FunctionalInterface
    public interface DeltaWriter {
        void write(StateBuffer out);
    }

    /** Writes the whole state, for a snapshot, in the operator's delta format. */
    public interface SnapshotWriter {
        void write(StateBuffer out);

        /**
         * The bytes {@link #write} writes now, or -1 when they are not known before it writes them:
         * a snapshot's buffer is then grown as it is written, copied at each doubling.
         */
        default int size() {
            return -1;
        }
    }

    /** Applies one file's payload (a snapshot to empty state, or a delta) during {@link #load}. */
    public interface Loader {
        void apply(DataInputStream payload) throws IOException;
    }

    private final Path directory;
    private final int minDeltasForSnapshot;
    private final int minVersionsToRetain;
    private final CheckpointMaintenance maintenance;
    // A delta goes in place into a file reserved ahead: one sync on the batch's path instead of two.
    private final ReservedFiles deltaFiles;
    private long version;
    // Reused: a delta is written and framed in it every batch, on the batch's thread.
    private final StateBuffer deltaFile = new StateBuffer();

    private StateStore(Path directory, int minDeltasForSnapshot, int minVersionsToRetain,
                       CheckpointMaintenance maintenance) {
        this.directory = directory;
        this.minDeltasForSnapshot = minDeltasForSnapshot;
        this.minVersionsToRetain = minVersionsToRetain;
        this.maintenance = maintenance;
        this.deltaFiles = directory == null || maintenance == null ? null
                : maintenance.reserve(directory, v -> fileOf(v, DELTA));
    }

    public static StateStore inMemory() {
        return new StateStore(null, DEFAULT_MIN_DELTAS_FOR_SNAPSHOT, 0, null);
    }

    public static StateStore onDisk(Path directory, int minDeltasForSnapshot, int minVersionsToRetain,
                                    CheckpointMaintenance maintenance) {
        return new StateStore(directory, minDeltasForSnapshot, minVersionsToRetain, maintenance);
    }

    /**
     * A store that only {@link #load}s the versions a run committed in {@code directory}, for a
     * reader of the state: it reserves, writes and deletes nothing, and cannot commit.
     */
    public static StateStore readOnly(Path directory) {
        return new StateStore(directory, DEFAULT_MIN_DELTAS_FOR_SNAPSHOT, 0, null);
    }

    /** Whether versions are written to disk, so that the operator must hand over its changes. */
    public boolean durable() {
        return directory != null;
    }

    /** The last committed (or loaded) version. */
    public long version() {
        return version;
    }

    /**
     * Makes the changes {@code delta} writes version {@link #version()} + 1 and returns it; every
     * {@code minDeltasForSnapshot} versions {@code snapshot} also writes the whole state. A store
     * that keeps nothing calls neither. {@code batchId} only labels the protocol step for tests.
     */
    public long commit(DeltaWriter delta, SnapshotWriter snapshot, long batchId) {
        long next = version + 1;
        if (directory != null && maintenance == null) {
            throw new IllegalStateException("a read-only state store cannot commit: " + directory);
        }
        if (directory != null) {
            if (version == 0 || !Files.isDirectory(directory)) {
                AtomicFiles.createDirectories(directory);
            }
            // Written where it is framed: copied there, a delta's bytes were copied once more than needed.
            deltaFile.reset();
            deltaFile.extend(HEADER);
            delta.write(deltaFile);
            writeFile(deltaFile, next, DELTA, batchId);
            if (next % minDeltasForSnapshot == 0) {
                // Serialised where it will be framed and written: a buffer of the snapshot's size, if known.
                int size = snapshot.size();
                StateBuffer whole = size < 0 ? new StateBuffer() : new StateBuffer(HEADER + size + 4);
                whole.extend(HEADER);
                snapshot.write(whole);
                maintenance.submit("snapshot " + fileOf(next, SNAPSHOT), () -> {
                    writeFile(whole, next, SNAPSHOT, -1);
                    purge(next);
                });
            }
            ProtocolProbe.reached(ProtocolProbe.Step.STATE_COMMITTED, batchId);
        }
        version = next;
        return next;
    }

    /** Forgets the changes of a batch that failed; the operator must {@link #load} the last version. */
    public void abort() {
        // Nothing was written for the uncommitted version.
    }

    /**
     * Rebuilds version {@code target}: the latest snapshot at or below it, then each delta after
     * it, given to {@code loader} in order. Version 0 is the empty state.
     *
     * @throws CheckpointException naming the file that is missing, truncated or corrupt
     */
    public void load(long target, Loader loader) {
        if (target > 0) {
            if (directory == null) {
                throw new IllegalStateException("an in-memory state store cannot load version " + target);
            }
            TreeSet<Long> snapshots = versions(".snapshot");
            Long base = snapshots.floor(target);
            long from = 1;
            if (base != null) {
                apply(base, SNAPSHOT, loader);
                from = base + 1;
            }
            for (long v = from; v <= target; v++) {
                apply(v, DELTA, loader);
            }
        }
        version = target;
    }

    private void apply(long v, byte kind, Loader loader) {
        Path path = fileOf(v, kind);
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(path);
        } catch (NoSuchFileException e) {
            throw CheckpointException.damaged(path, "the file is missing; state version " + v + " cannot be rebuilt");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (bytes.length < HEADER + 4) {
            throw CheckpointException.damaged(path, "it is truncated: " + bytes.length + " bytes, shorter than a header");
        }
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        if (buffer.getInt() != MAGIC || buffer.get() != FORMAT) {
            throw CheckpointException.damaged(path, "it is not an Arus state file (wrong magic number or format)");
        }
        if (buffer.get() != kind || buffer.getLong() != v) {
            throw CheckpointException.damaged(path, "its header names another kind or version than its file name");
        }
        int length = buffer.getInt();
        if (length < 0 || HEADER + (long) length + 4 != bytes.length) {
            throw CheckpointException.damaged(path, "it is truncated or has trailing bytes: " + bytes.length
                    + " bytes for a payload of " + length);
        }
        CRC32 crc = new CRC32();
        crc.update(bytes, HEADER, length);
        if ((int) crc.getValue() != ByteBuffer.wrap(bytes, HEADER + length, 4).getInt()) {
            throw CheckpointException.damaged(path, "its checksum does not match its content (corrupt)");
        }
        try {
            loader.apply(new DataInputStream(new ByteArrayInputStream(bytes, HEADER, length)));
        } catch (IOException | RuntimeException e) {
            throw CheckpointException.damaged(path, "its entries cannot be read: " + e);
        }
    }

    /**
     * Frames the payload in {@code out} after its first {@link #HEADER} bytes, left for the header,
     * as the file of version {@code v}, then writes it.
     */
    private void writeFile(StateBuffer out, long v, byte kind, long batchId) {
        int length = out.size() - HEADER;
        out.putInt(0, MAGIC);
        out.putByte(4, FORMAT);
        out.putByte(5, kind);
        out.putLong(6, v);
        out.putInt(14, length);
        CRC32 crc = new CRC32();
        crc.update(out.array(), HEADER, length);
        out.writeInt((int) crc.getValue());
        Runnable halfway = batchId >= 0 && ProtocolProbe.installed()
                ? () -> ProtocolProbe.reached(ProtocolProbe.Step.STATE_HALF_WRITTEN, batchId) : null;
        if (kind == DELTA) {
            deltaFiles.write(v, out.array(), out.size(), halfway);
        } else {
            AtomicFiles.write(fileOf(v, kind), out.array(), out.size(), halfway);
        }
    }

    private Path fileOf(long v, byte kind) {
        return directory.resolve(v + (kind == SNAPSHOT ? ".snapshot" : ".delta"));
    }

    /**
     * Deletes the files no version among the last {@code minVersionsToRetain} needs: everything
     * below the latest snapshot that is at or below the oldest version kept.
     */
    private void purge(long current) {
        long oldestKept = current - minVersionsToRetain + 1;
        Long base = versions(".snapshot").floor(oldestKept);
        if (base == null) {
            return;
        }
        try (Stream<Path> files = Files.list(directory)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                Long v = versionOf(file, ".delta");
                if (v == null) {
                    v = versionOf(file, ".snapshot");
                }
                if (v != null && v < base) {
                    Files.deleteIfExists(file);
                }
            }
        } catch (IOException e) {
            throw StorageWriteException.of("Cannot delete the old state files of " + directory, e);
        }
    }

    private TreeSet<Long> versions(String suffix) {
        TreeSet<Long> found = new TreeSet<>();
        if (!Files.isDirectory(directory)) {
            return found;
        }
        try (Stream<Path> files = Files.list(directory)) {
            files.map(f -> versionOf(f, suffix)).filter(v -> v != null).forEach(found::add);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return found;
    }

    private static Long versionOf(Path file, String suffix) {
        String name = file.getFileName().toString();
        if (AtomicFiles.isTemporary(file) || !name.endsWith(suffix)) {
            return null;
        }
        try {
            return Long.parseLong(name.substring(0, name.length() - suffix.length()));
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
