package dev.arus.bench;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.Row;
import dev.arus.engine.data.Schema;
import dev.arus.engine.data.StructType;
import dev.arus.engine.jdbc.PostgresTestServer;
import dev.arus.engine.sink.Sink;
import dev.arus.engine.sink.SinkContext;
import dev.arus.engine.sink.SinkProviders;
import dev.arus.engine.streaming.ConnectTimeout;
import dev.arus.engine.streaming.OutputMode;
import dev.arus.engine.streaming.QueryIdentity;
import dev.arus.engine.streaming.ResultBatch;
import dev.arus.engine.time.ManualClock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;

/**
 * {@code BENCH jdbc-sink}: rows per second that the {@code jdbc} sink writes into a local
 * PostgreSQL server (started for the run from Debian's binaries, fsync off, on loopback), in
 * batches of {@value #ROWS} rows of the shop's revenue per minute and category (window, category,
 * revenue, orders): {@code jdbc-sink-append} copies each batch into a growing table,
 * {@code jdbc-sink-upsert} upserts each into a table keyed by window and category that already
 * holds every key, so that each row updates one. Each batch is one transaction recorded in
 * {@code arus_sink_commits}, as for a checkpointed query. The median of {@value #MEASURED}
 * batches after {@value #WARMUP}. Run with {@code ./mvnw -Pbench -DskipTests verify}, or alone
 * with {@code java -cp ... dev.arus.bench.JdbcSinkBenchmark}.
 */
public final class JdbcSinkBenchmark {

    private static final int ROWS = 100_000;
    private static final int WARMUP = 3;
    private static final int MEASURED = 7;
    private static final Schema SCHEMA = Schema.of(new Field("window", StructType.WINDOW, true),
            new Field("category", AtomicType.STRING, true), new Field("revenue", AtomicType.DOUBLE, true),
            new Field("orders", AtomicType.LONG, false));

    private JdbcSinkBenchmark() {
    }

    public static void main(String[] args) {
        PostgresTestServer database = PostgresTestServer.start();
        try {
            Map<String, String> conf = Map.of("arus.jdbc.connections.bench.url", database.url(),
                    "arus.jdbc.connections.bench.user", PostgresTestServer.USER,
                    "arus.jdbc.connections.bench.password", PostgresTestServer.PASSWORD);
            report("append", measure(conf, OutputMode.APPEND, "bench_append"));
            report("upsert", measure(conf, OutputMode.UPDATE, "bench_upsert"));
        } finally {
            database.stop();
        }
    }

    private static void report(String mode, double nanos) {
        System.out.println(String.format(Locale.ROOT, "BENCH jdbc-sink-%s %.1f rows/s", mode, ROWS / (nanos / 1e9)));
    }

    /** The median time of one batch written in {@code mode}. */
    private static double measure(Map<String, String> conf, OutputMode mode, String table) {
        Sink sink = SinkProviders.installed().create("jdbc", new SinkContext(Map.of("connection", "bench",
                "table", table, "createTable", "true"), mode,
                new QueryIdentity(UUID.randomUUID(), UUID.randomUUID(), null), true, SCHEMA,
                new ManualClock(1_760_000_000_000L), ZoneOffset.UTC, List.of(), ConnectTimeout.DEFAULT,
                List.of("window", "category"), conf));
        try {
            double[] nanos = new double[MEASURED];
            for (int i = 0; i < WARMUP + MEASURED; i++) {
                // appended batches are new minutes; upserted ones the same keys with new figures
                ResultBatch batch = batch(mode == OutputMode.APPEND ? i : 0, i);
                long start = System.nanoTime();
                sink.addBatch(i, batch);
                if (i >= WARMUP) {
                    nanos[i - WARMUP] = System.nanoTime() - start;
                }
            }
            Arrays.sort(nanos);
            return nanos[MEASURED / 2];
        } finally {
            sink.close();
        }
    }

    /** {@value #ROWS} rows: 1000 categories in each of 100 minutes from minute {@code 100 * offset}. */
    private static ResultBatch batch(int offset, int figures) {
        Schema window = new Schema(StructType.WINDOW.fields());
        Instant start = Instant.parse("2026-12-01T00:00:00Z").plusSeconds(6000L * offset);
        List<Row> rows = new ArrayList<>(ROWS);
        for (int r = 0; r < ROWS; r++) {
            Instant minute = start.plusSeconds(60L * (r / 1000));
            rows.add(new Row(SCHEMA, new Object[] {new Row(window, new Object[] {minute, minute.plusSeconds(60)}),
                    "category-" + (r % 1000), (r + figures) * 1.25, (long) r + figures}));
        }
        return new ResultBatch(SCHEMA, rows);
    }
}
