package dev.arus.server.spark;

import dev.arus.engine.data.Schema;
import dev.arus.engine.streaming.ResultBatch;
import dev.arus.server.query.ArusSinks;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * A sink Spark has not ({@code jdbc}, {@code http}, {@code stream}), or the {@code kafka} sink in
 * {@code exactlyOnce} mode, which Spark's Kafka sink lacks, written by Arus's own: each
 * batch's rows collected on the driver and handed, in the engine's rows, to
 * {@link ArusSinks.Writer}, so that a batch is one transaction recorded in
 * {@code arus_sink_commits} (a batch Spark runs again after a crash is skipped), one webhook
 * request with its idempotency key, one append to an event-log stream as the query's producer
 * with the batch id as sequence (stored once however often it runs), or one Kafka transaction that
 * records the batch id (skipped once committed), exactly as on Arus's engine.
 */
record SparkArusSink(ArusSinks.Writer writer) implements SparkSink {

    @Override
    public void write(Dataset<Row> batch, long batchId) {
        Schema schema = SparkRows.schema(batch.schema());
        writer.write(batchId, new ResultBatch(schema, SparkRows.rows(schema, batch.schema(), batch.collectAsList())));
    }

    @Override
    public Map<String, String> metrics() {
        return writer.metrics();
    }

    @Override
    public void close() {
        writer.close();
    }
}
