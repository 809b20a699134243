package dev.arus.bench;

import static dev.arus.engine.api.functions.col;
import static dev.arus.engine.api.functions.expr;
import static dev.arus.engine.api.functions.window;

import dev.arus.engine.api.ArusSession;
import dev.arus.engine.runtime.TaskSlots;
import dev.arus.engine.sink.FileSinkProvider;
import dev.arus.engine.sink.Sink;
import dev.arus.engine.sink.SinkContext;
import dev.arus.engine.sink.SinkProviders;
import dev.arus.engine.streaming.OutputMode;
import dev.arus.engine.streaming.QueryIdentity;
import dev.arus.engine.streaming.ResultBatch;
import dev.arus.engine.streaming.StreamingQuery;
import dev.arus.engine.testing.ManualTriggerScheduler;
import dev.arus.engine.time.ManualClock;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;

/**
 * {@code BENCH parquet-sink}: rows per second that the {@code parquet} sink writes of a windowed
 * query's output. The query (a count and a maximum per 1-second window and key, every key
 * distinct, watermark 0) runs until one batch emits {@value #OUTPUT_ROWS} rows, as the sink
 * receives them; then the sink, created as a query creates it (snappy, the default, on one task
 * slot per core, or {@code -Dbench.slots=n}), writes that batch again and again under new batch ids: each write is the part file (encoded, compressed,
 * synced, renamed) and the log entry. The median of {@value #MEASURED} writes after
 * {@value #WARMUP} unmeasured ones; {@code parquet-sink-cpu} divides by the writing threads' CPU
 * time (the calling thread's and the task threads') instead of the wall time, which on a shared machine also counts other processes. Run with {@code ./mvnw -Pbench -DskipTests verify}, or alone
 * with {@code java -cp ... dev.arus.bench.ParquetSinkBenchmark}.
 */
public final class ParquetSinkBenchmark {

    private static final int OUTPUT_ROWS = 1_000_000;
    private static final int WARMUP = 8;
    private static final int MEASURED = 15;

    private ParquetSinkBenchmark() {
    }

    public static void main(String[] args) {
        ResultBatch windows = windowedOutput();
        Path out = BenchFiles.temporaryDirectory("arus-bench-parquet");
        try (TaskSlots slots = new TaskSlots(Integer.getInteger("bench.slots", TaskSlots.defaultParallelism()))) {
            Sink sink = SinkProviders.installed().with(new FileSinkProvider.Parquet(slots.forSinks())).create("parquet",
                    new SinkContext(Map.of("path", out.toString()), OutputMode.APPEND,
                            new QueryIdentity(UUID.randomUUID(), UUID.randomUUID(), null), true, windows.schema(),
                            new ManualClock(1_760_000_000_000L), ZoneOffset.UTC));
            ThreadMXBean threads = ManagementFactory.getThreadMXBean();
            double[] nanos = new double[MEASURED];
            double[] cpuNanos = new double[MEASURED];
            for (int i = 0; i < WARMUP + MEASURED; i++) {
                long start = System.nanoTime();
                long cpuStart = cpuNanos(threads);
                sink.addBatch(i, windows);
                if (i >= WARMUP) {
                    nanos[i - WARMUP] = System.nanoTime() - start;
                    cpuNanos[i - WARMUP] = cpuNanos(threads) - cpuStart;
                }
                BenchFiles.deleteMatching(out, ".parquet");
            }
            Arrays.sort(nanos);
            Arrays.sort(cpuNanos);
            System.out.println(String.format(Locale.ROOT, "BENCH parquet-sink %.1f rows/s",
                    OUTPUT_ROWS / (nanos[MEASURED / 2] / 1e9)));
            // On a shared machine the wall figure counts other processes' turns too: rows per CPU second of the writing threads.
            System.out.println(String.format(Locale.ROOT, "BENCH parquet-sink-cpu %.1f rows/s",
                    OUTPUT_ROWS / (cpuNanos[MEASURED / 2] / 1e9)));
        } finally {
            BenchFiles.delete(out);
        }
    }

    /** The CPU time of every live thread so far: the calling thread's and the task threads' that write part files. */
    private static long cpuNanos(ThreadMXBean threads) {
        long sum = 0;
        for (long id : threads.getAllThreadIds()) {
            sum += Math.max(0, threads.getThreadCpuTime(id));
        }
        return sum;
    }

    /** The first batch of {@value #OUTPUT_ROWS} rows of the windowed query, as its sink would get it. */
    private static ResultBatch windowedOutput() {
        ManualClock clock = new ManualClock(1_760_000_000_000L);
        ManualTriggerScheduler scheduler = new ManualTriggerScheduler(clock);
        ResultBatch[] emitted = new ResultBatch[1];
        try (ArusSession session = ArusSession.builder().clock(clock).scheduler(scheduler).parallelism(1)
                .shufflePartitions(1).timeZone(ZoneOffset.UTC).build()) {
            StreamingQuery query = session.readStream().format("rate-micro-batch")
                    .option("rowsPerBatch", OUTPUT_ROWS).option("numPartitions", 1)
                    .option("startTimestamp", clock.millis()).option("advanceMillisPerBatch", 1000)
                    .load()
                    .withWatermark("timestamp", "0 seconds")
                    .groupBy(window(col("timestamp"), "1 second"), col("value"))
                    .agg(expr("count(*) AS count"), expr("max(CAST(value AS DOUBLE) / 8) AS amount"))
                    .writeStream()
                    .foreachBatch((batch, batchId) -> {
                        if (batch.rows().size() == OUTPUT_ROWS && emitted[0] == null) {
                            emitted[0] = batch;
                        }
                    })
                    .start();
            for (int trigger = 0; trigger < 5 && emitted[0] == null; trigger++) {
                scheduler.runNext();
            }
            query.stop();
        }
        if (emitted[0] == null) {
            throw new IllegalStateException("the windowed query emitted no batch of " + OUTPUT_ROWS + " rows");
        }
        return new ResultBatch(emitted[0].schema(), List.copyOf(emitted[0].rows()), OUTPUT_ROWS);
    }
}
