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
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * {@code BENCH spark-engine}: the chapter's query (event time shifted by {@code value % 3}, a
 * 4 s watermark, 8 s windows, append mode) over {@code rate-micro-batch}, as fast as it can go,
 * on both engines through one started service (Spark on {@code local[*]}): the per-batch
 * overhead (the median batch time of 10-row batches) and the throughput (input rows over the
 * summed batch time of 200,000-row batches), after warm-up batches. Prints
 * {@code BENCH <name> <value> <unit>} lines. Run with
 * {@code ./mvnw -Pspark -DskipSparkBenchmark=false -DskipDashboard=true -DskipTests verify}
 * (or with {@code -Pspark,bench}, beside the engine's other benchmarks).
 */
public final class SparkEngineBenchmark {

    private static final int WARM_UP = 10;
    private static final int MEASURED = 20;

    private SparkEngineBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Path dataDir = Files.createTempDirectory("arus-spark-bench-");
        try (ConfigurableApplicationContext service = new SpringApplicationBuilder(ArusApplication.class)
                .run("--server.port=0", "--arus.demo.enabled=false", "--arus.spark.master=local[*]",
                        "--arus.data-dir=" + dataDir, "--logging.level.root=WARN")) {
            Reports reports = new Reports();
            service.getBean(QueryRegistry.class).addListener(reports);
            ApiClient api = new ApiClient(((WebServerApplicationContext) service).getWebServer().getPort());
            for (String engine : List.of("arus", "spark")) {
                List<StreamingQueryProgress> small = run(api, reports, engine, 10);
                print("spark-engine-batch-overhead-" + engine, median(small) / 1000.0, "us");
                List<StreamingQueryProgress> large = run(api, reports, engine, 200_000);
                long rows = large.stream().mapToLong(StreamingQueryProgress::numInputRows).sum();
                long nanos = large.stream().mapToLong(StreamingQueryProgress::batchDurationNanos).sum();
                print("spark-engine-throughput-" + engine, rows * 1e9 / Math.max(1, nanos), "rows/s");
            }
        }
    }

    /** The measured batches' progress of the chapter's query with {@code rowsPerBatch} rows a batch on {@code engine}. */
    private static List<StreamingQueryProgress> run(ApiClient api, Reports reports, String engine, int rowsPerBatch)
            throws InterruptedException {
        String id = api.create("""
                {"name": "bench-%s-%d", "engine": "%s",
                 "source": {"format": "rate-micro-batch", "options": {"rowsPerBatch": %d, "advanceMillisPerBatch": 1000}},
                 "steps": [
                   {"withColumn": {"name": "event_time", "expr": "CAST(unix_timestamp(timestamp) - value %% 3 AS TIMESTAMP)"}},
                   {"withWatermark": {"column": "event_time", "delay": "4 seconds"}},
                   {"groupBy": {"keys": ["window(event_time, '8 seconds')"], "aggregations": ["count(*) AS count"]}}
                 ],
                 "outputMode": "append", "sink": {"format": "noop"}}
                """.formatted(engine, rowsPerBatch, engine, rowsPerBatch));
        List<StreamingQueryProgress> progress = reports.await(UUID.fromString(id), WARM_UP + MEASURED);
        api.delete("/api/queries/" + id);
        return progress.subList(WARM_UP, WARM_UP + MEASURED);
    }

    /** The median batch time in nanoseconds (Spark's is known to the millisecond only). */
    private static double median(List<StreamingQueryProgress> progress) {
        List<Long> nanos = new ArrayList<>(progress.stream().map(StreamingQueryProgress::batchDurationNanos)
                .sorted().toList());
        return nanos.get(nanos.size() / 2);
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
