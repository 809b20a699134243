package dev.arus.bench;

import dev.arus.engine.api.ArusSession;
import dev.arus.engine.streaming.StreamingQuery;
import dev.arus.engine.streaming.StreamingQueryListener;
import dev.arus.engine.streaming.StreamingQueryProgress;
import dev.arus.engine.testing.ManualTriggerScheduler;
import dev.arus.engine.time.ManualClock;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The engine's speed on the chapter's query shape, and on a deduplication, a stream-static join,
 * a stream-stream join and a session window count ({@link BenchQuery}), and the chapter's query written in SQL
 * ({@code throughput-sql}, measured in turn with its steps), over {@code rate-micro-batch} with a
 * {@code noop} sink, one trigger at a time. The single-thread figures run every task on this
 * thread (one input partition, one state partition, one task slot); {@code throughput-parallel}
 * gives the source, the state and the task slots one partition per core. {@code stream-source}
 * reads the event log instead ({@link StreamSourceBenchmark}), {@code json-file-source} a
 * directory of NDJSON files ({@link JsonFileSourceBenchmark}); {@code sql-planning} the time a
 * 50-line SQL statement takes to plan ({@link SqlPlanningBenchmark}). Prints
 * {@code BENCH <name> <value> <unit>} lines. Run with {@code ./mvnw -Pbench -DskipTests verify};
 * {@code -Dbench.figures=throughput,dedup-throughput} measures only the figures named, and
 * {@code -Dbench.clock=cpu} times each trigger by this thread's CPU time instead of the wall clock:
 * steadier on a loaded machine, but for the single-thread figures only, and without the
 * collector's threads.
 */
public final class EngineBenchmark {

    private static final boolean CPU_CLOCK = "cpu".equals(System.getProperty("bench.clock"));
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    /**
     * Unmeasured triggers before a small-batch figure. A 20-row trigger takes a few microseconds
     * once compiled, but the JIT needs some 300,000 of them to finish compiling the trigger's
     * path on 2 cores (fewer left the median at 6 to 9 µs where the compiled trigger takes 2.4):
     * the figure is the engine's, not the compiler's progress.
     */
    private static final int SMALL_BATCH_WARMUP = 400_000;
    /** Triggers run at a time after the warm-up while the JIT is still compiling ({@link #untilCompiled}). */
    private static final int SETTLING_TRIGGERS = 50_000;

    private EngineBenchmark() {
    }

    /** How a measured query runs: its source's partitions, its state partitions and the task slots. */
    private record Layout(int threads, Path checkpoint) {
        static final Layout SINGLE_THREAD = new Layout(1, null);
    }

    public static void main(String[] args) {
        // 300 warm-up batches: on 2 cores the JIT's compiler threads compete with a parallel run's
        // second task thread for a while, which fewer would measure instead of the engine.
        if (wanted("throughput", "throughput-batch")) {
            double[] large = measure(BenchQuery.CHAPTER, 1_000_000, 300, 60, Layout.SINGLE_THREAD);
            double medianLargeNanos = median(large);
            print("throughput", 1_000_000 / (medianLargeNanos / 1e9), "rows/s");
            print("throughput-batch", medianLargeNanos / 1e6, "ms");
        }

        // The chapter's query in SQL against its steps, measured in turn so that the machine's load
        // falls on both alike: SQL plans to the steps' plan, so it should cost nothing per row.
        if (wanted("throughput-sql")) {
            List<Double> steps = new ArrayList<>();
            List<Double> sql = new ArrayList<>();
            for (int round = 0; round < 3; round++) {
                Arrays.stream(measure(BenchQuery.CHAPTER, 1_000_000, 300, 40, Layout.SINGLE_THREAD)).forEach(steps::add);
                Arrays.stream(measure(BenchQuery.CHAPTER_SQL, 1_000_000, 300, 40, Layout.SINGLE_THREAD))
                        .forEach(sql::add);
            }
            double stepsRate = 1_000_000 / (median(steps) / 1e9);
            double sqlRate = 1_000_000 / (median(sql) / 1e9);
            System.out.println(String.format(Locale.ROOT, "BENCH throughput-sql %.1f rows/s (steps %.1f rows/s"
                    + " measured alongside: %.1f %%)", sqlRate, stepsRate, 100 * sqlRate / stepsRate));
        }

        int cores = Runtime.getRuntime().availableProcessors();
        if (wanted("throughput-parallel")) {
            double[] parallel = measure(BenchQuery.CHAPTER, 1_000_000, 300, 60, new Layout(cores, null));
            System.out.println(String.format(Locale.ROOT, "BENCH throughput-parallel %.1f rows/s %d threads",
                    1_000_000 / (median(parallel) / 1e9), cores));
        }

        if (wanted("small-batch")) {
            double[] small = measure(BenchQuery.CHAPTER, 20, SMALL_BATCH_WARMUP, 50_000, Layout.SINGLE_THREAD);
            print("small-batch", median(small) / 1e3, "us");
        }

        // With a checkpoint on local disk: offsets, state delta and commit written and synced per batch.
        if (wanted("small-batch-checkpointed", "small-batch-checkpointed-p99")) {
            Path checkpoint = BenchFiles.temporaryDirectory("arus-bench-checkpoint");
            double[] checkpointed = measure(BenchQuery.CHAPTER, 20, 300, 2_000, new Layout(1, checkpoint));
            print("small-batch-checkpointed", median(checkpointed) / 1e3, "us");
            print("small-batch-checkpointed-p99", percentile(checkpointed, 0.99) / 1e3, "us");
            BenchFiles.delete(checkpoint);
        }

        // The stream-stream join holds a few batches of both sides: a smaller batch keeps it in cache.
        for (BenchQuery query : List.of(BenchQuery.SELECT_FILTER, BenchQuery.DEDUPLICATE, BenchQuery.STATIC_JOIN,
                BenchQuery.STREAM_JOIN, BenchQuery.SESSION)) {
            int rows = query == BenchQuery.STREAM_JOIN ? 100_000 : 1_000_000;
            if (wanted(query.figure("throughput"))) {
                printThroughput(query.figure("throughput"), rows, measure(query, rows, 200, 60, Layout.SINGLE_THREAD));
            }
            if (wanted(query.figure("small-batch"))) {
                print(query.figure("small-batch"), median(measure(query, 20, SMALL_BATCH_WARMUP,
                        50_000, Layout.SINGLE_THREAD))
                        / 1e3, "us");
            }
        }

        // The same join with a checkpoint: each batch's delta written (the rows added, the ids
        // removed and matched), as a query that can restart pays.
        if (wanted("stream-join-checkpointed-throughput")) {
            Path checkpoint = BenchFiles.temporaryDirectory("arus-bench-checkpoint");
            printThroughput("stream-join-checkpointed-throughput", 100_000,
                    measure(BenchQuery.STREAM_JOIN, 100_000, 200, 60, new Layout(1, checkpoint)));
            BenchFiles.delete(checkpoint);
        }

        if (wanted("stream-source")) {
            print("stream-source", StreamSourceBenchmark.rowsPerSecond(1), "rows/s");
        }
        if (wanted("stream-source-parallel")) {
            System.out.println(String.format(Locale.ROOT, "BENCH stream-source-parallel %.1f rows/s %d threads",
                    StreamSourceBenchmark.rowsPerSecond(cores), cores));
        }

        if (wanted("json-file-source", "json-file-source-cpu")) {
            print("json-file-source", JsonFileSourceBenchmark.rowsPerSecond(), "rows/s");
            print("json-file-source-cpu", JsonFileSourceBenchmark.rowsPerCpuSecond, "rows/cpu-s");
        }

        if (wanted("sql-planning")) {
            System.out.println(SqlPlanningBenchmark.line());
        }
    }

    /** Whether any of {@code figures} is to be measured: all are, unless {@code bench.figures} names some. */
    private static boolean wanted(String... figures) {
        String only = System.getProperty("bench.figures");
        return only == null || Arrays.stream(figures).anyMatch(Set.of(only.split(","))::contains);
    }

    /** Wall time of each measured trigger of {@code query}, after {@code warmup} unmeasured ones. */
    private static double[] measure(BenchQuery benchQuery, int rowsPerBatch, int warmup, int batches,
            Layout layout) {
        Path checkpoint = layout.checkpoint();
        Path files = BenchFiles.temporaryDirectory("arus-bench-input");
        ManualClock clock = new ManualClock(1_760_000_000_000L);
        ManualTriggerScheduler scheduler = new ManualTriggerScheduler(clock);
        List<StreamingQueryProgress> progress = new ArrayList<>();
        try (ArusSession session = ArusSession.builder().clock(clock).scheduler(scheduler)
                .parallelism(layout.threads()).shufflePartitions(layout.threads())
                .timeZone(ZoneOffset.UTC).build()) {
            session.streams().addListener(new StreamingQueryListener() {
                @Override
                public void onQueryProgress(QueryProgressEvent event) {
                    if (progress.size() < 2) {
                        progress.add(event.progress());
                    }
                }
            });
            BenchQuery.Input input = new BenchQuery.Input(session, layout.threads(), clock.millis(),
                    BenchQuery.Input.writeCatalogue(files));
            StreamingQuery query = benchQuery.build(input, rowsPerBatch)
                    .writeStream()
                    .format("noop")
                    .outputMode("append")
                    .options(checkpoint == null ? Map.of() : Map.of("checkpointLocation", checkpoint.toString()))
                    .start();
            for (int i = 0; i < warmup; i++) {
                scheduler.runNext();
            }
            if (warmup >= SMALL_BATCH_WARMUP) {
                untilCompiled(scheduler);
            }
            double[] nanos = new double[batches];
            for (int i = 0; i < batches; i++) {
                long start = now();
                scheduler.runNext();
                nanos[i] = now() - start;
            }
            query.stop();
            if (progress.isEmpty() || progress.get(0).numInputRows() != rowsPerBatch) {
                throw new IllegalStateException("the benchmark query did not read its rows: " + progress);
            }
            return nanos;
        } finally {
            BenchFiles.delete(files);
        }
    }

    /**
     * Runs further unmeasured triggers, {@value #SETTLING_TRIGGERS} at a time, until the JIT
     * compiled nothing while they ran (at most 20 times): on a loaded machine its compiler threads
     * fall behind, and a trigger that runs faster before it is compiled reached the end of a fixed
     * warm-up sooner, before the compiler had finished its path (measured at 4.1 to 4.8 µs where
     * the compiled trigger takes 2.4).
     */
    private static void untilCompiled(ManualTriggerScheduler scheduler) {
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        for (int round = 0; round < 20; round++) {
            long compilingMs = jit.getTotalCompilationTime();
            for (int i = 0; i < SETTLING_TRIGGERS; i++) {
                scheduler.runNext();
            }
            if (jit.getTotalCompilationTime() == compilingMs) {
                return;
            }
        }
    }

    /** Nanoseconds on the clock {@code bench.clock} names: the wall clock, or this thread's CPU time ({@code cpu}). */
    private static long now() {
        return CPU_CLOCK ? THREADS.getCurrentThreadCpuTime() : System.nanoTime();
    }

    private static double percentile(double[] values, double fraction) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[(int) Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))];
    }

    private static double median(List<Double> values) {
        return median(values.stream().mapToDouble(Double::doubleValue).toArray());
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    /**
     * Prints figure {@code name}, rows a second in the median batch of {@code nanos}, and beside it
     * {@code name-mean}, in their mean: a state's periodic work (packing, rebuilding an index) runs
     * in one batch of several, which the median leaves out and the mean pays.
     */
    private static void printThroughput(String name, int rows, double[] nanos) {
        print(name, rows / (median(nanos) / 1e9), "rows/s");
        print(name + "-mean", rows / (Arrays.stream(nanos).average().orElseThrow() / 1e9), "rows/s");
    }

    private static void print(String name, double value, String unit) {
        System.out.println(String.format(Locale.ROOT, "BENCH %s %.1f %s", name, value, unit));
    }
}
