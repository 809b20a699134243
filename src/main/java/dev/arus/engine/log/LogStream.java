package dev.arus.engine.log;

import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.Schema;
import java.util.Arrays;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;

/**
 * One named stream of the log: its partitions, the appends written to them, its readers, each
 * with the offsets up to which it has committed (read and durably done with), and its writers,
 * the queries whose sink writes it. A stream with a reader or a writer is in use. A request's
 * records go to the partition of their key field's value, or, without a key field, all to the
 * next partition in turn, so that a request is one record batch. Thread-safe.
 */
public final class LogStream {

    private final StreamDefinition definition;
    private final PartitionLog[] partitions;
    private final GroupCommitter committer;
    private final AtomicInteger nextPartition = new AtomicInteger();
    private final Map<UUID, Reader> readers = new ConcurrentHashMap<>();
    private final Map<UUID, String> writers = new ConcurrentHashMap<>();
    private final LongAdder appended = new LongAdder();
    private final LongAdder appendedBytes = new LongAdder();
    private final LongAdder groupCommits = new LongAdder();
    private final LongAdder syncNanos = new LongAdder();
    private volatile long lastSyncNanos;
    private final List<Runnable> durableListeners = new CopyOnWriteArrayList<>();

    /** An active reader: who it is (a query's name or id) and, per partition, the offset below which it is done. */
    public record Reader(String label, long[] committed) {
    }

    LogStream(StreamDefinition definition, PartitionLog[] partitions, GroupCommitter committer) {
        this.definition = definition;
        this.partitions = partitions;
        this.committer = committer;
    }

    public StreamDefinition definition() {
        return definition;
    }

    public String name() {
        return definition.name();
    }

    PartitionLog partition(int partition) {
        return partitions[partition];
    }

    /**
     * Appends {@code rows} (of the stream's declared schema) and completes once they are durable,
     * with where they went; a failed write completes exceptionally, and none of them was kept.
     */
    public CompletableFuture<AppendResult> append(ColumnarBatch rows) {
        return append(rows, null);
    }

    /**
     * Appends {@code rows} as {@code producer}'s batch: in each partition where that producer
     * already wrote this sequence number, they are not written again (the result leaves that
     * partition out).
     */
    public CompletableFuture<AppendResult> append(ColumnarBatch rows, Producer producer) {
        ColumnarBatch[] byPartition = split(rows);
        RecordBatchCodec.Unstamped[] encoded = new RecordBatchCodec.Unstamped[byPartition.length];
        for (int p = 0; p < byPartition.length; p++) {
            if (byPartition[p] != null && byPartition[p].size() > 0) {
                encoded[p] = RecordBatchCodec.encode(definition.schema(), byPartition[p]);
            }
        }
        CompletableFuture<AppendResult> done = new CompletableFuture<>();
        committer.submit(new GroupCommitter.Append(this, encoded, producer, done));
        return done;
    }

    private ColumnarBatch[] split(ColumnarBatch rows) {
        ColumnarBatch[] byPartition = new ColumnarBatch[partitions.length];
        int turn = Math.floorMod(nextPartition.getAndIncrement(), partitions.length);
        int key = definition.keyField() == null ? -1 : definition.schema().indexOf(definition.keyField());
        if (key < 0 || partitions.length == 1) {
            byPartition[turn] = rows;
            return byPartition;
        }
        int[] partitionOf = new int[rows.size()];
        ColumnVector keys = rows.column(key);
        for (int row = 0; row < rows.size(); row++) {
            Object value = keys.getObject(row);
            partitionOf[row] = value == null ? turn : Math.floorMod(hash(value), partitions.length);
        }
        boolean[] selected = new boolean[rows.size()];
        for (int p = 0; p < partitions.length; p++) {
            int count = 0;
            for (int row = 0; row < rows.size(); row++) {
                selected[row] = partitionOf[row] == p;
                count += selected[row] ? 1 : 0;
            }
            if (count > 0) {
                // compact writes every row's slot on its way, selected or not
                ColumnarBatch part = ColumnarBatch.allocate(definition.schema(), rows.size());
                for (int c = 0; c < definition.schema().size(); c++) {
                    part.column(c).compact(rows.column(c), selected, rows.size());
                }
                part.setSize(count);
                byPartition[p] = part;
            }
        }
        return byPartition;
    }

    /** A key's hash, the same in every run: of a string's characters, of a number's value, of a binary's bytes. */
    private static int hash(Object value) {
        return value instanceof byte[] bytes ? Arrays.hashCode(bytes) : value.hashCode();
    }

    void recordAppend(long records, long bytes) {
        appended.add(records);
        appendedBytes.add(bytes);
    }

    void recordSync(long nanos) {
        groupCommits.increment();
        syncNanos.add(nanos);
        lastSyncNanos = nanos;
    }

    /** Records appended since the log was opened. */
    public long appendedRecords() {
        return appended.sum();
    }

    /** Bytes of record batches appended since the log was opened. */
    public long appendedBytes() {
        return appendedBytes.sum();
    }

    /** Group commits that wrote to this stream since the log was opened: each one {@code fsync} per partition written. */
    public long groupCommits() {
        return groupCommits.sum();
    }

    /** How long every group commit's {@code fsync}s took together, in nanoseconds. */
    public long syncNanosTotal() {
        return syncNanos.sum();
    }

    /** How long the last group commit's {@code fsync}s took, in nanoseconds. */
    public long lastSyncNanos() {
        return lastSyncNanos;
    }

    /**
     * Calls {@code listener} each time records of this stream become durable and readable (a group
     * commit published them), on the thread that wrote the group (an appending thread or the log's
     * committer thread), before their appends are answered:
     * so that a query reading the stream can run its next batch at once instead of polling. The
     * listener must be quick and must not throw; it is called until {@link #removeDurableListener}.
     */
    public void addDurableListener(Runnable listener) {
        durableListeners.add(listener);
    }

    public void removeDurableListener(Runnable listener) {
        durableListeners.remove(listener);
    }

    /** Records of this stream were published: tells the listeners. */
    void published() {
        for (Runnable listener : durableListeners) {
            try {
                listener.run();
            } catch (RuntimeException e) {
                System.getLogger(LogStream.class.getName()).log(System.Logger.Level.WARNING,
                        "A listener of stream '" + name() + "' failed", e);
            }
        }
    }

    /** Per partition, the offset after its last durable record. */
    public long[] durableEnds() {
        long[] ends = new long[partitions.length];
        for (int p = 0; p < ends.length; p++) {
            ends[p] = partitions[p].durableEnd();
        }
        return ends;
    }

    /** Per partition, the first offset still kept. */
    public long[] earliestOffsets() {
        long[] earliest = new long[partitions.length];
        for (int p = 0; p < earliest.length; p++) {
            earliest[p] = partitions[p].earliestOffset();
        }
        return earliest;
    }

    /**
     * How far a reader that has committed up to {@code committed} is behind: the records it has
     * not read, and when the oldest of them was appended (microseconds; -1 when it has read all).
     */
    public Lag lag(long[] committed) {
        long records = 0;
        long oldest = -1;
        for (int p = 0; p < partitions.length; p++) {
            long end = partitions[p].durableEnd();
            long from = Math.max(committed[p], partitions[p].earliestOffset());
            if (end > from) {
                records += end - from;
                long ingested = partitions[p].ingestMicrosAt(from);
                if (ingested >= 0 && (oldest < 0 || ingested < oldest)) {
                    oldest = ingested;
                }
            }
        }
        return new Lag(records, oldest);
    }

    /** Records a reader has not read, and when the oldest of them was appended (microseconds, -1: none). */
    public record Lag(long records, long oldestUnreadMicros) {
    }

    /** Bytes on disk, over every partition. */
    public long sizeBytes() {
        return Arrays.stream(partitions).mapToLong(PartitionLog::sizeBytes).sum();
    }

    /** The columns readers get: the declared ones, then {@code ingest_time}. */
    public Schema readSchema() {
        return definition.readSchema();
    }

    /**
     * Pushes partition {@code partition}'s records {@code [from, to)} to {@code consumer} in
     * chunks decoded into {@code chunk} (of {@link #readSchema()}); safe from any thread.
     *
     * @throws LogException when records are no longer kept ({@code DATA_LOST}) or damaged
     */
    public void read(int partition, long from, long to, ColumnarBatch chunk, Consumer<ColumnarBatch> consumer) {
        read(partition, from, to, null, chunk, consumer);
    }

    /**
     * As {@link #read(int, long, long, ColumnarBatch, Consumer)}, decoding only the declared
     * columns at {@code columns} (null: all); the others are NULL. {@code ingest_time} is always filled.
     */
    public void read(int partition, long from, long to, BitSet columns, ColumnarBatch chunk,
                     Consumer<ColumnarBatch> consumer) {
        partitions[partition].read(definition.schema(), from, to, columns, chunk, consumer);
    }

    /** A query reads the stream from now on, having committed up to {@code committed} (per partition). */
    public void register(UUID reader, String label, long[] committed) {
        readers.put(reader, new Reader(label, committed.clone()));
    }

    /** Reader {@code reader} has durably done with every record below {@code committed}. */
    public void committed(UUID reader, long[] committed) {
        readers.computeIfPresent(reader, (id, before) -> new Reader(before.label(), committed.clone()));
    }

    public void unregister(UUID reader) {
        readers.remove(reader);
    }

    /** A query, called {@code label} (its name or id), writes the stream from now on, as {@code writer}. */
    public void registerWriter(UUID writer, String label) {
        writers.put(writer, label);
    }

    public void unregisterWriter(UUID writer) {
        writers.remove(writer);
    }

    /** The active writers, each by its label. */
    public Map<UUID, String> writers() {
        return new LinkedHashMap<>(writers);
    }

    /** The active readers and how far each has committed, per partition. */
    public Map<UUID, Reader> readers() {
        Map<UUID, Reader> copy = new LinkedHashMap<>();
        readers.forEach((id, reader) -> copy.put(id, new Reader(reader.label(), reader.committed().clone())));
        return copy;
    }

    /** Deletes the segments the retention lets go, oldest first, at {@code nowMicros}; returns how many. */
    int enforceRetention(long nowMicros) {
        Retention retention = definition.retention();
        int deleted = 0;
        for (int p = 0; p < partitions.length; p++) {
            PartitionLog partition = partitions[p];
            long unreadFrom = retention.keepUnread() ? lowestCommitted(p) : Long.MAX_VALUE;
            long[] size = {partition.sizeBytes()};
            deleted += partition.deleteOldest(segment -> {
                boolean old = retention.maxAge() != null
                        && nowMicros - segment.lastIngestMicros() > retention.maxAge().toNanos() / 1000;
                boolean tooBig = retention.maxBytes() > 0 && size[0] > retention.maxBytes();
                boolean read = segment.nextOffset() <= unreadFrom;
                if ((old || tooBig) && read) {
                    size[0] -= segment.size();
                    return true;
                }
                return false;
            });
        }
        return deleted;
    }

    private long lowestCommitted(int partition) {
        return readers.values().stream().mapToLong(reader -> reader.committed()[partition]).min()
                .orElse(Long.MAX_VALUE);
    }

    void close() {
        Arrays.stream(partitions).forEach(PartitionLog::close);
    }
}
