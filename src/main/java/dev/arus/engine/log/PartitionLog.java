package dev.arus.engine.log;

import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.Schema;
import dev.arus.engine.files.AtomicFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.ClosedChannelException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * One partition of a stream: a directory of {@link Segment}s in offset order, the last one being
 * appended to until it reaches the segment size. Records get consecutive offsets from 0. The
 * durable end is the offset after the last record of the last group of appends synced to disk
 * in full: readers see only the records below it, so a record a query read is never lost to a
 * crash nor cut off again by a failed group. Appends, syncs and retention come
 * from one thread at a time (the log's committer); reads from any thread.
 */
final class PartitionLog implements AutoCloseable {

    private final Path directory;
    private final long segmentBytes;
    // Guarded by this.
    private final List<Segment> segments = new ArrayList<>();
    private final List<Segment> unsynced = new ArrayList<>();
    private final Map<UUID, Long> lastSequences = new HashMap<>();
    private long nextOffset;
    private volatile long durableEnd;

    private PartitionLog(Path directory, long segmentBytes) {
        this.directory = directory;
        this.segmentBytes = segmentBytes;
    }

    /**
     * The partition in {@code directory}, created when new: every segment's batches are indexed,
     * the last segment's checksums verified and its torn tail cut off.
     */
    static PartitionLog open(Path directory, long segmentBytes) {
        PartitionLog partition = new PartitionLog(directory, segmentBytes);
        try {
            AtomicFiles.createDirectories(directory);
            List<Long> bases;
            try (Stream<Path> files = Files.list(directory)) {
                bases = files.map(file -> file.getFileName().toString()).filter(name -> name.endsWith(".log"))
                        .map(name -> Long.parseLong(name.substring(0, name.length() - 4))).sorted().toList();
            }
            for (int i = 0; i < bases.size(); i++) {
                partition.segments.add(Segment.recover(directory, bases.get(i), i == bases.size() - 1));
            }
        } catch (IOException | UncheckedIOException e) {
            partition.close();
            throw LogException.io("Cannot open partition " + directory,
                    e instanceof UncheckedIOException unchecked ? unchecked.getCause() : (IOException) e);
        } catch (NumberFormatException e) {
            partition.close();
            throw LogException.damaged(directory, "a segment file name is not an offset");
        }
        if (partition.segments.isEmpty()) {
            partition.segments.add(Segment.create(directory, 0));
        }
        partition.nextOffset = partition.active().nextOffset();
        partition.durableEnd = partition.nextOffset;
        partition.rememberProducers();
        return partition;
    }

    private Segment active() {
        return segments.get(segments.size() - 1);
    }

    /** Where the partition's appends stand, to go back to if a group of appends fails. */
    record Mark(int segments, long size, long nextOffset) {
    }

    synchronized Mark mark() {
        return new Mark(segments.size(), active().size(), nextOffset);
    }

    private void rememberProducers() {
        lastSequences.clear();
        for (Segment segment : segments) {
            segment.producers().forEach(producer -> lastSequences.put(producer.id(), producer.sequence()));
        }
    }

    /**
     * Appends {@code batch}, not synced, stamped with the next offset and {@code ingestMicros};
     * returns its base offset, or -1 when {@code producer} (may be null) wrote this sequence
     * number here already, and nothing was appended. Once the active segment is full, it is
     * synced and sealed and a new one started.
     */
    synchronized long append(RecordBatchCodec.Unstamped batch, long ingestMicros, Producer producer) {
        if (producer != null && producer.sequence() <= lastSequences.getOrDefault(producer.id(), -1L)) {
            return -1;
        }
        if (active().size() >= segmentBytes) {
            Segment full = active();
            full.sync();
            full.seal();
            segments.add(Segment.create(directory, nextOffset));
        }
        long base = nextOffset;
        ByteBuffer stamped = RecordBatchCodec.stamp(batch, base, ingestMicros, producer);
        RecordBatchCodec.Header header = RecordBatchCodec.readHeader(stamped.duplicate());
        Segment segment = active();
        segment.append(stamped, header);
        if (!unsynced.contains(segment)) {
            unsynced.add(segment);
        }
        nextOffset = header.nextOffset();
        if (producer != null) {
            lastSequences.put(producer.id(), producer.sequence());
        }
        return base;
    }

    /** Makes every append so far durable; readers see them once {@link #publish published}. */
    synchronized void sync() {
        for (Segment segment : unsynced) {
            segment.sync();
        }
        unsynced.clear();
    }

    /** Lets readers read every append so far: called once they are synced, in every partition their group wrote. */
    synchronized void publish() {
        durableEnd = nextOffset;
    }

    /** Cuts off whatever was appended since {@code mark}, as if it never was. */
    synchronized void rollback(Mark mark) {
        while (segments.size() > mark.segments()) {
            Segment added = segments.remove(segments.size() - 1);
            unsynced.remove(added);
            added.delete();
        }
        active().truncate(mark.size());
        nextOffset = mark.nextOffset();
        rememberProducers();
    }

    /** The offset after the last durable record: what readers may read up to. */
    long durableEnd() {
        return durableEnd;
    }

    /** When the record at {@code offset} was appended, in microseconds; -1 when it is not kept or not durable. */
    long ingestMicrosAt(long offset) {
        if (offset >= durableEnd) {
            return -1;
        }
        Segment segment;
        synchronized (this) {
            if (offset < segments.get(0).baseOffset()) {
                return -1;
            }
            segment = segmentOf(offset);
        }
        return segment.ingestMicrosAt(offset);
    }

    /** The first offset still kept (retention deletes whole segments from the front). */
    synchronized long earliestOffset() {
        return segments.get(0).baseOffset();
    }

    synchronized long sizeBytes() {
        return segments.stream().mapToLong(Segment::size).sum();
    }

    /**
     * Deletes the oldest segments that {@code expired} says may go, keeping the active one; stops
     * at the first that may not. Returns how many went.
     */
    synchronized int deleteOldest(Predicate<Segment> expired) {
        int deleted = 0;
        while (segments.size() > 1 && expired.test(segments.get(0))) {
            segments.remove(0).delete();
            deleted++;
        }
        return deleted;
    }

    /** The segments from the oldest on; the last is being appended to. */
    synchronized List<Segment> segments() {
        return List.copyOf(segments);
    }

    /**
     * Pushes the records {@code [from, to)} to {@code consumer}, in chunks of at most
     * {@link ColumnarBatch#CHUNK_SIZE} rows decoded into {@code chunk} (the stream's columns, then
     * {@code ingest_time}; of the stream's columns only those at {@code columns}, null: all, the
     * others NULL); {@code to} must not pass the durable end.
     *
     * @throws LogException when a record is no longer kept, or a batch does not match its checksum
     */
    void read(Schema schema, long from, long to, BitSet columns, ColumnarBatch chunk,
              Consumer<ColumnarBatch> consumer) {
        // Grown to the largest batch read (readBatch): a live query reads a few small batches a trigger.
        ByteBuffer buffer = ByteBuffer.allocate(RecordBatchCodec.HEADER_BYTES).order(ByteOrder.LITTLE_ENDIAN);
        long offset = from;
        while (offset < to) {
            Segment segment = segmentOf(offset);
            long[] located = segment.locate(offset);
            if (located == null) {
                throw new LogException(LogException.LOG_DAMAGED, "Offset " + offset + " is not in "
                        + segment.logFile());
            }
            long position = located[0];
            while (offset < to && position < segment.size()) {
                buffer = readBatch(segment, position, buffer);
                RecordBatchCodec.Header header = RecordBatchCodec.readHeader(buffer);
                int skip = (int) (offset - header.baseOffset());
                int rows = (int) (Math.min(to, header.nextOffset()) - offset);
                RecordBatchCodec.Reader batch = new RecordBatchCodec.Reader(schema, header, buffer, columns);
                for (int done = 0; done < rows; ) {
                    int size = Math.min(ColumnarBatch.CHUNK_SIZE, rows - done);
                    chunk.ensureCapacity(size);
                    batch.read(skip + done, size, chunk);
                    consumer.accept(chunk);
                    done += size;
                }
                offset += rows;
                position += header.totalBytes();
            }
        }
    }

    private synchronized Segment segmentOf(long offset) {
        if (offset < segments.get(0).baseOffset()) {
            throw new LogException(LogException.DATA_LOST, "[" + LogException.DATA_LOST + "] Offset " + offset + " of " + directory
                    + " is no longer kept: the earliest kept is " + segments.get(0).baseOffset());
        }
        for (int i = segments.size() - 1; i >= 0; i--) {
            if (segments.get(i).baseOffset() <= offset) {
                return segments.get(i);
            }
        }
        throw new IllegalStateException("unreachable");
    }

    /** Reads the whole batch at {@code position} into a buffer (grown as needed), checked against its checksum. */
    private static ByteBuffer readBatch(Segment segment, long position, ByteBuffer buffer) {
        try {
            buffer.clear().limit(RecordBatchCodec.HEADER_BYTES);
            segment.readFully(buffer, position);
            buffer.flip();
            RecordBatchCodec.Header header = RecordBatchCodec.readHeader(buffer.duplicate());
            if (header == null) {
                throw LogException.damaged(segment.logFile(), "no record batch at byte " + position);
            }
            if (buffer.capacity() < header.totalBytes()) {
                buffer = ByteBuffer.allocate(header.totalBytes()).order(ByteOrder.LITTLE_ENDIAN);
            }
            buffer.clear().limit(header.totalBytes());
            segment.readFully(buffer, position);
            buffer.flip();
            if (buffer.remaining() < header.totalBytes() || !RecordBatchCodec.intact(buffer, header)) {
                throw LogException.damaged(segment.logFile(), "the record batch at byte " + position
                        + " does not match its checksum");
            }
            return buffer;
        } catch (ClosedChannelException deleted) {
            throw new LogException(LogException.DATA_LOST, "[" + LogException.DATA_LOST + "] "
                    + segment.logFile() + " was deleted by retention while being read");
        } catch (IOException e) {
            throw LogException.io("Cannot read " + segment.logFile(), e);
        }
    }

    @Override
    public synchronized void close() {
        segments.forEach(Segment::close);
    }
}
