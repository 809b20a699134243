package dev.arus.server.spark;

import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * Where a Spark query's batches go: written by the foreachBatch wrapper, on the driver, under the
 * batch's id, at the point of the batch where Spark calls its own sink's {@code addBatch} (after
 * the offsets entry, before the commit entry). A sink that keeps what it wrote (a file sink's
 * {@code _spark_metadata}, a memory table, a database's {@code arus_sink_commits}) skips a batch
 * id it already holds, as Spark's own sinks do, so that a batch run again after a crash is
 * written once. One sink serves one run, which closes it when it ends.
 */
interface SparkSink {

    /** Writes {@code batch}, the rows of batch {@code batchId}, which the wrapper has persisted. */
    void write(Dataset<Row> batch, long batchId);

    /** The sink's own figures after its latest batch (Spark's {@code SinkProgress.metrics}); none by default. */
    default Map<String, String> metrics() {
        return Map.of();
    }

    /** Releases what the sink holds; when the run ends. Nothing by default. */
    default void close() {
    }
}
