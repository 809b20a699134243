package dev.arus.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeoutException;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.streaming.StreamingQuery;
import org.apache.spark.sql.streaming.StreamingQueryListener;
import org.apache.spark.sql.streaming.StreamingQueryProgress;

/**
 * A calibration of {@code BENCH spark-engine-select-filter-spark}: the same select and filter
 * ({@link SparkBenchWorkload#SELECT_FILTER}) written in Spark's Dataset API and written to
 * Spark's own {@code noop} sink, in the Spark application the service started, without the
 * service's {@code foreachBatch} wrapper (which keeps each batch's output, counts it and collects
 * its first rows). The difference between the two is what the wrapper costs Spark on a workload
 * whose output is half its input.
 */
final class SparkNativeSelectFilter {

    private SparkNativeSelectFilter() {
    }

    /**
     * The time in nanoseconds (Spark's {@code triggerExecution}, known to the millisecond) of each of
     * {@code batches} batches of {@code rowsPerBatch} rows, after {@code warmUp}.
     */
    static long[] batchNanos(int rowsPerBatch, int warmUp, int batches) throws TimeoutException, InterruptedException {
        SparkSession session = SparkSession.active().newSession();
        Batches seen = new Batches(warmUp + batches);
        session.streams().addListener(seen);
        StreamingQuery query = session.readStream().format("rate-micro-batch")
                .option("rowsPerBatch", rowsPerBatch)
                .option("advanceMillisPerBatch", 1000)
                .option("numPartitions", 1)
                .load()
                .filter("value % 2 = 0")
                .selectExpr("value", "timestamp", "value * 3 + 1 AS scaled")
                .writeStream().format("noop").outputMode("append").start();
        List<StreamingQueryProgress> progress = seen.await();
        query.stop();
        session.streams().removeListener(seen);
        return progress.subList(warmUp, warmUp + batches).stream()
                .mapToLong(batch -> batch.durationMs().get("triggerExecution") * 1_000_000L).toArray();
    }

    /** The progress of the first {@code count} batches of the session's query. */
    private static final class Batches extends StreamingQueryListener {

        private final int count;
        private final List<StreamingQueryProgress> progress = new ArrayList<>();

        Batches(int count) {
            this.count = count;
        }

        @Override
        public void onQueryStarted(QueryStartedEvent event) {
        }

        @Override
        public synchronized void onQueryProgress(QueryProgressEvent event) {
            progress.add(event.progress());
            notifyAll();
        }

        @Override
        public void onQueryTerminated(QueryTerminatedEvent event) {
        }

        synchronized List<StreamingQueryProgress> await() throws InterruptedException {
            while (progress.size() < count) {
                wait(1000);
            }
            return List.copyOf(progress.subList(0, count));
        }
    }
}
