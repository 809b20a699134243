package dev.arus.bench;

import dev.arus.engine.api.ArusSession;
import dev.arus.engine.api.SqlTables;
import dev.arus.engine.api.StaticFrame;
import dev.arus.engine.api.StreamFrame;
import dev.arus.engine.expr.sql.SqlParser;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Locale;

/**
 * How long a query in SQL takes to plan: a 50-line statement (two CTEs, two streams joined on a
 * time range with WATERMARK clauses, a static table, a keyed window aggregation with HAVING) read
 * and analysed into the logical plan a spec's {@code sql} becomes, by {@link ArusSession#sql}
 * (parse, plan, analysis). Prints {@code BENCH sql-planning <median> ms}, the median wall time
 * after a warm-up, with beside it the median CPU time of the planning thread (which a loaded
 * machine does not inflate), the p99, the first call's time (a cold JVM: classes loaded, nothing
 * compiled) and the parse alone. Run with {@code ./mvnw -Pbench -DskipTests verify} (from
 * {@link EngineBenchmark}) or alone with its {@code main}.
 */
public final class SqlPlanningBenchmark {

    /** Fifty lines of the SQL a shop's analyst writes. */
    static final String QUERY = """
            -- Orders and the clicks before them, per minute, category and payment
            WITH orders AS (
              SELECT value AS order_id,
                     CAST(value % 7 AS STRING) AS sku,
                     CASE WHEN value % 5 = 0 THEN 'cash'
                          WHEN value % 5 = 1 THEN 'voucher'
                          ELSE 'card' END AS payment,
                     CAST(value % 13 AS DOUBLE) * 1.5 AS amount,
                     timestamp AS order_time
              FROM STREAM(order_stream)
              WHERE value >= 0
            ),
            clicks AS (
              SELECT value AS click_id,
                     CAST(value % 7 AS STRING) AS sku,
                     upper(concat('c-', CAST(value AS STRING))) AS click_code,
                     timestamp AS click_time
              FROM click_stream
              WHERE value % 2 = 0
            )
            SELECT window(o.order_time, '1 minute') AS window,
                   p.category,
                   o.payment,
                   count(*) AS orders,
                   sum(o.amount) AS revenue,
                   avg(o.amount) AS mean_amount,
                   min(o.amount) AS smallest,
                   max(o.amount) AS largest,
                   sum(CASE WHEN o.amount > 10 THEN 1 ELSE 0 END) AS large_orders,
                   count(c.click_id) AS clicks,
                   max(length(c.click_code)) AS longest_code,
                   round(sum(o.amount * coalesce(p.price, 1.0)), 2) AS weighted
            FROM orders
                   WATERMARK order_time DELAY OF INTERVAL 10 SECONDS AS o
            JOIN clicks
                   WATERMARK click_time DELAY OF INTERVAL 20 SECONDS AS c
              ON o.sku = c.sku
             AND c.click_time BETWEEN o.order_time - INTERVAL 30 SECONDS
                                  AND o.order_time
            LEFT JOIN prices p
              ON o.sku = p.sku
            WHERE o.amount > 0
              AND (p.category IS NOT NULL OR o.payment IN ('cash', 'voucher'))
              AND c.click_code LIKE 'C-%'
            GROUP BY window(o.order_time, '1 minute'),
                     p.category,
                     o.payment
            HAVING count(*) > 1
               AND sum(o.amount) >= 3.0
            """;

    private SqlPlanningBenchmark() {
    }

    public static void main(String[] args) {
        System.out.println(line());
    }

    /** The {@code BENCH sql-planning} line. */
    static String line() {
        try (ArusSession session = ArusSession.builder().build()) {
            double[] planned = measure(session);
            return String.format(Locale.ROOT, "BENCH sql-planning %.3f ms (%d lines; cpu %.3f ms, p99 %.3f ms,"
                    + " first call %.1f ms, parse alone %.3f ms)", planned[0], QUERY.lines().count(), planned[1],
                    planned[2], planned[3], planned[4]);
        }
    }

    /**
     * The median wall and CPU time of {@link ArusSession#sql} after a warm-up, its p99 wall time,
     * the first call's, and the median parse, in ms.
     */
    static double[] measure(ArusSession session) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        StreamFrame orders = session.readStream().format("rate-micro-batch").option("rowsPerBatch", 100).load();
        StreamFrame clicks = session.readStream().format("rate-micro-batch").option("rowsPerBatch", 100).load();
        StaticFrame prices = session.read().format("csv").option("header", true)
                .schema("sku STRING, category STRING, price DOUBLE").load("prices.csv");
        SqlTables tables = SqlTables.none().stream("order_stream", orders).stream("click_stream", clicks)
                .table("prices", prices);
        long first = System.nanoTime();
        StreamFrame planned = session.sql(QUERY, tables);
        double firstMillis = (System.nanoTime() - first) / 1e6;
        if (!planned.columns().get(0).equals("window") || planned.columns().size() != 12) {
            throw new IllegalStateException("the benchmark query planned to " + planned.columns());
        }
        int warmup = 2_000;
        int runs = 1_000;
        for (int i = 0; i < warmup; i++) {
            session.sql(QUERY, tables);
        }
        double[] nanos = new double[runs];
        double[] cpu = new double[runs];
        for (int i = 0; i < runs; i++) {
            long cpuStart = threads.getCurrentThreadCpuTime();
            long start = System.nanoTime();
            session.sql(QUERY, tables);
            nanos[i] = System.nanoTime() - start;
            cpu[i] = threads.getCurrentThreadCpuTime() - cpuStart;
        }
        double[] parse = new double[runs];
        for (int i = 0; i < runs; i++) {
            long start = System.nanoTime();
            SqlParser.parse(QUERY);
            parse[i] = System.nanoTime() - start;
        }
        Arrays.sort(nanos);
        Arrays.sort(cpu);
        Arrays.sort(parse);
        return new double[] {nanos[runs / 2] / 1e6, cpu[runs / 2] / 1e6, nanos[(int) (runs * 0.99)] / 1e6,
                firstMillis, parse[runs / 2] / 1e6};
    }
}
