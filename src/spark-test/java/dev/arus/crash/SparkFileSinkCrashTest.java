package dev.arus.crash;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.server.ApiClient;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The json sink of a query on the Spark engine is Spark's own file sink, exactly once: the
 * service, with Spark in it, runs in a child JVM and is killed with SIGKILL three times while the
 * query writes, each time as soon as another batch is listed in {@code _spark_metadata} (before
 * that batch's commit entry, most of the time, so that Spark runs the batch again at the next
 * start), and started again on the same data directory, which restores the query. Read as
 * Spark's {@code MetadataLogFileIndex} reads the directory (the latest compaction, then the
 * entries after it, only the files they list), the output holds each row of every logged batch
 * exactly once: over {@code rate-micro-batch}, whose batch {@code n} is the values
 * {@code n * 7} to {@code n * 7 + 6}, the values 0 to {@code 7 * batches - 1}, none twice.
 */
class SparkFileSinkCrashTest {

    private static final int ROWS_PER_BATCH = 7;
    private static final Pattern LOG_ENTRY = Pattern.compile("(\\d+)(\\.compact)?");
    private static final Pattern LISTED_PATH = Pattern.compile("\"path\":\"file:([^\"]+)\"");
    private static final Pattern VALUE = Pattern.compile("\\{\"value\":(\\d+)}");
    /** A started Spark service's first batches take long on a machine shared by several builds. */
    private static final Duration BATCHES_LIMIT = Duration.ofSeconds(150);
    private static final Map<String, String> SPARK = Map.of("arus.spark.master", "local[1]",
            "arus.engine.shuffle-partitions", "1");

    @TempDir
    Path dataDirectory;

    @Test
    @Timeout(value = 15, unit = TimeUnit.MINUTES)
    void holdsEveryRowOfEveryLoggedBatchOnceAfterThreeKills() throws Exception {
        Path out = dataDirectory.resolve("out/spark-crash");
        Path log = out.resolve("_spark_metadata");
        Files.createDirectories(log);
        List<String> killedAt = new ArrayList<>();
        long logged;
        try (ServiceChild service = ServiceChild.launch(dataDirectory, SPARK)) {
            ApiClient api = service.awaitStarted();
            api.create("""
                    {"name": "spark-crash", "engine": "spark",
                     "source": {"format": "rate-micro-batch", "options": {"rowsPerBatch": %d}},
                     "steps": [{"selectExpr": ["value"]}], "trigger": {"processingTime": "100 milliseconds"},
                     "sink": {"format": "json", "options": {"path": "out/spark-crash"}},
                     "checkpointLocation": "checkpoints/spark-crash"}
                    """.formatted(ROWS_PER_BATCH));
            logged = awaitLogged(log, 2);
            service.kill();
            killedAt.add(state(logged));
        }
        for (int kill = 2; kill <= 3; kill++) {
            try (ServiceChild service = ServiceChild.launch(dataDirectory, SPARK)) {
                service.awaitStarted();
                logged = awaitLogged(log, logged + 3);
                service.kill();
                killedAt.add(state(logged));
            }
        }
        try (ServiceChild service = ServiceChild.launch(dataDirectory, SPARK)) {
            ApiClient api = service.awaitStarted();
            awaitLogged(log, logged + 3);
            String id = api.get("/api/queries").json().get(0).path("id").asString();
            assertThat(api.post("/api/queries/" + id + "/stop").status()).isEqualTo(200);
        }

        long batches = latestEntry(log).orElseThrow() + 1;
        assertThat(listedValues(log)).as("kills after %s", killedAt)
                .containsExactlyElementsOf(LongStream.range(0, batches * ROWS_PER_BATCH).boxed().toList());
    }

    /** Where the kill left the checkpoint: the batch last listed by the sink, last planned, last committed. */
    private String state(long logged) {
        Path checkpoint = dataDirectory.resolve("checkpoints/spark-crash");
        return "{logged " + logged + ", offsets " + latestEntry(checkpoint.resolve("offsets")).orElse(-1)
                + ", commits " + latestEntry(checkpoint.resolve("commits")).orElse(-1) + "}";
    }

    /**
     * Waits until the sink's log lists batch {@code batchId} (or a later one), woken by each file
     * the log's directory gets, and returns the latest batch it lists.
     */
    private static long awaitLogged(Path log, long batchId) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + BATCHES_LIMIT.toNanos();
        try (WatchService watcher = FileSystems.getDefault().newWatchService()) {
            log.register(watcher, StandardWatchEventKinds.ENTRY_CREATE);
            while (true) {
                OptionalLong latest = latestEntry(log);
                if (latest.isPresent() && latest.getAsLong() >= batchId) {
                    return latest.getAsLong();
                }
                long left = deadline - System.nanoTime();
                assertThat(left).as("batch %d listed in %s within %s", batchId, log, BATCHES_LIMIT).isPositive();
                WatchKey key = watcher.poll(left, TimeUnit.NANOSECONDS);
                if (key != null) {
                    key.pollEvents();
                    key.reset();
                }
            }
        }
    }

    /** The latest batch id of a log directory of Spark's ({@code 7}, {@code 9.compact}); none when it is empty. */
    private static OptionalLong latestEntry(Path directory) {
        if (!Files.isDirectory(directory)) {
            return OptionalLong.empty();
        }
        try (Stream<Path> entries = Files.list(directory)) {
            return entries.map(entry -> LOG_ENTRY.matcher(entry.getFileName().toString()))
                    .filter(Matcher::matches).mapToLong(entry -> Long.parseLong(entry.group(1))).max();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The values of the rows in the files the log lists, sorted, as Spark's
     * {@code FileStreamSinkLog.allFiles} finds them: the latest compaction (every tenth batch's
     * entry, {@code 9.compact}, lists all files up to it) and the entries after it.
     */
    private static List<Long> listedValues(Path log) throws IOException {
        long latest = latestEntry(log).orElseThrow();
        long compaction = (latest + 1) / 10 * 10 - 1;
        List<Long> values = new ArrayList<>();
        for (long batch = Math.max(compaction, 0); batch <= latest; batch++) {
            Path entry = log.resolve(batch == compaction ? batch + ".compact" : Long.toString(batch));
            List<String> lines = Files.readAllLines(entry);
            assertThat(lines.get(0)).as(entry.toString()).isEqualTo("v1");
            for (String listed : lines.subList(1, lines.size())) {
                Matcher path = LISTED_PATH.matcher(listed);
                assertThat(path.find()).as(listed).isTrue();
                for (String row : Files.readAllLines(Path.of(path.group(1)))) {
                    Matcher value = VALUE.matcher(row);
                    assertThat(value.matches()).as(row).isTrue();
                    values.add(Long.parseLong(value.group(1)));
                }
            }
        }
        values.sort(null);
        return values;
    }
}
