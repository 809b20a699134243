package dev.arus.bench;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.awaitility.Awaitility;

/**
 * Many queries: {@value #QUERIES} queries of the chapter's shape (a rate source of 5 rows a
 * second, a windowed count) on a 1-second trigger in one service started by the README's
 * command, {@code arus.max-queries} raised. Once the last query created holds
 * {@value #KEPT_REPORTS} progress reports (every query's kept reports and batches are full then), for
 * {@value #MEASURED_SECONDS} s: the service's CPU time over the machine's ({@code /proc}), and the
 * lag of every trigger, its progress's {@code timestamp} (when the trigger started) minus the
 * whole second it was due at; a trigger that never ran counts as a lag of one interval. Also
 * times {@code GET /api/queries} {@value #LIST_REQUESTS} times during the run, each to its
 * body's last byte ({@link ServiceApi#download}), and, from another thread, {@code GET /api/graph}
 * every {@value #GRAPH_PERIOD_MS} ms as the pipelines page polls it, unless the system property
 * {@code bench.graph} is {@code false} (to tell the page's share of the memory from the queries').
 * The line also gives the service's resident set
 * size at the window's end and its peak until then ({@code VmHWM}, the list's answers included),
 * both read as the window closes: the thousand {@code /progress} requests that read the lags
 * afterwards are no part of them. Prints
 * {@code BENCH many-queries <n> <cpu %> <p99 trigger lag ms>}, {@code BENCH many-queries-list} and
 * {@code BENCH many-queries-pipelines}.
 *
 * <p>Arguments: the folder of the extracted jar, optionally the number of queries.
 */
public final class ManyQueriesBenchmark {

    private static final int QUERIES = 1_000;
    private static final int INTERVAL_MS = 1_000;
    /** The progress reports and batches the service keeps of each query. */
    private static final int KEPT_REPORTS = 100;
    private static final int MEASURED_SECONDS = 60;
    private static final int LIST_REQUESTS = 300;
    /** How often the pipelines page asks for its graph (frontend/src/ui/pipelinesPage.ts). */
    private static final int GRAPH_PERIOD_MS = 2_000;
    private static final Pattern PROGRESS = Pattern.compile("\"timestamp\":\"([^\"]+)\",\"batchId\":(\\d+)");

    private ManyQueriesBenchmark() {
    }

    public static void main(String[] args) throws InterruptedException {
        int queries = args.length > 1 ? Integer.parseInt(args[1]) : QUERIES;
        try (ServiceProcess service = ServiceProcess.start(ServiceProcess.Command.documented(Path.of(args[0])),
                List.of("--arus.demo.enabled=false", "--arus.max-queries=" + (queries + 10),
                        "--arus.limits.mutating-requests-per-minute=1000000"))) {
            ServiceApi api = new ServiceApi(service.port());
            List<String> ids = new ArrayList<>();
            for (int i = 0; i < queries; i++) {
                ids.add(api.createQuery(LiveLatencyBenchmark.spec("query-" + i, INTERVAL_MS)));
            }
            String last = ids.get(ids.size() - 1);
            Awaitility.await().atMost(Duration.ofMinutes(5)).pollInterval(Duration.ofSeconds(1)).until(() -> reports(
                    api.get("/api/queries/" + last + "/progress?limit=" + KEPT_REPORTS)) == KEPT_REPORTS);

            long windowStart = (System.currentTimeMillis() / INTERVAL_MS + 1) * INTERVAL_MS;
            long windowEnd = windowStart + MEASURED_SECONDS * 1000L;
            Window window = new Window(service);
            ScheduledExecutorService clock = Executors.newSingleThreadScheduledExecutor();
            TimedRequests list = new TimedRequests(api, "/api/queries", LIST_REQUESTS);
            boolean pipelinesPage = Boolean.parseBoolean(System.getProperty("bench.graph", "true"));
            TimedRequests graph = new TimedRequests(api, "/api/graph",
                    pipelinesPage ? MEASURED_SECONDS * 1000 / GRAPH_PERIOD_MS : 0);
            try {
                clock.schedule(window::open, windowStart - System.currentTimeMillis(), TimeUnit.MILLISECONDS);
                list.start(windowStart, MEASURED_SECONDS * 1000L / LIST_REQUESTS);
                graph.start(windowStart, GRAPH_PERIOD_MS);
                clock.schedule(window::close, windowEnd - System.currentTimeMillis(), TimeUnit.MILLISECONDS);
                list.await();
                graph.await();
                window.awaitClosed();
            } finally {
                clock.shutdownNow();
            }
            double cpuSeconds = window.cpuTicks() / 100.0;
            double wallSeconds = window.seconds();
            int cores = Runtime.getRuntime().availableProcessors();
            double cpuPercent = 100 * cpuSeconds / (wallSeconds * cores);

            List<Long> lags = new ArrayList<>();
            int missed = 0;
            for (String id : ids) {
                int ran = 0;
                Matcher progress = PROGRESS.matcher(api.get("/api/queries/" + id + "/progress?limit=100"));
                while (progress.find()) {
                    long started = Instant.parse(progress.group(1)).toEpochMilli();
                    if (started >= windowStart && started < windowEnd) {
                        lags.add(Math.floorMod(started, (long) INTERVAL_MS));
                        ran++;
                    }
                }
                int expected = MEASURED_SECONDS * 1000 / INTERVAL_MS;
                for (; ran < expected; ran++) {
                    lags.add((long) INTERVAL_MS);
                    missed++;
                }
            }
            long[] sorted = lags.stream().mapToLong(Long::longValue).sorted().toArray();
            System.out.println(String.format(Locale.ROOT,
                    "BENCH many-queries %d %.1f %d (cpu %% of %d cores, p99 trigger lag ms; p50 lag %d ms, "
                            + "%d of %d triggers missed, rss %.0f MiB, peak rss %.0f MiB, %s)",
                    queries, cpuPercent, sorted[(int) Math.min(sorted.length - 1, sorted.length * 0.99)], cores,
                    sorted[sorted.length / 2], missed, sorted.length,
                    window.residentBytes() / (1024.0 * 1024), window.peakResidentBytes() / (1024.0 * 1024),
                    BenchLoad.now()));
            System.out.println("BENCH many-queries-list " + list.summary() + " (GET /api/queries p50 p99 max of "
                    + LIST_REQUESTS + ", " + queries + " queries)");
            if (pipelinesPage) {
                System.out.println("BENCH many-queries-pipelines " + graph.summary() + " (GET /api/graph p50 p99 max of "
                        + graph.count() + ", every " + GRAPH_PERIOD_MS + " ms, " + queries + " queries, "
                        + BenchLoad.now() + ")");
            }
        }
    }

    private static int reports(String progressJson) {
        int count = 0;
        for (Matcher report = PROGRESS.matcher(progressJson); report.find(); ) {
            count++;
        }
        return count;
    }

    /**
     * Requests of one path at a fixed rate on a thread of their own, each timed to its body's
     * last byte: a slow answer delays the next of its kind, never the others'.
     */
    private static final class TimedRequests {

        private final ServiceApi api;
        private final String path;
        private final double[] millis;
        private final CountDownLatch done;
        private final ScheduledExecutorService thread = Executors.newSingleThreadScheduledExecutor();
        private volatile RuntimeException failure;

        TimedRequests(ServiceApi api, String path, int count) {
            this.api = api;
            this.path = path;
            this.millis = new double[count];
            this.done = new CountDownLatch(count);
        }

        void start(long atMillis, long periodMillis) {
            thread.scheduleAtFixedRate(() -> {
                int request = millis.length - (int) done.getCount();
                if (request < millis.length) {
                    long start = System.nanoTime();
                    try {
                        api.download(path);
                    } catch (RuntimeException e) {
                        // A throwing task is never run again: release the waiter with the cause.
                        failure = e;
                        while (done.getCount() > 0) {
                            done.countDown();
                        }
                        return;
                    }
                    millis[request] = (System.nanoTime() - start) / 1e6;
                    done.countDown();
                }
            }, atMillis - System.currentTimeMillis(), periodMillis, TimeUnit.MILLISECONDS);
        }

        void await() throws InterruptedException {
            try {
                done.await();
            } finally {
                thread.shutdownNow();
            }
            if (failure != null) {
                throw new IllegalStateException("GET " + path + " failed", failure);
            }
        }

        int count() {
            return millis.length;
        }

        /** p50, p99 and max in milliseconds. */
        String summary() {
            double[] sorted = millis.clone();
            Arrays.sort(sorted);
            return String.format(Locale.ROOT, "%.1f %.1f %.1f ms", sorted[sorted.length / 2],
                    sorted[sorted.length * 99 / 100], sorted[sorted.length - 1]);
        }
    }

    /**
     * The measured window: the service's CPU ticks and the time between its opening and its
     * closing, and its resident set size when it closes, on the clock's thread.
     */
    private static final class Window {

        private final ServiceProcess service;
        private final CountDownLatch closed = new CountDownLatch(1);
        private volatile long ticksAtOpen;
        private volatile long nanosAtOpen;
        private volatile long ticks;
        private volatile long nanos;
        private volatile long residentBytes;
        private volatile long peakResidentBytes;

        Window(ServiceProcess service) {
            this.service = service;
        }

        void open() {
            ticksAtOpen = service.cpuTicks();
            nanosAtOpen = System.nanoTime();
        }

        void close() {
            ticks = service.cpuTicks() - ticksAtOpen;
            nanos = System.nanoTime() - nanosAtOpen;
            residentBytes = service.residentBytes();
            peakResidentBytes = service.peakResidentBytes();
            closed.countDown();
        }

        void awaitClosed() throws InterruptedException {
            closed.await();
        }

        long cpuTicks() {
            return ticks;
        }

        double seconds() {
            return nanos / 1e9;
        }

        long residentBytes() {
            return residentBytes;
        }

        long peakResidentBytes() {
            return peakResidentBytes;
        }
    }
}
