package dev.arus.engine.log;

import dev.arus.engine.files.AtomicFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;

/**
 * One file of a partition's log, {@code <baseOffset>.log} (20 digits), holding whole record
 * batches back to back, and its index {@code <baseOffset>.index}: per batch, its base offset,
 * file position, record count, ingest time and producer (56 bytes, little-endian), so that a
 * reader finds the batch holding an offset without scanning, and opening a full segment reads
 * its index instead of its log. The index is written after its batch and synced when the
 * segment is full; an index that disagrees with its log is rebuilt from the log's headers. The
 * segment being appended to is always rebuilt, its checksums verified, as a crash may have
 * torn its tail. Appends come from one thread at a time; reads from any, with positional reads.
 * A FileChannel closes, for every thread, when a thread using it is interrupted: an append runs
 * on whichever request thread writes the group, so the files are opened again when that
 * happened, and writes hold back an interrupt already pending.
 */
final class Segment implements AutoCloseable {

    private static final int INDEX_ENTRY = 56;

    private final long baseOffset;
    private final Path logFile;
    private final Path indexFile;
    // Guarded by this: opened again by log() and index() after an interrupt closed them.
    private FileChannel log;
    private FileChannel index;
    private boolean closed;

    // Guarded by this: the batches' base offsets, positions, counts and producers, in order.
    private long[] batchOffsets = new long[64];
    private long[] batchPositions = new long[64];
    private final List<RecordBatchCodec.Header> headers = new ArrayList<>();
    private long size;
    private long nextOffset;
    private long lastIngestMicros;

    private Segment(long baseOffset, Path logFile, Path indexFile, FileChannel log, FileChannel index) {
        this.baseOffset = baseOffset;
        this.logFile = logFile;
        this.indexFile = indexFile;
        this.log = log;
        this.index = index;
        this.nextOffset = baseOffset;
    }

    static String fileName(long baseOffset, String suffix) {
        return String.format("%020d", baseOffset) + suffix;
    }

    /** A new, empty segment starting at {@code baseOffset}, its files' names forced into the directory. */
    static Segment create(Path directory, long baseOffset) {
        Segment segment = open(directory, baseOffset);
        AtomicFiles.syncDirectory(directory);
        return segment;
    }

    /**
     * The segment of {@code directory} starting at {@code baseOffset}. A full segment ({@code
     * active} false) is read from its index when the index matches the log; otherwise, and always
     * for the active segment, every batch header is read (and for the active one every checksum)
     * and a torn tail, the part of a last batch a crash left unfinished, is cut off.
     *
     * @throws LogException naming the file when a batch before the last is damaged
     */
    static Segment recover(Path directory, long baseOffset, boolean active) {
        Segment segment = open(directory, baseOffset);
        try {
            if (active || !segment.loadIndex()) {
                segment.scan(active);
            }
        } catch (IOException e) {
            segment.close();
            throw LogException.io("Cannot read " + segment.logFile, e);
        } catch (LogException damaged) {
            segment.close();
            throw damaged;
        }
        return segment;
    }

    private static Segment open(Path directory, long baseOffset) {
        Path logFile = directory.resolve(fileName(baseOffset, ".log"));
        Path indexFile = directory.resolve(fileName(baseOffset, ".index"));
        try {
            FileChannel log = FileChannel.open(logFile, StandardOpenOption.CREATE, StandardOpenOption.READ,
                    StandardOpenOption.WRITE);
            FileChannel index = FileChannel.open(indexFile, StandardOpenOption.CREATE, StandardOpenOption.READ,
                    StandardOpenOption.WRITE);
            return new Segment(baseOffset, logFile, indexFile, log, index);
        } catch (IOException e) {
            throw LogException.writing("Cannot open " + logFile, e);
        }
    }

    /**
     * Takes the batches from the index when it is whole and agrees with the log: consecutive
     * offsets from the segment's base, and a last batch whose header is where the index says and
     * that ends where the log does. Returns whether it did.
     */
    private boolean loadIndex() throws IOException {
        long indexSize = index.size();
        long logSize = log.size();
        if (indexSize == 0 || indexSize % INDEX_ENTRY != 0 || indexSize > Integer.MAX_VALUE) {
            return false;
        }
        ByteBuffer entries = ByteBuffer.allocate((int) indexSize).order(ByteOrder.LITTLE_ENDIAN);
        while (entries.hasRemaining()) {
            if (index.read(entries, entries.position()) < 0) {
                return false;
            }
        }
        entries.flip();
        int entryCount = (int) (indexSize / INDEX_ENTRY);
        long[] positions = new long[entryCount];
        List<RecordBatchCodec.Header> loaded = new ArrayList<>(entryCount);
        long expected = baseOffset;
        for (int i = 0; i < entryCount; i++) {
            long offset = entries.getLong();
            positions[i] = entries.getLong();
            int count = entries.getInt();
            entries.getInt();
            long ingest = entries.getLong();
            long idHigh = entries.getLong();
            long idLow = entries.getLong();
            long sequence = entries.getLong();
            if (offset != expected || count < 0 || (i > 0 && positions[i] <= positions[i - 1])) {
                return false;
            }
            Producer producer = idHigh == 0 && idLow == 0 ? null : new Producer(new UUID(idHigh, idLow), sequence);
            loaded.add(new RecordBatchCodec.Header(offset, count, ingest, producer, 0, 0));
            expected = offset + count;
        }
        long lastPosition = positions[entryCount - 1];
        RecordBatchCodec.Header last = readHeader(ByteBuffer.allocate(RecordBatchCodec.HEADER_BYTES), lastPosition);
        RecordBatchCodec.Header indexed = loaded.get(entryCount - 1);
        if (last == null || last.baseOffset() != indexed.baseOffset() || last.count() != indexed.count()
                || lastPosition + last.totalBytes() != logSize) {
            return false;
        }
        for (int i = 0; i < entryCount; i++) {
            remember(loaded.get(i), positions[i]);
        }
        size = logSize;
        return true;
    }

    /**
     * Reads every batch header, rewrites the index, and for the active segment checks every
     * checksum and cuts a torn tail. A batch is written with one write after the last, and a
     * segment is synced before the next one starts, so a crash can only have torn the active
     * segment's last batch: cut short, or with some of its pages still zeros. A batch that cannot
     * be read with a whole batch after it is damage instead, and so is any in a full segment.
     */
    private void scan(boolean active) throws IOException {
        long fileSize = log.size();
        long position = 0;
        long expected = baseOffset;
        ByteBuffer header = ByteBuffer.allocate(RecordBatchCodec.HEADER_BYTES);
        while (position < fileSize) {
            RecordBatchCodec.Header batch = readHeader(header, position);
            boolean whole = batch != null && position + batch.totalBytes() <= fileSize
                    && batch.baseOffset() == expected;
            if (!whole || (active && !checksumMatches(batch, position))) {
                boolean torn = active && !wholeBatchAfter(position, fileSize);
                if (!torn) {
                    throw LogException.damaged(logFile, "the record batch at byte " + position
                            + (whole ? " does not match its checksum" : " is not a whole batch"));
                }
                log.truncate(position);
                fileSize = position;
                break;
            }
            remember(batch, position);
            position += batch.totalBytes();
            expected = batch.nextOffset();
        }
        size = fileSize;
        writeIndex();
    }

    /**
     * Whether a whole batch, matching its checksum, starts anywhere after {@code position}: then
     * the unreadable bytes at {@code position} are damage, not a torn tail.
     */
    private boolean wholeBatchAfter(long position, long fileSize) throws IOException {
        long restBytes = fileSize - position - 1;
        if (restBytes < RecordBatchCodec.HEADER_BYTES) {
            return false;
        }
        ByteBuffer rest = ByteBuffer.allocate((int) Math.min(restBytes, Integer.MAX_VALUE - 8))
                .order(ByteOrder.LITTLE_ENDIAN);
        readFully(rest, position + 1);
        rest.flip();
        for (int at = 0; at + RecordBatchCodec.HEADER_BYTES <= rest.limit(); at++) {
            if (rest.getInt(at) != RecordBatchCodec.MAGIC) {
                continue;
            }
            ByteBuffer candidate = rest.duplicate().position(at);
            RecordBatchCodec.Header header = RecordBatchCodec.readHeader(candidate.duplicate());
            if (header != null && at + (long) header.totalBytes() <= rest.limit()
                    && RecordBatchCodec.intact(candidate, header)) {
                return true;
            }
        }
        return false;
    }

    private RecordBatchCodec.Header readHeader(ByteBuffer header, long position) throws IOException {
        header.clear();
        readFully(header, position);
        header.flip();
        return header.remaining() < RecordBatchCodec.HEADER_BYTES ? null : RecordBatchCodec.readHeader(header);
    }

    private boolean checksumMatches(RecordBatchCodec.Header batch, long position) throws IOException {
        ByteBuffer whole = ByteBuffer.allocate(batch.totalBytes());
        readFully(whole, position);
        whole.flip();
        return whole.remaining() == batch.totalBytes() && RecordBatchCodec.intact(whole, batch);
    }

    private void writeIndex() throws IOException {
        ByteBuffer entries = ByteBuffer.allocate(headers.size() * INDEX_ENTRY).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < headers.size(); i++) {
            putEntry(entries, headers.get(i), batchPositions[i]);
        }
        entries.flip();
        index.truncate(0);
        while (entries.hasRemaining()) {
            index.write(entries, entries.position());
        }
    }

    private static void putEntry(ByteBuffer entries, RecordBatchCodec.Header header, long position) {
        Producer producer = header.producer();
        entries.putLong(header.baseOffset()).putLong(position).putInt(header.count()).putInt(0)
                .putLong(header.ingestTimeMicros())
                .putLong(producer == null ? 0 : producer.id().getMostSignificantBits())
                .putLong(producer == null ? 0 : producer.id().getLeastSignificantBits())
                .putLong(producer == null ? -1 : producer.sequence());
    }

    private void remember(RecordBatchCodec.Header batch, long position) {
        int batches = headers.size();
        if (batches == batchOffsets.length) {
            batchOffsets = Arrays.copyOf(batchOffsets, batches * 2);
            batchPositions = Arrays.copyOf(batchPositions, batches * 2);
        }
        batchOffsets[batches] = batch.baseOffset();
        batchPositions[batches] = position;
        headers.add(batch);
        nextOffset = batch.nextOffset();
        lastIngestMicros = batch.ingestTimeMicros();
    }

    long baseOffset() {
        return baseOffset;
    }

    synchronized long nextOffset() {
        return nextOffset;
    }

    synchronized long size() {
        return size;
    }

    /** The ingest time of its last batch, in microseconds; 0 while empty. */
    synchronized long lastIngestMicros() {
        return lastIngestMicros;
    }

    /** The producers of its batches, in order, with their sequence numbers. */
    synchronized List<Producer> producers() {
        return headers.stream().map(RecordBatchCodec.Header::producer).filter(p -> p != null).toList();
    }

    Path logFile() {
        return logFile;
    }

    /** The log file's channel: open, unless the segment was closed. */
    private synchronized FileChannel log() throws IOException {
        if (!log.isOpen() && !closed) {
            log = FileChannel.open(logFile, StandardOpenOption.READ, StandardOpenOption.WRITE);
        }
        return log;
    }

    private synchronized FileChannel index() throws IOException {
        if (!index.isOpen() && !closed) {
            index = FileChannel.open(indexFile, StandardOpenOption.READ, StandardOpenOption.WRITE);
        }
        return index;
    }

    /** One read or write of the segment's files, run with its thread's pending interrupt held back and set again after. */
    private interface FileWork {
        void run() throws IOException;
    }

    private static void holdingInterrupt(FileWork work) throws IOException {
        boolean interrupted = Thread.interrupted();
        try {
            work.run();
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * Appends the encoded batch in {@code batch} (position to limit), not synced, and indexes it.
     */
    synchronized void append(ByteBuffer batch, RecordBatchCodec.Header header) {
        try {
            holdingInterrupt(() -> write(batch, header));
        } catch (IOException e) {
            throw LogException.writing("Cannot append to " + logFile, e);
        }
    }

    private void write(ByteBuffer batch, RecordBatchCodec.Header header) throws IOException {
        long position = size;
        long at = position;
        FileChannel log = log();
        while (batch.hasRemaining()) {
            at += log.write(batch, at);
        }
        size = at;
        remember(header, position);
        ByteBuffer entry = ByteBuffer.allocate(INDEX_ENTRY).order(ByteOrder.LITTLE_ENDIAN);
        putEntry(entry, header, position);
        entry.flip();
        long entryAt = (long) (headers.size() - 1) * INDEX_ENTRY;
        FileChannel index = index();
        while (entry.hasRemaining()) {
            entryAt += index.write(entry, entryAt);
        }
    }

    /** Cuts the segment back to {@code bytes}, dropping the batches that start at or after it (a failed group of appends). */
    synchronized void truncate(long bytes) {
        try {
            holdingInterrupt(() -> log().truncate(bytes));
            while (!headers.isEmpty() && batchPositions[headers.size() - 1] >= bytes) {
                headers.remove(headers.size() - 1);
            }
            holdingInterrupt(() -> index().truncate((long) headers.size() * INDEX_ENTRY));
            size = bytes;
            nextOffset = headers.isEmpty() ? baseOffset : headers.get(headers.size() - 1).nextOffset();
        } catch (IOException e) {
            throw LogException.writing("Cannot truncate " + logFile, e);
        }
    }

    /** Makes every append so far durable ({@code fsync} of the log; the index is rebuilt if lost). */
    void sync() {
        try {
            FileChannel log = log();
            holdingInterrupt(() -> log.force(false));
        } catch (IOException e) {
            throw LogException.writing("Cannot sync " + logFile, e);
        }
    }

    /** Makes the index durable too, once the segment is full, so that opening the log need not read this one. */
    void seal() {
        try {
            FileChannel index = index();
            holdingInterrupt(() -> index.force(false));
        } catch (IOException e) {
            throw LogException.writing("Cannot sync " + indexFile, e);
        }
    }

    /** The position of the batch holding {@code offset}, and its base offset; null when none does. */
    synchronized long[] locate(long offset) {
        int batches = headers.size();
        if (batches == 0 || offset < batchOffsets[0] || offset >= nextOffset) {
            return null;
        }
        int found = Arrays.binarySearch(batchOffsets, 0, batches, offset);
        int batch = found >= 0 ? found : -found - 2;
        return new long[] {batchPositions[batch], batchOffsets[batch]};
    }
    /** When the batch holding {@code offset} was appended, in microseconds; -1 when none holds it. */
    synchronized long ingestMicrosAt(long offset) {
        int batches = headers.size();
        if (batches == 0 || offset < batchOffsets[0] || offset >= nextOffset) {
            return -1;
        }
        int found = Arrays.binarySearch(batchOffsets, 0, batches, offset);
        return headers.get(found >= 0 ? found : -found - 2).ingestTimeMicros();
    }

    /**
     * Reads {@code buffer.remaining()} bytes (fewer at the end of the file) from {@code position}.
     * A reader's pending interrupt is held back, as a write's is; a channel another thread's
     * interrupt closed under the read is read again once reopened, so only the segment's own close
     * fails a read with {@link java.nio.channels.ClosedChannelException}.
     */
    void readFully(ByteBuffer buffer, long position) throws IOException {
        int start = buffer.position();
        while (true) {
            try {
                holdingInterrupt(() -> readFrom(log(), buffer, position));
                return;
            } catch (ClosedChannelException closedUnderTheRead) {
                if (isClosed()) {
                    throw closedUnderTheRead;
                }
                buffer.position(start);
            }
        }
    }

    private static void readFrom(FileChannel log, ByteBuffer buffer, long position) throws IOException {
        long at = position;
        while (buffer.hasRemaining()) {
            int read = log.read(buffer, at);
            if (read < 0) {
                return;
            }
            at += read;
        }
    }

    private synchronized boolean isClosed() {
        return closed;
    }

    /** Closes and removes both files. */
    void delete() {
        close();
        try {
            Files.deleteIfExists(logFile);
            Files.deleteIfExists(indexFile);
        } catch (IOException e) {
            throw LogException.writing("Cannot delete " + logFile, e);
        }
    }

    @Override
    public synchronized void close() {
        closed = true;
        try {
            log.close();
            index.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
