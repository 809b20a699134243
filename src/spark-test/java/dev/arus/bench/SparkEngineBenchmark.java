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
 * workload and engine, after warm-up batches (Spark's JIT and code generation, Arus's JIT):
 * <ul>
 *   <li>{@code spark-engine-<workload>-<engine>}: input rows over the summed batch time of the
 *       large batches;</li>
 *   <li>{@code spark-engine-<workload>-batch-overhead-<engine>}: the median time of a 10-row batch;</li>
 *   <li>{@code spark-engine-<workload>-row-cost-<engine>}: what a further row costs, the median
 *       large batch's time less the overhead, per row;</li>
 *   <li>{@code spark-engine-<workload>-ratio} and {@code -row-cost-ratio}: Arus's throughput over
 *       Spark's, and Spark's row cost over Arus's;</li>
 *   <li>{@code spark-engine-select-filter-spark-native}, {@code -batch-overhead-spark-native} and
 *       {@code -row-cost-spark-native}: the select and filter on Spark without the service's
 *       wrapper ({@link SparkNativeSelectFilter}), what the wrapper costs; {@code -native-ratio} and
 *       {@code -native-row-cost-ratio}: Arus's throughput over it, and its row cost over Arus's.</li>
 * </ul>
 * Prints {@code BENCH <name> <value> <unit>} lines, the machine's load beside each throughput.
 * Run with {@code ./mvnw -o -Pspark -DskipSparkBenchmark=false -DskipDashboard=true -DskipTests
 * verify} (or with {@code -Pspark,bench}, beside the engine's other benchmarks). System properties:
 * {@code spark.bench.master} (Spark's master, {@code local[1]}), {@code spark.bench.rows} (rows of
 * a large batch, 100,000), {@code spark.bench.warmup.arus} and {@code spark.bench.batches.arus}
 * (batches skipped and measured per Arus run, 200 and 50), {@code spark.bench.warmup.spark} and
 * {@code spark.bench.batches.spark} (8 and 12), {@code spark.bench.workloads} (the workloads'
 * names, comma-separated, e.g. {@code chapter,dedup}; all by default).
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
                        "--arus.data-dir=" + dataDir, "--logging.level.root=WARN")) {
            Reports reports = new Reports();
            service.getBean(QueryRegistry.class).addListener(reports);
            ApiClient api = new ApiClient(((WebServerApplicationContext) service).getWebServer().getPort());
            for (SparkBenchWorkload workload : SparkBenchWorkload.values()) {
                if (!wanted(workload)) {
                    continue;
                }
                Figures arus = Figures.measure(api, reports, workload, "arus");
                Figures spark = Figures.measure(api, reports, workload, "spark");
                print("spark-engine-" + workload.figure() + "-ratio", arus.rowsPerSecond() / spark.rowsPerSecond(), "x");
                if (spark.nanosPerRow() > 0 && arus.nanosPerRow() > 0) { // none when the batches are too few to tell
                    print("spark-engine-" + workload.figure() + "-row-cost-ratio",
                            spark.nanosPerRow() / arus.nanosPerRow(), "x");
                }
                if (workload == SparkBenchWorkload.SELECT_FILTER) {
                    measureNative(arus);
                }
            }
        }
    }

    /**
     * One engine's figures of one workload: input rows a second over the large batches, the median
     * time of a {@value #SMALL}-row batch (the per-batch overhead), and what each further row costs
     * (the median large batch's time less the small one's, per row; 0 when the large batch took no
     * longer, as with too few batches on a loaded machine). Printed as measured.
     */
    private record Figures(double rowsPerSecond, double overheadNanos, double nanosPerRow) {

        static Figures measure(ApiClient api, Reports reports, SparkBenchWorkload workload, String engine)
                throws InterruptedException {
            List<StreamingQueryProgress> large = run(api, reports, workload, engine, ROWS);
            long rows = 0;
            long nanos = 0;
            for (StreamingQueryProgress progress : large) {
                rows += progress.numInputRows();
                nanos += progress.batchDurationNanos();
            }
            double rate = rows * 1e9 / Math.max(1, nanos);
            String name = "spark-engine-" + workload.figure();
            System.out.println(String.format(Locale.ROOT, "BENCH %s-%s %.1f rows/s (%s)", name, engine, rate,
                    BenchLoad.now()));
            double overhead = median(run(api, reports, workload, engine, SMALL));
            print(name + "-batch-overhead-" + engine, overhead / 1000.0, "us");
            double perRow = Math.max(0, median(large) - overhead) / (ROWS - SMALL);
            print(name + "-row-cost-" + engine, perRow, "ns/row");
            return new Figures(rate, overhead, perRow);
        }
    }

    /**
     * The select and filter on Spark into its own {@code noop} sink, without the service's wrapper
     * ({@link SparkNativeSelectFilter}): its throughput, overhead and row cost as {@link Figures}
     * has them, and Arus's ratios to it.
     */
    private static void measureNative(Figures arus) throws Exception {
        long[] large = SparkNativeSelectFilter.batchNanos(ROWS, warmUp("spark"), batches("spark"));
        double rate = (double) ROWS * large.length * 1e9 / Math.max(1, Arrays.stream(large).sum());
        System.out.println(String.format(Locale.ROOT, "BENCH spark-engine-select-filter-spark-native %.1f rows/s (%s)",
                rate, BenchLoad.now()));
        double overhead = median(SparkNativeSelectFilter.batchNanos(SMALL, warmUp("spark"), batches("spark")));
        print("spark-engine-select-filter-batch-overhead-spark-native", overhead / 1000.0, "us");
        double perRow = Math.max(0, median(large) - overhead) / (ROWS - SMALL);
        print("spark-engine-select-filter-row-cost-spark-native", perRow, "ns/row");
        print("spark-engine-select-filter-native-ratio", arus.rowsPerSecond() / rate, "x");
        if (perRow > 0 && arus.nanosPerRow() > 0) {
            print("spark-engine-select-filter-native-row-cost-ratio", perRow / arus.nanosPerRow(), "x");
        }
    }

    /** The measured batches' progress of {@code workload} with {@code rowsPerBatch} rows a batch on {@code engine}. */
    private static List<StreamingQueryProgress> run(ApiClient api, Reports reports, SparkBenchWorkload workload,
            String engine, int rowsPerBatch) throws InterruptedException {
        String id = api.create(workload.spec(engine, rowsPerBatch));
        List<StreamingQueryProgress> progress = reports.await(UUID.fromString(id), warmUp(engine) + batches(engine));
        api.delete("/api/queries/" + id);
        List<StreamingQueryProgress> measured = progress.subList(warmUp(engine), warmUp(engine) + batches(engine));
        if (measured.stream().anyMatch(batch -> batch.numInputRows() != rowsPerBatch)) {
            throw new IllegalStateException(workload.figure() + " on " + engine + " did not read " + rowsPerBatch
                    + " rows every batch: " + measured.stream().map(StreamingQueryProgress::numInputRows).toList());
        }
        return measured;
    }

    /** The batches a run on {@code engine} skips first: {@code spark.bench.warmup.<engine>}. */
    private static int warmUp(String engine) {
        return Integer.getInteger("spark.bench.warmup." + engine, engine.equals("arus") ? 200 : 8);
    }

    /** The batches a run on {@code engine} measures: {@code spark.bench.batches.<engine>}. */
    private static int batches(String engine) {
        return Integer.getInteger("spark.bench.batches." + engine, engine.equals("arus") ? 50 : 12);
    }

    /** Whether {@code workload} is to be measured: all are, unless {@code spark.bench.workloads} names some. */
    private static boolean wanted(SparkBenchWorkload workload) {
        String only = System.getProperty("spark.bench.workloads");
        return only == null || only.isBlank() || Set.of(only.split(",")).contains(workload.figure());
    }

    /** The median batch time in nanoseconds (Spark's is known to the millisecond only). */
    private static double median(List<StreamingQueryProgress> progress) {
        return median(progress.stream().mapToLong(StreamingQueryProgress::batchDurationNanos).toArray());
    }

    private static double median(long[] nanos) {
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    private static void print(String name, double value, String unit) {
        System.out.println(String.format(Locale.ROOT, "BENCH %s %.1f %s", name, value, unit));
    }

    /** Every query's progress reports, in order, as the registry tells them. */
    private static final class Reports implements QueryListener {

        private final Map<UUID, List<StreamingQueryProgress>> byQuery = new ConcurrentHashMap<>();

        @Override
        public synchronized void progress(QueryView query, StreamingQueryProgress progress) {
            byQuery.computeIfAbsent(query.id(), id -> new ArrayList<>()).add(progress);
            notifyAll();
        }

        synchronized List<StreamingQueryProgress> await(UUID id, int count) throws InterruptedException {
            while (byQuery.getOrDefault(id, List.of()).size() < count) {
                wait(1000);
            }
            return List.copyOf(byQuery.get(id).subList(0, count));
        }
    }
}
