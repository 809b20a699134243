package dev.arus.bench;

import dev.arus.engine.streaming.StreamingQueryProgress;
import dev.arus.server.ApiClient;
import dev.arus.server.ArusApplication;
import dev.arus.server.query.QueryListener;
import dev.arus.server.query.QueryRegistry;
import dev.arus.server.query.QueryView;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * {@code BENCH spark-engine-*}: each {@linkplain SparkBenchWorkload workload} (the chapter's
 * windowed count, deduplication, the stream-static and the stream-stream join, session windows, a
 * stateless select and filter) as the same spec on both engines, in turn, through one started
 * service, as fast as it goes, single-threaded: Spark on {@code local[1]}, Arus with one task
 * thread, and for both one source partition and one state partition. Spark's batches go through
 * the service's {@code foreachBatch} wrapper, as every Spark query of the service does. Per
 * workload and engine, after warm-up batches (Spark's JIT and code generation, Arus's JIT), three
 * runs: batches of {@code spark.bench.rows} rows, of {@value #SMALL} rows and of
 * {@code spark.bench.rows.large} rows:
 * <ul>
 *   <li>{@code spark-engine-<workload>-<engine>}: input rows over the summed batch time of the
 *       {@code spark.bench.rows}-row batches, and {@code -large-<engine>} of the large ones;</li>
 *   <li>{@code spark-engine-<workload>-batch-overhead-<engine>}: the median time of a 10-row batch;</li>
 *   <li>{@code spark-engine-<workload>-row-cost-<engine>}: what a further row costs, the median
 *       large batch's time less the overhead, per row. The large batch is large so that Spark's
 *       difference is seconds: Spark times a batch to the millisecond (its trigger clock) and its
 *       batches vary by tens of milliseconds, which at 100,000 rows is most of the difference;</li>
 *   <li>{@code spark-engine-<workload>-batch-time-<engine>} and {@code -large-batch-time-<engine>}:
 *       the median times of the two larger sizes' batches, and {@code -marginal-row-cost-<engine>}
 *       the difference per row between them: the row cost where the batch's time is not a straight
 *       line from 10 rows on (a step between the small batch and the larger ones);</li>
 *   <li>{@code spark-engine-<workload>-ratio}, {@code -large-ratio}, {@code -row-cost-ratio} and
 *       {@code -marginal-row-cost-ratio}: Arus's throughput over Spark's at each batch size, and
 *       Spark's row costs over Arus's;</li>
 *   <li>{@code spark-engine-select-filter-spark-native} and the same figures ending in
 *       {@code -spark-native}: the select and filter on Spark without the service's wrapper
 *       ({@link SparkNativeSelectFilter}), what the wrapper costs; {@code -native-ratio} and the
 *       other ratios with {@code -native}: Arus's figures against it.</li>
 * </ul>
 * Prints {@code BENCH <name> <value> <unit>} lines, the machine's load beside each throughput.
 * Run with {@code ./mvnw -o -Pspark -DskipSparkBenchmark=false -DskipDashboard=true -DskipTests
 * verify} (or with {@code -Pspark,bench}, beside the engine's other benchmarks). System properties:
 * {@code spark.bench.master} (Spark's master, {@code local[1]}), {@code spark.bench.rows} (rows of
 * a batch for the throughput, 100,000), {@code spark.bench.rows.large} (rows of a batch for the
 * row cost; by default the workload's {@linkplain SparkBenchWorkload#largeRows() own}),
 * {@code spark.bench.warmup.<engine>} and {@code spark.bench.batches.<engine>}
 * (batches skipped and measured per run of {@code spark.bench.rows} or {@value #SMALL} rows; Arus
 * 200 and 50, Spark 8 and 12), {@code spark.bench.warmup.large.<engine>} and
 * {@code spark.bench.batches.large.<engine>} (per run of large batches, after the others warmed
 * the JVM; Arus 20 and 20, Spark 2 and 5), {@code spark.bench.workloads} (the workloads' names,
 * comma-separated, e.g. {@code chapter,dedup}; all by default).
 */
public final class SparkEngineBenchmark {

    private static final String MASTER = System.getProperty("spark.bench.master", "").isBlank() ? "local[1]"
            : System.getProperty("spark.bench.master");
    private static final int ROWS = Integer.getInteger("spark.bench.rows", 100_000);
    private static final int SMALL = 10;

    private SparkEngineBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Path dataDir = Files.createTempDirectory("arus-spark-bench-");
        SparkBenchWorkload.writeCatalogue(dataDir);
        System.out.println(String.format(Locale.ROOT, "BENCH spark-engine: Spark on %s, %d-row batches, %s", MASTER,
                ROWS, BenchLoad.now()));
        try (ConfigurableApplicationContext service = new SpringApplicationBuilder(ArusApplication.class)
                .run("--server.port=0", "--arus.demo.enabled=false", "--arus.spark.master=" + MASTER,
                        "--arus.engine.task-threads=1", "--arus.engine.shuffle-partitions=1",
                        // the deduplication of million-row batches keeps about 2.5 million keys
                        "--arus.limits.max-state-rows=10000000",
                        "--arus.data-dir=" + dataDir, "--logging.level.root=WARN")) {
            Reports reports = new Reports();
            service.getBean(QueryRegistry.class).addListener(reports);
            ApiClient api = new ApiClient(((WebServerApplicationContext) service).getWebServer().getPort());
            for (SparkBenchWorkload workload : SparkBenchWorkload.values()) {
                if (!wanted(workload)) {
                    continue;
                }
                String name = "spark-engine-" + workload.figure();
                int large = Integer.getInteger("spark.bench.rows.large", workload.largeRows());
                Figures arus = Figures.measure(name, "arus", large, (rows, warmUp, batches) ->
                        run(api, reports, workload, "arus", rows, warmUp, batches));
                Figures spark = Figures.measure(name, "spark", large, (rows, warmUp, batches) ->
                        run(api, reports, workload, "spark", rows, warmUp, batches));
                arus.printRatios(name, "", spark);
                if (workload == SparkBenchWorkload.SELECT_FILTER) {
                    arus.printRatios(name, "-native", Figures.measure(name, "spark-native", large,
                            SparkNativeSelectFilter::batchNanos));
                }
            }
        }
    }

    /** Runs a query of {@code rows} rows a batch and times each of {@code batches} batches after {@code warmUp}. */
    @FunctionalInterface
    interface BatchTimer {
        long[] batchNanos(int rows, int warmUp, int batches) throws Exception;
    }

    /**
     * One engine's figures of one workload: input rows a second over the {@link #ROWS}-row and
     * over the large batches, the median time of a {@value #SMALL}-row batch (the per-batch
     * overhead), what each further row costs (the median large batch's time less the
     * small one's, per row; 0 when the large batch took no longer), and the marginal row cost
     * between the two larger sizes' medians, which is the row cost only if a batch's time is a
     * straight line through all three. Printed as measured.
     */
    private record Figures(double rowsPerSecond, double largeRowsPerSecond, double nanosPerRow,
                           double marginalNanosPerRow) {

        /** Measures and prints the figures of {@code engine} ({@code arus}, {@code spark}, {@code spark-native}). */
        static Figures measure(String name, String engine, int largeRows, BatchTimer timer) throws Exception {
            String runs = engine.equals("arus") ? "arus" : "spark"; // spark-native runs as many batches as spark
            long[] batches = timer.batchNanos(ROWS, warmUp(runs, ""), batches(runs, ""));
            double rate = rowsPerSecond(ROWS, batches);
            System.out.println(String.format(Locale.ROOT, "BENCH %s-%s %.1f rows/s (%s)", name, engine, rate,
                    BenchLoad.now()));
            print(name + "-batch-time-" + engine, median(batches) / 1e6, "ms");
            double overhead = median(timer.batchNanos(SMALL, warmUp(runs, ""), batches(runs, "")));
            print(name + "-batch-overhead-" + engine, overhead / 1000.0, "us");
            long[] large = timer.batchNanos(largeRows, warmUp(runs, ".large"), batches(runs, ".large"));
            double largeRate = rowsPerSecond(largeRows, large);
            System.out.println(String.format(Locale.ROOT, "BENCH %s-large-%s %.1f rows/s (%s)", name, engine,
                    largeRate, BenchLoad.now()));
            print(name + "-large-batch-time-" + engine, median(large) / 1e6, "ms");
            double perRow = Math.max(0, median(large) - overhead) / (largeRows - SMALL);
            print(name + "-row-cost-" + engine, perRow, "ns/row");
            double marginal = (median(large) - median(batches)) / (largeRows - ROWS);
            print(name + "-marginal-row-cost-" + engine, marginal, "ns/row");
            return new Figures(rate, largeRate, perRow, marginal);
        }

        /** Prints this (Arus's) figures over {@code spark}'s: {@code <name><kind>-ratio} and the others. */
        void printRatios(String name, String kind, Figures spark) {
            print(name + kind + "-ratio", rowsPerSecond / spark.rowsPerSecond, "x");
            print(name + kind + "-large-ratio", largeRowsPerSecond / spark.largeRowsPerSecond, "x");
            if (spark.nanosPerRow > 0 && nanosPerRow > 0) { // none when a large batch took no longer than a small one
                print(name + kind + "-row-cost-ratio", spark.nanosPerRow / nanosPerRow, "x");
            }
            if (spark.marginalNanosPerRow > 0 && marginalNanosPerRow > 0) {
                print(name + kind + "-marginal-row-cost-ratio", spark.marginalNanosPerRow / marginalNanosPerRow, "x");
            }
        }

        private static double rowsPerSecond(int rowsPerBatch, long[] nanos) {
            return (double) rowsPerBatch * nanos.length * 1e9 / Math.max(1, Arrays.stream(nanos).sum());
        }
    }

    /**
     * The measured batches' times of {@code workload} with {@code rowsPerBatch} rows a batch on
     * {@code engine}, in nanoseconds (Spark's known to the millisecond).
     */
    private static long[] run(ApiClient api, Reports reports, SparkBenchWorkload workload, String engine,
            int rowsPerBatch, int warmUp, int batches) throws InterruptedException {
        String id = api.create(workload.spec(engine, rowsPerBatch));
        List<StreamingQueryProgress> progress = reports.await(UUID.fromString(id), warmUp + batches);
        api.delete("/api/queries/" + id);
        List<StreamingQueryProgress> measured = progress.subList(warmUp, warmUp + batches);
        if (measured.stream().anyMatch(batch -> batch.numInputRows() != rowsPerBatch)) {
            throw new IllegalStateException(workload.figure() + " on " + engine + " did not read " + rowsPerBatch
                    + " rows every batch: " + measured.stream().map(StreamingQueryProgress::numInputRows).toList());
        }
        return measured.stream().mapToLong(StreamingQueryProgress::batchDurationNanos).toArray();
    }

    /** The batches a run on {@code engine} skips first: {@code spark.bench.warmup<size>.<engine>}, size "" or ".large". */
    private static int warmUp(String engine, String size) {
        boolean arus = engine.equals("arus");
        return Integer.getInteger("spark.bench.warmup" + size + "." + engine,
                size.isEmpty() ? (arus ? 200 : 8) : (arus ? 20 : 2));
    }

    /** The batches a run on {@code engine} measures: {@code spark.bench.batches<size>.<engine>}, size "" or ".large". */
    private static int batches(String engine, String size) {
        boolean arus = engine.equals("arus");
        return Integer.getInteger("spark.bench.batches" + size + "." + engine,
                size.isEmpty() ? (arus ? 50 : 12) : (arus ? 20 : 5));
    }

    /** Whether {@code workload} is to be measured: all are, unless {@code spark.bench.workloads} names some. */
    private static boolean wanted(SparkBenchWorkload workload) {
        String only = System.getProperty("spark.bench.workloads");
        return only == null || only.isBlank() || Set.of(only.split(",")).contains(workload.figure());
    }

    private static double median(long[] nanos) {
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    private static void print(String name, double value, String unit) {
        System.out.println(String.format(Locale.ROOT, "BENCH %s %.1f %s", name, value, unit));
    }

    /** Every query's progress reports, in order, and its failure, as the registry tells them. */
    private static final class Reports implements QueryListener {

        private final Map<UUID, List<StreamingQueryProgress>> byQuery = new ConcurrentHashMap<>();
        private final Map<UUID, QueryView.Failure> failures = new ConcurrentHashMap<>();

        @Override
        public synchronized void progress(QueryView query, StreamingQueryProgress progress) {
            byQuery.computeIfAbsent(query.id(), id -> new ArrayList<>()).add(progress);
            notifyAll();
        }

        @Override
        public synchronized void runEnded(QueryView query) {
            if (query.exception() != null) {
                failures.put(query.id(), query.exception());
                notifyAll();
            }
        }

        /** The first {@code count} reports of query {@code id}; fails if its run fails before them. */
        synchronized List<StreamingQueryProgress> await(UUID id, int count) throws InterruptedException {
            while (byQuery.getOrDefault(id, List.of()).size() < count) {
                QueryView.Failure failure = failures.get(id);
                if (failure != null) {
                    throw new IllegalStateException("Query " + id + " failed: " + failure.message());
                }
                wait(1000);
            }
            return List.copyOf(byQuery.get(id).subList(0, count));
        }
    }
}
