package dev.arus.server.spark;

import dev.arus.engine.data.Schema;
import dev.arus.engine.streaming.ArusException;
import java.util.AbstractList;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.execution.streaming.sources.MemorySink;
import org.apache.spark.sql.types.StructType;
import scala.collection.immutable.Seq;

/**
 * The {@code memory} sink of a Spark query: Spark's own {@link MemorySink}, in the service, which
 * is Spark's driver. Each batch's rows are collected to the driver and handed to it as Spark's
 * memory stream write commits them: added in append and update mode, replacing the table in
 * complete mode, a batch id it already holds skipped. As Arus's memory sink, the table holds at
 * most {@code maxRows} rows: a batch that would make it hold more fails the query with
 * {@value #ROWS_LIMIT_EXCEEDED} before it is collected. A new run starts with an empty table, as
 * a Spark query started again with the memory sink does. Thread-safe: the query's thread
 * writes, any thread reads.
 */
final class SparkMemorySink implements SparkSink {

    /** Arus's memory sink's error class of a batch that would make the table hold more rows than allowed. */
    static final String ROWS_LIMIT_EXCEEDED = "MEMORY_SINK_ROWS_LIMIT_EXCEEDED";

    private final MemorySink table = new MemorySink();
    private final String name;
    private final boolean complete;
    private final long maxRows;
    private volatile long rows;
    private volatile StructType sparkSchema;
    private volatile Schema schema;

    /** The table of the query called {@code name}, replaced by each batch when {@code complete}. */
    SparkMemorySink(String name, boolean complete, long maxRows) {
        this.name = name;
        this.complete = complete;
        this.maxRows = maxRows;
    }

    @Override
    public void write(Dataset<Row> batch, long batchId) {
        scala.Option<Object> latest = table.latestBatchId();
        if (latest.isDefined() && batchId <= (Long) latest.get()) {
            return;
        }
        long count = batch.count();
        long after = (complete ? 0 : rows) + count;
        if (after > maxRows) {
            throw new ArusException(ROWS_LIMIT_EXCEEDED, "[" + ROWS_LIMIT_EXCEEDED + "] Batch " + batchId
                    + " would make memory table '" + name + "' hold " + after + " rows, more than its limit of "
                    + maxRows + ". Write to a file sink, aggregate the rows, or raise the limit.");
        }
        if (schema == null) {
            sparkSchema = batch.schema();
            schema = SparkRows.schema(batch.schema());
        }
        table.write(batchId, complete, batch.collectAsList().toArray(new Row[0]));
        rows = after;
    }

    /** The table's rows now, each converted to the engine's as it is read. */
    List<dev.arus.engine.data.Row> rows() {
        Seq<Row> all = table.allData();
        Schema converted = schema;
        StructType spark = sparkSchema;
        return new AbstractList<>() {
            @Override
            public dev.arus.engine.data.Row get(int index) {
                return SparkRows.row(converted, spark, all.apply(index));
            }

            @Override
            public int size() {
                return all.size();
            }
        };
    }
}
