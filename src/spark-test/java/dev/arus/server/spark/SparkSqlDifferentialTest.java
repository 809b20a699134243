package dev.arus.server.spark;

import dev.arus.server.ApiClient;
import dev.arus.server.query.QueryRegistry;
import dev.arus.server.storage.DataDirectory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The same SQL statement through the same service on both engines gives the same batches: on
 * Spark it goes to {@code spark.sql} over its tables as temporary views, on Arus through Arus's
 * SQL planner. Batch ids, rows, watermarks, input and output rows and each state operator's
 * figures are compared (see {@link DifferentialRun}), for the chapter's query, a sliding window,
 * a session window, a stream-static join, inner and left outer stream-stream joins with a time
 * range, a CTE, a derived table, {@code SELECT DISTINCT}, {@code LATERAL VIEW explode} (also
 * {@code OUTER} over an empty {@code array()}) and {@code posexplode}, {@code WHERE} with
 * {@code HAVING}, chained aggregations, semi and natural joins with a table, a full outer
 * stream-stream join, a generator in the projection, complete mode, a json file source,
 * {@code UNION ALL} of two watermarked streams and of columns of several types, {@code ORDER BY}
 * in complete mode (the rows compared as sets, so its order is {@code SortsTest}'s), and the
 * engine's golden cases in SQL ({@code -Ddifferential.cases=name,...} runs only those named). Every stream is {@code rate-micro-batch}, a function of the batch
 * id, or files taken one per batch, so both engines see the same rows whatever their clocks. The statements Arus does not yet agree on are
 * kept, disabled, in {@link #differences()}.
 */
@SparkService
class SparkSqlDifferentialTest {

    @LocalServerPort
    int port;

    @Autowired
    QueryRegistry registry;

    @Autowired
    DataDirectory dataDirectory;

    @Autowired
    SparkSessions spark;

    private final RegistryEvents events = new RegistryEvents();

    @BeforeEach
    void hear() throws Exception {
        registry.addListener(events);
        spark.newSession(); // Spark starts at its first query: here, not within a request's time
        Path skus = dataDirectory.resolve("tables/skus.csv");
        Files.createDirectories(skus.getParent());
        Files.writeString(skus, "sku,category\n0,books\n1,games\n2,books\n");
        SparkDifferentialTest.writeOrders(dataDirectory.resolve("drops/orders"));
    }

    static Stream<GoldenCase> cases() throws Exception {
        Map<String, Object> events10 = micro(10, 1000);
        return Stream.concat(Stream.of(
                sql("chapter", """
                        SELECT window(event_time, '2 seconds') AS window, count(*) AS count
                        FROM events WATERMARK CAST(unix_timestamp(timestamp) - value % 3 AS TIMESTAMP) AS event_time
                          DELAY OF INTERVAL 1 SECOND
                        GROUP BY window(event_time, '2 seconds')""", Map.of("events", events10), "append", 10),
                sql("sliding-window", """
                        SELECT window(timestamp, '6 seconds', '2 seconds') AS window, count(*) AS count,
                          max(value) AS last
                        FROM events WATERMARK timestamp DELAY OF INTERVAL 2 SECONDS
                        GROUP BY 1""", Map.of("events", micro(4, 1000)), "append", 12),
                sql("session-window", """
                        SELECT session_window(event_time, '3 seconds') AS session, key, count(*) AS n,
                          min(value) AS first
                        FROM (SELECT value % 2 AS key, value, timestamp AS event_time FROM events
                              WHERE value % 30 < 20) WATERMARK event_time DELAY OF INTERVAL 1 SECOND
                        GROUP BY session_window(event_time, '3 seconds'), key""",
                        Map.of("events", micro(10, 2000)), "append", 12),
                sql("stream-static-join", """
                        SELECT window(e.timestamp, '4 seconds') AS window, s.category, count(*) AS orders,
                          sum(e.value) AS total
                        FROM events WATERMARK timestamp DELAY OF INTERVAL 2 SECONDS AS e
                        LEFT JOIN skus s ON CAST(e.value % 4 AS STRING) = s.sku
                        GROUP BY window(e.timestamp, '4 seconds'), s.category""",
                        Map.of("events", micro(6, 2000), "skus", skus()), "update", 8),
                sql("stream-stream-join", """
                        SELECT i.ad, i.impression, c.click, i.i_time, c.c_time
                        FROM (SELECT value % 3 AS ad, value AS impression, timestamp AS i_time FROM impressions)
                          WATERMARK i_time DELAY OF INTERVAL 2 SECONDS AS i
                        JOIN (SELECT value % 3 AS ad, value AS click, timestamp AS c_time FROM clicks)
                          WATERMARK c_time DELAY OF INTERVAL 2 SECONDS AS c
                        ON i.ad = c.ad AND c.c_time BETWEEN i.i_time AND i.i_time + INTERVAL 3 SECONDS""",
                        Map.of("impressions", micro(4, 1000), "clicks", micro(3, 1000)), "append", 10),
                sql("stream-stream-left-outer-join", """
                        SELECT i.ad, i.impression, c.click
                        FROM (SELECT value % 4 AS ad, value AS impression, timestamp AS i_time FROM impressions)
                          WATERMARK i_time DELAY OF INTERVAL 1 SECOND AS i
                        LEFT JOIN (SELECT value % 3 AS ad, value AS click, timestamp AS c_time FROM clicks)
                          WATERMARK c_time DELAY OF INTERVAL 1 SECOND AS c
                        ON i.ad = c.ad AND c.c_time >= i.i_time AND c.c_time <= i.i_time + INTERVAL 2 SECONDS""",
                        Map.of("impressions", micro(4, 1000), "clicks", micro(3, 1000)), "append", 10),
                sql("cte", """
                        WITH keyed AS (SELECT value % 3 AS key, value FROM events)
                        SELECT key, count(*) AS n, sum(value) AS total FROM keyed GROUP BY key""",
                        Map.of("events", micro(5, 1000)), "update", 8),
                sql("derived-table", """
                        SELECT w.window, w.n
                        FROM (SELECT window(timestamp, '4 seconds') AS window, count(*) AS n
                              FROM events WATERMARK timestamp DELAY OF INTERVAL 2 SECONDS
                              WHERE value % 7 <> 0
                              GROUP BY window(timestamp, '4 seconds')) AS w
                        WHERE w.n > 13""", Map.of("events", micro(4, 1000)), "append", 14),
                sql("select-distinct", """
                        SELECT DISTINCT value % 4 AS key, timestamp
                        FROM events WATERMARK timestamp DELAY OF INTERVAL 2 SECONDS""",
                        Map.of("events", micro(6, 1000)), "append", 8),
                sql("lateral-view-explode", """
                        SELECT value, item FROM events
                        LATERAL VIEW explode(array(value, value * 10)) t AS item
                        WHERE value % 2 = 0""", Map.of("events", micro(3, 1000)), "append", 5),
                sql("lateral-view-outer-of-an-empty-array", """
                        SELECT value, item FROM events
                        LATERAL VIEW OUTER explode(CASE WHEN value % 2 = 0 THEN array(value) ELSE array() END) t
                          AS item""", Map.of("events", micro(3, 1000)), "append", 4),
                sql("lateral-view-posexplode-aggregated", """
                        SELECT pos, item % 3 AS k, count(*) AS n FROM events
                        LATERAL VIEW OUTER posexplode(array(value, value + 1)) t AS pos, item
                        GROUP BY pos, item % 3""", Map.of("events", micro(4, 1000)), "update", 6),
                sql("where-and-having", """
                        SELECT value % 5 AS key, count(*) AS n, sum(value) AS total
                        FROM events WHERE value % 7 <> 0
                        GROUP BY value % 5 HAVING count(*) > 3""", Map.of("events", micro(6, 1000)), "update", 8),
                sql("chained-aggregation", """
                        SELECT window(window_time(w), '4 seconds') AS big, sum(n) AS total
                        FROM (SELECT window(timestamp, '2 seconds') AS w, count(*) AS n
                              FROM events WATERMARK timestamp DELAY OF INTERVAL 1 SECOND
                              GROUP BY window(timestamp, '2 seconds'))
                        GROUP BY window(window_time(w), '4 seconds')""", Map.of("events", micro(5, 1000)),
                        "append", 12),
                sql("left-semi-join-with-a-table", """
                        SELECT value, timestamp FROM events e
                        LEFT SEMI JOIN skus s ON CAST(e.value % 4 AS STRING) = s.sku""",
                        Map.of("events", micro(4, 1000), "skus", skus()), "append", 4),
                sql("natural-left-join-with-a-table", """
                        SELECT * FROM (SELECT CAST(value % 4 AS STRING) AS sku, value FROM events)
                        NATURAL LEFT JOIN skus""", Map.of("events", micro(4, 1000), "skus", skus()), "append", 4),
                sql("full-outer-stream-stream-join", """
                        SELECT i.ad, i.impression, c.click
                        FROM (SELECT value % 4 AS ad, value AS impression, timestamp AS i_time FROM impressions)
                          WATERMARK i_time DELAY OF INTERVAL 1 SECOND AS i
                        FULL OUTER JOIN (SELECT value % 3 + 1 AS ad, value AS click, timestamp AS c_time FROM clicks)
                          WATERMARK c_time DELAY OF INTERVAL 1 SECOND AS c
                        ON i.ad = c.ad AND c.c_time >= i.i_time AND c.c_time <= i.i_time + INTERVAL 2 SECONDS""",
                        Map.of("impressions", micro(4, 1000), "clicks", micro(3, 1000)), "append", 10),
                sql("generator-in-the-projection", """
                        SELECT value, explode(array(value, value * 10)) AS item FROM events""",
                        Map.of("events", micro(3, 1000)), "append", 4),
                sql("window-in-complete-mode", """
                        SELECT window(timestamp, '3 seconds') AS w, value % 2 AS k, count(*) AS n, avg(value) AS a
                        FROM events GROUP BY 1, 2""", Map.of("events", micro(5, 1000)), "complete", 6),
                sql("json-files-one-per-batch", """
                        SELECT window(event_time, '1 minute') AS window, category, count(*) AS orders,
                          sum(amount) AS revenue
                        FROM orders WATERMARK event_time DELAY OF INTERVAL 10 SECONDS
                        GROUP BY 1, 2""", Map.of("orders", Map.of("format", "json",
                                "schema", "order_id INT, category STRING, amount DOUBLE, event_time TIMESTAMP",
                                "options", Map.of("path", "drops/orders", "maxFilesPerTrigger", 1))), "update", 4),
                sql("union-all-watermarked", """
                        SELECT window(ts, '4 seconds') AS window, count(*) AS n, sum(value) AS total
                        FROM (SELECT timestamp AS ts, value FROM a WATERMARK timestamp DELAY OF INTERVAL 2 SECONDS
                              UNION ALL
                              SELECT timestamp, value + 100 FROM b WATERMARK timestamp DELAY OF INTERVAL 1 SECOND)
                        GROUP BY 1""", Map.of("a", micro(2, 1000), "b", micro(3, 3000)), "append", 10),
                sql("union-all-widened", """
                        SELECT CAST(value AS INT) AS v, 'a' AS side FROM a
                        UNION ALL SELECT value * 10, 'b' FROM b
                        UNION ALL SELECT NULL, NULL FROM b WHERE value % 2 = 0""",
                        Map.of("a", micro(2, 1000), "b", micro(3, 1000)), "append", 5),
                sql("order-by-complete", """
                        SELECT value % 5 AS key, count(*) AS n, sum(value) AS total FROM events
                        GROUP BY 1 ORDER BY total DESC""", Map.of("events", micro(6, 1000)), "complete", 6)),
                GoldenCase.allInSql()).filter(SparkSqlDifferentialTest::chosen);
    }

    /**
     * Statements on which Arus's engine differs from Spark 4.2 today: each case's batches on
     * Spark are the reference, and Arus's differ as the name says.
     */
    static Stream<GoldenCase> differences() {
        return Stream.of(
                // Spark stores every left row, even one this batch's watermark evicts, so that the same
                // batch's right rows can still match it (SPARK-49829); Arus drops it unstored and loses the match.
                sql("inner-join-left-row-evicted-in-its-batch", """
                        SELECT i.ad, i.impression, c.click, i.i_time, c.c_time
                        FROM (SELECT value % 2 AS ad, value AS impression, CASE WHEN value % 2 = 1
                                THEN timestamp - INTERVAL 7 SECONDS ELSE timestamp END AS i_time FROM impressions)
                          WATERMARK i_time DELAY OF INTERVAL 0 SECONDS AS i
                        JOIN (SELECT value % 2 AS ad, value AS click, CASE WHEN value % 2 = 1
                                THEN timestamp - INTERVAL 6 SECONDS - INTERVAL 500 MILLISECONDS ELSE timestamp END
                                AS c_time FROM clicks)
                          WATERMARK c_time DELAY OF INTERVAL 0 SECONDS AS c
                        ON i.ad = c.ad AND c.c_time BETWEEN i.i_time AND i.i_time + INTERVAL 1 SECOND""",
                        Map.of("impressions", micro(2, 5000), "clicks", micro(2, 5000)), "append", 6),
                // Spark 4.2 joins a left semi join's right side first and removes a stored left row once a
                // new right row matches it (SPARK-55973): same rows, fewer state rows than Arus keeps.
                sql("left-semi-stream-stream-join-state", """
                        SELECT i.ad, i.impression
                        FROM (SELECT value % 4 AS ad, value AS impression, timestamp AS i_time FROM impressions)
                          WATERMARK i_time DELAY OF INTERVAL 1 SECOND AS i
                        LEFT SEMI JOIN (SELECT value % 3 AS ad, value AS click, timestamp AS c_time FROM clicks)
                          WATERMARK c_time DELAY OF INTERVAL 1 SECOND AS c
                        ON i.ad = c.ad AND c.c_time >= i.i_time AND c.c_time <= i.i_time + INTERVAL 2 SECONDS""",
                        Map.of("impressions", micro(4, 1000), "clicks", micro(3, 1000)), "append", 10),
                // An aggregation after a stream-stream join evicts by the join's output watermark in Spark
                // (the least of its sides' state watermarks); Arus's closes each window two batches early.
                sql("aggregation-after-a-stream-stream-join", """
                        SELECT window(i.i_time, '4 seconds') AS w, count(*) AS n
                        FROM (SELECT value % 3 AS ad, value AS impression, timestamp AS i_time FROM impressions)
                          WATERMARK i_time DELAY OF INTERVAL 1 SECOND AS i
                        JOIN (SELECT value % 3 AS ad, value AS click, timestamp AS c_time FROM clicks)
                          WATERMARK c_time DELAY OF INTERVAL 1 SECOND AS c
                        ON i.ad = c.ad AND c.c_time BETWEEN i.i_time AND i.i_time + INTERVAL 1 SECOND
                        GROUP BY window(i.i_time, '4 seconds')""",
                        Map.of("impressions", micro(3, 1000), "clicks", micro(3, 1000)), "append", 12));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void sparkSqlAndArusGiveTheSameRowsBatchIdsWatermarksAndStateFigures(GoldenCase golden) throws Exception {
        String sql = String.valueOf(golden.spec().get("sql"));
        DifferentialRun.assertSameBatches(new ApiClient(port), events, golden, sql.contains("WATERMARK"));
    }

    @Disabled("Arus differs from Spark 4.2 on these, as each case says; enable once the engine agrees")
    @ParameterizedTest(name = "{0}")
    @MethodSource("differences")
    void sparkSqlAndArusShouldAgreeOnTheseToo(GoldenCase golden) throws Exception {
        sparkSqlAndArusGiveTheSameRowsBatchIdsWatermarksAndStateFigures(golden);
    }

    /** Whether {@code -Ddifferential.cases=name,...} names the case (or names none: every case runs). */
    private static boolean chosen(GoldenCase golden) {
        String only = System.getProperty("differential.cases");
        return only == null || Set.of(only.split(",")).contains(golden.name());
    }

    private static GoldenCase sql(String name, String sql, Map<String, Object> tables, String outputMode,
                                  int batches) {
        Map<String, Object> spec = new LinkedHashMap<>();
        spec.put("sql", sql);
        spec.put("tables", tables);
        spec.put("outputMode", outputMode);
        spec.put("trigger", Map.of("processingTime", "100 milliseconds"));
        spec.put("sink", Map.of("format", "noop"));
        return new GoldenCase(name + "-sql", spec, batches);
    }

    /** A {@code rate-micro-batch} table: {@code rows} a batch, the batches {@code millis} apart from the epoch. */
    private static Map<String, Object> micro(int rows, int millis) {
        return Map.of("format", "rate-micro-batch",
                "options", Map.of("rowsPerBatch", rows, "advanceMillisPerBatch", millis));
    }

    private static Map<String, Object> skus() {
        return Map.of("format", "csv", "static", true, "schema", "sku STRING, category STRING",
                "options", Map.of("path", "tables/skus.csv", "header", true));
    }
}
