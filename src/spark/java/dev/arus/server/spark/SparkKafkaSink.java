package dev.arus.server.spark;

import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * The {@code kafka} sink of a Spark query, at least once: each batch written by Spark's Kafka
 * sink as a batch write, with the spec's options ({@code kafka.*}, {@code topic}). A batch run
 * again after a crash is written again, as by Spark's own streaming Kafka sink. In
 * {@code exactlyOnce} mode Arus's Kafka sink writes instead ({@link SparkArusSink}).
 */
record SparkKafkaSink(Map<String, String> options) implements SparkSink {

    @Override
    public void write(Dataset<Row> batch, long batchId) {
        batch.write().format("kafka").options(options).save();
    }
}
