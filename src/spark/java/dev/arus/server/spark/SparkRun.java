package dev.arus.server.spark;

import dev.arus.engine.streaming.RecentRowCounts;
import dev.arus.engine.streaming.RowCountRing;
import dev.arus.engine.streaming.StreamingQuery;
import dev.arus.engine.streaming.StreamingQueryException;
import dev.arus.engine.streaming.StreamingQueryProgress;
import dev.arus.engine.streaming.StreamingQueryStatus;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;
import org.apache.spark.sql.streaming.SourceProgress;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One run of a query on Spark, seen as a run of the engine: its id is the registered query's
 * (Spark reads it from the checkpoint's {@code metadata}), its run id Spark's, and its status,
 * progress and failure are Spark's, converted when asked. A run is made before Spark starts it;
 * until {@link #attach} it is starting. It has ended once Spark's terminated event came.
 * Thread-safe.
 */
final class SparkRun implements StreamingQuery {

    private static final Logger log = LoggerFactory.getLogger(SparkRun.class);

    private static final StreamingQueryStatus STARTING = new StreamingQueryStatus("Initializing sources", false, false);

    private final UUID id;
    private final String name;
    private final Path temporaryCheckpoint;
    /** The sink the run writes through, closed when the run ends. */
    private final SparkSink sink;
    private final CountDownLatch ended = new CountDownLatch(1);
    // Output rows by batch id, as the foreachBatch wrapper counted them: Spark reports -1 for foreachBatch.
    private final Map<Long, Long> outputRows = new ConcurrentHashMap<>();
    /** The sink's own figures per batch (Arus's sinks': rows written, time, last write), as the wrapper gave them. */
    private final Map<Long, Map<String, String>> sinkMetrics = new ConcurrentHashMap<>();
    private volatile UUID runId;
    private volatile org.apache.spark.sql.streaming.StreamingQuery spark;

    /** @param temporaryCheckpoint the checkpoint of a query without one of its own, deleted when the run ends; or null */
    SparkRun(UUID id, String name, Path temporaryCheckpoint, SparkSink sink) {
        this.sink = sink;
        this.id = id;
        this.name = name;
        this.temporaryCheckpoint = temporaryCheckpoint;
    }

    /** Spark's started event: the run id, before {@code start()} returns. */
    void started(UUID runId) {
        this.runId = runId;
    }

    /** Spark's handle, once {@code start()} returned it. */
    void attach(org.apache.spark.sql.streaming.StreamingQuery spark) {
        this.spark = spark;
    }

    /**
     * The foreachBatch wrapper's count of batch {@code batchId}'s rows, and Arus's sink's figures
     * (none for Spark's own sinks); the last 1,000 batches' are kept.
     */
    void wrote(long batchId, long rows, Map<String, String> metrics) {
        outputRows.put(batchId, rows);
        outputRows.remove(batchId - 1000);
        if (!metrics.isEmpty()) {
            sinkMetrics.put(batchId, metrics);
            sinkMetrics.remove(batchId - 1000);
        }
    }

    /** Spark's progress of this run as the engine's, with the output rows the wrapper counted. */
    StreamingQueryProgress progress(org.apache.spark.sql.streaming.StreamingQueryProgress spark) {
        return SparkProgress.of(id, spark, outputRows(spark), sinkMetrics.getOrDefault(spark.batchId(), Map.of()));
    }

    /** The rows the sink was given in {@code spark}'s batch: the wrapper's count, else Spark's. */
    private long outputRows(org.apache.spark.sql.streaming.StreamingQueryProgress spark) {
        return outputRows.getOrDefault(spark.batchId(), spark.sink().numOutputRows());
    }

    /** Spark's terminated event. */
    void end() {
        sink.close();
        ended.countDown();
        if (temporaryCheckpoint != null) {
            SparkCheckpoints.deleteTemporary(temporaryCheckpoint);
        }
    }

    @Override
    public UUID id() {
        return id;
    }

    @Override
    public UUID runId() {
        return runId;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public boolean isActive() {
        org.apache.spark.sql.streaming.StreamingQuery handle = spark;
        return handle == null ? ended.getCount() > 0 : handle.isActive();
    }

    @Override
    public StreamingQueryStatus status() {
        org.apache.spark.sql.streaming.StreamingQuery handle = spark;
        return handle == null ? STARTING : SparkProgress.status(handle.status());
    }

    @Override
    public StreamingQueryProgress lastProgress() {
        org.apache.spark.sql.streaming.StreamingQuery handle = spark;
        org.apache.spark.sql.streaming.StreamingQueryProgress last = handle == null ? null : handle.lastProgress();
        return last == null ? null : progress(last);
    }

    @Override
    public List<StreamingQueryProgress> recentProgress() {
        org.apache.spark.sql.streaming.StreamingQuery handle = spark;
        return handle == null ? List.of()
                : Stream.of(handle.recentProgress()).map(this::progress).toList();
    }

    /** Read from Spark's kept reports as the engine's would be, without converting them whole. */
    @Override
    public RecentRowCounts recentRowCounts() {
        org.apache.spark.sql.streaming.StreamingQuery handle = spark;
        org.apache.spark.sql.streaming.StreamingQueryProgress[] recent = handle == null ? null : handle.recentProgress();
        if (recent == null || recent.length == 0) {
            return RecentRowCounts.NONE;
        }
        RowCountRing counts = new RowCountRing(recent.length);
        for (org.apache.spark.sql.streaming.StreamingQueryProgress report : recent) {
            counts.add(Instant.parse(report.timestamp()),
                    Stream.of(report.sources()).mapToLong(SourceProgress::numInputRows).toArray(), outputRows(report));
        }
        return counts.recent();
    }

    @Override
    public Optional<StreamingQueryException> exception() {
        org.apache.spark.sql.streaming.StreamingQuery handle = spark;
        if (handle == null || handle.exception().isEmpty()) {
            return Optional.empty();
        }
        org.apache.spark.sql.streaming.StreamingQueryException failed = handle.exception().get();
        Throwable cause = failed.cause() != null ? failed.cause() : failed;
        return Optional.of(new StreamingQueryException("Query " + name + " failed on Spark: " + cause.getMessage(),
                cause, SparkErrorClass.of(cause), id, runId));
    }

    @Override
    public void awaitTermination() throws InterruptedException {
        ended.await();
        exception().ifPresent(failure -> {
            throw failure;
        });
    }

    @Override
    public boolean awaitTermination(Duration timeout) throws InterruptedException {
        boolean done = ended.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
        exception().ifPresent(failure -> {
            throw failure;
        });
        return done;
    }

    /**
     * Spark's stop: interrupts the batch in flight (Spark does not let it finish) and returns once
     * the run's thread ended. When Spark itself has stopped (its JVM shutdown hook may come before
     * the service's), the run has ended with it and there is nothing to stop.
     */
    @Override
    public void stop() {
        org.apache.spark.sql.streaming.StreamingQuery handle = spark;
        if (handle == null) {
            return;
        }
        try {
            handle.stop();
        } catch (TimeoutException stuck) {
            throw new IllegalStateException("Spark query " + name + " did not stop in time", stuck);
        } catch (IllegalStateException sparkStopped) {
            if (handle.sparkSession().sparkContext().isStopped()) {
                log.info("Spark query {} ended with Spark itself", name);
                return;
            }
            throw sparkStopped;
        }
    }
}
