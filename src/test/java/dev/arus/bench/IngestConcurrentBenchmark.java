package dev.arus.bench;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * {@code BENCH ingest-concurrent}: events a second that the started service acknowledges,
 * durable, to {@value #CLIENTS} concurrent clients on loopback, each posting NDJSON bodies of
 * {@value #EVENTS_PER_POST} shop orders to a stream's events one after another on its own
 * kept-alive connection; the time from sending a post to its answer (p50, p99, max); and the
 * service's CPU time (user and system) per acknowledged event, steadier than the rate on a shared
 * machine; and its peak resident set size ({@code VmHWM}). The service is the packaged one, started by
 * the README's command as a child process with the demo off. A {@value #WARMUP_SECONDS}-second
 * warm-up precedes the measurement, which lasts {@code -Dbench.ingest.seconds} (60 by default).
 * {@code -Dbench.service.jvm} adds JVM options to the service's ({@link ServiceProcess.Command#documented}).
 *
 * <p>The clients speak HTTP/1.1 over plain sockets, with requests written once ahead: on two cores
 * shared with the service, a general client's own work per request would be measured as the
 * service's.
 *
 * <p>Arguments: the folder of the extracted jar.
 */
public final class IngestConcurrentBenchmark {

    private static final int CLIENTS = 20;
    private static final int EVENTS_PER_POST = 100;
    private static final int WARMUP_SECONDS = 10;
    private static final int BODIES_PER_CLIENT = 16;
    private static final String STREAM = """
            {"name": "orders", "schema": "order_id STRING NOT NULL, product STRING, category STRING, \
            amount DOUBLE, event_time TIMESTAMP", "partitions": 2}""";

    private IngestConcurrentBenchmark() {
    }

    /** What one client saw in the measured interval: the posts acknowledged and each one's latency. */
    private record Measured(long posts, long[] latencyNanos) {
    }

    public static void main(String[] args) throws Exception {
        int measuredSeconds = Integer.getInteger("bench.ingest.seconds", 60);
        try (ServiceProcess service = ServiceProcess.start(ServiceProcess.Command.documented(Path.of(args[0])),
                List.of("--arus.demo.enabled=false", "--arus.limits.ingest-requests-per-minute=100000000"))) {
            ServiceApi api = new ServiceApi(service.port());
            api.post("/api/streams", STREAM);
            ExecutorService clients = Executors.newFixedThreadPool(CLIENTS, runnable -> {
                Thread thread = new Thread(runnable, "client");
                thread.setDaemon(true);
                return thread;
            });
            long warmupEnd = System.nanoTime() + WARMUP_SECONDS * 1_000_000_000L;
            long end = warmupEnd + measuredSeconds * 1_000_000_000L;
            List<Future<Measured>> running = new ArrayList<>();
            for (int c = 0; c < CLIENTS; c++) {
                int client = c;
                running.add(clients.submit(() -> post(service.port(), client, warmupEnd, end)));
            }
            // the service's CPU time read when the measured window opens and when it closes
            ScheduledExecutorService clock = Executors.newSingleThreadScheduledExecutor();
            Future<Long> ticksAtStart = readTicksAt(clock, service, warmupEnd);
            Future<Long> ticksAtEnd = readTicksAt(clock, service, end);
            long ticks = ticksAtEnd.get() - ticksAtStart.get();
            clock.shutdown();
            long posts = 0;
            List<long[]> latencies = new ArrayList<>();
            for (Future<Measured> client : running) {
                posts += client.get().posts();
                latencies.add(client.get().latencyNanos());
            }
            clients.shutdown();
            long[] sorted = latencies.stream().flatMapToLong(Arrays::stream).sorted().toArray();
            System.out.println(String.format(Locale.ROOT,
                    "BENCH ingest-concurrent %.0f events/s (%d clients, %d events a post, %d s; ack p50 %.1f ms, "
                            + "p99 %.1f ms, max %.1f ms; service cpu %.1f us an event; peak rss %.0f MiB, %d threads; %s)",
                    posts * EVENTS_PER_POST / (double) measuredSeconds, CLIENTS, EVENTS_PER_POST, measuredSeconds,
                    sorted[sorted.length / 2] / 1e6, sorted[(int) (sorted.length * 0.99)] / 1e6,
                    sorted[sorted.length - 1] / 1e6, ticks * 10_000.0 / (posts * EVENTS_PER_POST),
                    service.peakResidentBytes() / (1024.0 * 1024),
                    service.threads(), BenchLoad.now()));
        }
    }

    /** The service's CPU time in clock ticks, read by {@code clock} when {@code System.nanoTime()} reaches {@code at}. */
    private static Future<Long> readTicksAt(ScheduledExecutorService clock, ServiceProcess service, long at) {
        return clock.schedule(service::cpuTicks, at - System.nanoTime(), TimeUnit.NANOSECONDS);
    }

    /** One client: posts until {@code end} on one connection, counting what is acknowledged from {@code from}. */
    private static Measured post(int port, int client, long from, long end) throws IOException {
        List<byte[]> requests = new ArrayList<>();
        for (int b = 0; b < BODIES_PER_CLIENT; b++) {
            byte[] body = IngestBenchmark.orders(client, b, EVENTS_PER_POST);
            byte[] head = ("POST /api/streams/orders/events HTTP/1.1\r\nHost: 127.0.0.1:" + port
                    + "\r\nContent-Type: application/x-ndjson\r\nContent-Length: " + body.length + "\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII);
            byte[] request = Arrays.copyOf(head, head.length + body.length);
            System.arraycopy(body, 0, request, head.length, body.length);
            requests.add(request);
        }
        long posts = 0;
        long[] latencies = new long[1024];
        Connection connection = new Connection(port);
        try {
            for (int post = 0; System.nanoTime() < end; post++) {
                long sent = System.nanoTime();
                int status = connection.send(requests.get(post % requests.size()));
                long answered = System.nanoTime();
                if (status != 200) {
                    throw new IllegalStateException("a post was answered " + status);
                }
                if (sent >= from && answered <= end) {
                    if (posts == latencies.length) {
                        latencies = Arrays.copyOf(latencies, latencies.length * 2);
                    }
                    latencies[(int) posts++] = answered - sent;
                }
            }
        } finally {
            connection.close();
        }
        return new Measured(posts, Arrays.copyOf(latencies, (int) posts));
    }

    /**
     * A client's connection, kept alive from one request to the next and opened again when the
     * service closes it (Tomcat answers {@code Connection: close} after a number of requests on one).
     */
    private static final class Connection {

        private final int port;
        private Socket socket;
        private OutputStream out;
        private InputStream in;

        Connection(int port) {
            this.port = port;
        }

        /** Sends {@code request} (an HTTP/1.1 request, head and body) and reads its answer; returns its status. */
        int send(byte[] request) throws IOException {
            if (socket == null) {
                socket = new Socket(InetAddress.getLoopbackAddress(), port);
                socket.setTcpNoDelay(true);
                out = socket.getOutputStream();
                in = new BufferedInputStream(socket.getInputStream());
            }
            out.write(request);
            out.flush();
            String statusLine = line(in);
            int status = Integer.parseInt(statusLine.substring(9, 12));
            long length = -1;
            boolean chunked = false;
            boolean closing = false;
            for (String header; !(header = line(in)).isEmpty(); ) {
                String lower = header.toLowerCase(Locale.ROOT);
                if (lower.startsWith("content-length:")) {
                    length = Long.parseLong(lower.substring(15).trim());
                } else if (lower.startsWith("transfer-encoding:") && lower.contains("chunked")) {
                    chunked = true;
                } else if (lower.startsWith("connection:") && lower.contains("close")) {
                    closing = true;
                }
            }
            if (chunked) {
                for (long size; (size = Long.parseLong(line(in).split(";")[0].trim(), 16)) > 0; ) {
                    in.skipNBytes(size);
                    line(in);
                }
                while (!line(in).isEmpty()) {
                    // trailers
                }
            } else if (length > 0) {
                in.skipNBytes(length);
            }
            if (closing) {
                close();
            }
            return status;
        }

        void close() throws IOException {
            if (socket != null) {
                socket.close();
                socket = null;
            }
        }
    }

    private static String line(InputStream in) throws IOException {
        StringBuilder text = new StringBuilder();
        for (int c; (c = in.read()) != '\n'; ) {
            if (c < 0) {
                throw new UncheckedIOException(new IOException("the service closed the connection"));
            }
            if (c != '\r') {
                text.append((char) c);
            }
        }
        return text.toString();
    }
}
