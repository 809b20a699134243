package dev.arus.server.spark;

import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * Spark's console sink: the batch's banner, then its first {@code numRows} rows as Spark's
 * {@code show} prints them, cut at 20 characters unless {@code truncate} is false.
 */
record SparkConsoleSink(int numRows, boolean truncate) implements SparkSink {

    @Override
    public void write(Dataset<Row> batch, long batchId) {
        System.out.println("-------------------------------------------");
        System.out.println("Batch: " + batchId);
        System.out.println("-------------------------------------------");
        batch.show(numRows, truncate ? 20 : 0);
    }
}
