package dev.arus.engine.sink;

import dev.arus.engine.streaming.ArusException;
import dev.arus.engine.streaming.OutputMode;
import dev.arus.engine.streaming.ResultBatch;
import dev.arus.engine.data.Row;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * Spark's {@code memory} sink: a result table, named after the query, that can be read while
 * the query runs. In {@code append} and {@code update} mode each batch's rows are added; in
 * {@code complete} mode each batch replaces the table (Spark truncates, then writes). A batch
 * whose id is not above the last one written is skipped, as Spark skips a batch replayed after
 * a restart. The table holds at most {@code maxRows} rows: a batch that would make it hold more
 * fails the query with {@value #ROWS_LIMIT_EXCEEDED}, rather than letting one query's table grow
 * until the JVM runs out of memory. Thread-safe: the query thread writes, any thread reads a
 * snapshot.
 */
public final class MemorySink implements Sink {

    private record AddedBatch(long batchId, List<Row> rows) {
    }

    /** The error class of a batch that would make the table hold more rows than allowed. */
    public static final String ROWS_LIMIT_EXCEEDED = "MEMORY_SINK_ROWS_LIMIT_EXCEEDED";

    private final String name;
    private final boolean replaceEachBatch;
    private final long maxRows;
    private final List<AddedBatch> batches = new ArrayList<>();
    private long rowCount;

    /**
     * @param name    the table's name: the query's name
     * @param mode    the query's output mode; {@code COMPLETE} replaces the table each batch
     * @param maxRows the most rows the table may hold
     */
    public MemorySink(String name, OutputMode mode, long maxRows) {
        this.name = Objects.requireNonNull(name, "name");
        this.replaceEachBatch = mode == OutputMode.COMPLETE;
        this.maxRows = maxRows;
    }

    public String name() {
        return name;
    }

    /** Spark's {@code MemorySink.toString}. */
    @Override
    public String description() {
        return "MemorySink";
    }

    @Override
    public synchronized void addBatch(long batchId, ResultBatch batch) {
        if (!batches.isEmpty() && batchId <= batches.get(batches.size() - 1).batchId()) {
            return;
        }
        long after = (replaceEachBatch ? 0 : rowCount) + batch.count();
        if (after > maxRows) {
            throw new ArusException(ROWS_LIMIT_EXCEEDED, "[" + ROWS_LIMIT_EXCEEDED + "] Batch " + batchId
                    + " would make memory table '" + name + "' hold " + after + " rows, more than its limit of "
                    + maxRows + ". Write to a file sink, aggregate the rows, or raise the limit.");
        }
        if (replaceEachBatch) {
            batches.clear();
        }
        batches.add(new AddedBatch(batchId, batch.rows()));
        rowCount = after;
    }

    /** Every row of the table now, in the order written (Spark's {@code allData}). */
    public synchronized List<Row> rows() {
        List<Row> rows = new ArrayList<>();
        for (AddedBatch batch : batches) {
            rows.addAll(batch.rows());
        }
        return List.copyOf(rows);
    }

    /** The rows of the last batch written. */
    public synchronized List<Row> latestBatchRows() {
        return batches.isEmpty() ? List.of() : batches.get(batches.size() - 1).rows();
    }

    /** The id of the last batch written, if any. */
    public synchronized OptionalLong latestBatchId() {
        return batches.isEmpty() ? OptionalLong.empty() : OptionalLong.of(batches.get(batches.size() - 1).batchId());
    }

    public synchronized void clear() {
        batches.clear();
        rowCount = 0;
    }
}
