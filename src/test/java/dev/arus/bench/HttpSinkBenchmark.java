package dev.arus.bench;

import com.sun.net.httpserver.HttpServer;
import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.Row;
import dev.arus.engine.data.Schema;
import dev.arus.engine.sink.Sink;
import dev.arus.engine.sink.SinkContext;
import dev.arus.engine.sink.SinkProviders;
import dev.arus.engine.streaming.ConnectTimeout;
import dev.arus.engine.streaming.OutputMode;
import dev.arus.engine.streaming.QueryIdentity;
import dev.arus.engine.streaming.ResultBatch;
import dev.arus.engine.time.SystemClock;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Executors;

/**
 * {@code BENCH http-sink}: batches per second that the {@code http} sink posts to a local
 * receiver (the JDK's HTTP server on loopback, answering 200 at once), each batch
 * {@value #ROWS} rows of revenue alerts as one JSON array with its idempotency key. The rate
 * over {@value #MEASURED} batches after {@value #WARMUP}. Run with
 * {@code ./mvnw -Pbench -DskipTests verify}, or alone with
 * {@code java -cp ... dev.arus.bench.HttpSinkBenchmark}.
 */
public final class HttpSinkBenchmark {

    private static final int ROWS = 20;
    private static final int WARMUP = 2_000;
    private static final int MEASURED = 10_000;

    private HttpSinkBenchmark() {
    }

    public static void main(String[] args) {
        HttpServer receiver;
        try {
            receiver = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 100);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        receiver.createContext("/hook", exchange -> {
            exchange.getRequestBody().readAllBytes();
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
        });
        receiver.setExecutor(Executors.newFixedThreadPool(2));
        receiver.start();
        Schema schema = Schema.of(new Field("category", AtomicType.STRING, true),
                new Field("revenue", AtomicType.DOUBLE, true));
        List<Row> rows = new ArrayList<>();
        for (int r = 0; r < ROWS; r++) {
            rows.add(new Row(schema, new Object[] {"category-" + r, r * 12.5}));
        }
        ResultBatch batch = new ResultBatch(schema, rows);
        Sink sink = SinkProviders.installed().create("http", new SinkContext(Map.of("url", "http://127.0.0.1:"
                + receiver.getAddress().getPort() + "/hook"), OutputMode.APPEND,
                new QueryIdentity(UUID.randomUUID(), UUID.randomUUID(), null), true, schema, SystemClock.INSTANCE,
                ZoneOffset.UTC, List.of(), ConnectTimeout.DEFAULT, List.of(),
                Map.of("arus.http-sink.allowed-hosts", "127.0.0.1")));
        try {
            for (int i = 0; i < WARMUP; i++) {
                sink.addBatch(i, batch);
            }
            long start = System.nanoTime();
            for (int i = WARMUP; i < WARMUP + MEASURED; i++) {
                sink.addBatch(i, batch);
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            System.out.println(String.format(Locale.ROOT, "BENCH http-sink %.1f batches/s", MEASURED / seconds));
        } finally {
            sink.close();
            receiver.stop(0);
            System.exit(0);
        }
    }
}
