package dev.arus.bench;

import dev.arus.engine.api.ArusSession;
import dev.arus.engine.streaming.StreamingQuery;
import dev.arus.engine.streaming.StreamingQueryListener;
import dev.arus.engine.streaming.StreamingQueryProgress;
import dev.arus.engine.testing.ManualTriggerScheduler;
import dev.arus.engine.time.ManualClock;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * {@code BENCH json-file-source}: how many rows per second a {@code json} file stream source reads
 * on one thread, from 100 NDJSON files of shop orders (two strings, a number, an ISO timestamp)
 * in the page cache, ten files per trigger into a {@code noop} sink. Each round is a new query
 * reading all 100 files; the figure is the median of the measured rounds, after warm-up rounds.
 */
final class JsonFileSourceBenchmark {

    static final String SCHEMA = "order_id STRING, category STRING, amount DOUBLE, event_time TIMESTAMP";
    private static final int FILES = 100;
    private static final int ROWS_PER_FILE = 20_000;
    private static final int FILES_PER_TRIGGER = 10;
    private static final int WARMUP_ROUNDS = 8;
    private static final int MEASURED_ROUNDS = 10;
    private static final String[] CATEGORIES = {"books", "electronics", "games", "fashion", "grocery"};

    private JsonFileSourceBenchmark() {
    }

    /** Runs the benchmark alone, as {@link EngineBenchmark} runs it among the others. */
    public static void main(String[] args) {
        System.out.println(String.format(Locale.ROOT, "BENCH json-file-source %.1f rows/s", rowsPerSecond()));
        System.out.println(String.format(Locale.ROOT, "BENCH json-file-source-cpu %.1f rows/cpu-s",
                rowsPerCpuSecond));
    }

    /** The median rows per second of the reading thread's CPU time, of the last run: on a shared machine, steadier than the wall clock. */
    static double rowsPerCpuSecond;

    /** The median rows per second of the measured rounds. */
    static double rowsPerSecond() {
        Path directory = BenchFiles.temporaryDirectory("arus-bench-json");
        try {
            writeFiles(directory);
            for (int i = 0; i < WARMUP_ROUNDS; i++) {
                round(directory);
            }
            double[] rates = new double[MEASURED_ROUNDS];
            double[] cpuRates = new double[MEASURED_ROUNDS];
            ThreadMXBean threads = ManagementFactory.getThreadMXBean();
            for (int i = 0; i < MEASURED_ROUNDS; i++) {
                long cpu = threads.getCurrentThreadCpuTime();
                rates[i] = round(directory);
                cpuRates[i] = (double) FILES * ROWS_PER_FILE / ((threads.getCurrentThreadCpuTime() - cpu) / 1e9);
            }
            Arrays.sort(rates);
            Arrays.sort(cpuRates);
            rowsPerCpuSecond = cpuRates[cpuRates.length / 2];
            return rates[rates.length / 2];
        } finally {
            BenchFiles.delete(directory);
        }
    }

    private static void writeFiles(Path directory) {
        long order = 0;
        for (int f = 0; f < FILES; f++) {
            try (BufferedWriter out = Files.newBufferedWriter(directory.resolve(String.format("orders-%03d.json", f)),
                    StandardCharsets.UTF_8)) {
                for (int r = 0; r < ROWS_PER_FILE; r++, order++) {
                    out.write("{\"order_id\":\"order-" + order + "\",\"category\":\""
                            + CATEGORIES[(int) (order % CATEGORIES.length)] + "\",\"amount\":"
                            + (5 + order % 95) + "." + (order % 100) + ",\"event_time\":\""
                            + Instant.ofEpochMilli(1_760_000_000_000L + order) + "\"}\n");
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** One query reading every file, one trigger per {@link #FILES_PER_TRIGGER} files: its rows per second. */
    private static double round(Path directory) {
        ManualClock clock = new ManualClock(1_760_000_000_000L);
        ManualTriggerScheduler scheduler = new ManualTriggerScheduler(clock);
        List<StreamingQueryProgress> progress = new ArrayList<>();
        try (ArusSession session = ArusSession.builder().clock(clock).scheduler(scheduler).parallelism(1)
                .shufflePartitions(1).timeZone(ZoneOffset.UTC).build()) {
            session.streams().addListener(new StreamingQueryListener() {
                @Override
                public void onQueryProgress(QueryProgressEvent event) {
                    progress.add(event.progress());
                }
            });
            StreamingQuery query = session.readStream().format("json").schema(SCHEMA)
                    .option("path", directory.toString()).option("maxFilesPerTrigger", FILES_PER_TRIGGER)
                    .option("maxFileAge", "10000d").load()
                    .writeStream().format("noop").outputMode("append").start();
            long start = System.nanoTime();
            for (int i = 0; i < FILES / FILES_PER_TRIGGER; i++) {
                scheduler.runNext();
            }
            long nanos = System.nanoTime() - start;
            long read = progress.stream().mapToLong(StreamingQueryProgress::numInputRows).sum();
            if (read != (long) FILES * ROWS_PER_FILE) {
                throw new IllegalStateException("a round read " + read + " rows");
            }
            query.stop();
            return read / (nanos / 1e9);
        }
    }
}
