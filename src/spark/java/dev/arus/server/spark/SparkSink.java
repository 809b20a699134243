package dev.arus.server.spark;

import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * Where a Spark query's batches go: written by the foreachBatch wrapper, on the driver, under the
 * batch's id, at the point of the batch where Spark calls its own sink's {@code addBatch} (after
 * the offsets entry, before the commit entry). A sink that keeps what it wrote (a file sink's
 * {@code _spark_metadata}, a memory table) skips a batch id it already holds, as Spark's own
 * sinks do, so that a batch run again after a crash is written once. One sink serves one run.
 */
interface SparkSink {

    /** Writes {@code batch}, the rows of batch {@code batchId}, which the wrapper has persisted. */
    void write(Dataset<Row> batch, long batchId);

    /** Releases what the sink holds; when the run ends. Nothing by default. */
    default void close() {
    }
}
