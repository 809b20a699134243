package dev.arus.server.demo;

import static dev.arus.engine.api.functions.col;
import static dev.arus.engine.api.functions.unix_timestamp;
import static dev.arus.engine.api.functions.window;

import dev.arus.engine.api.ArusSession;
import dev.arus.engine.api.SqlTables;
import dev.arus.engine.api.StreamFrame;

/**
 * The chapter's demo query: visits from a {@code rate} source at 5 rows per second, event time
 * shifted back by {@code value % 3} seconds to mimic late events, counted per 8-second window
 * with a 4-second watermark, printed to the console in append mode every 4 seconds. Written
 * three times, as the chapter's Java chain, as the service's query spec and in Spark SQL (as
 * Spark 4.2's {@code spark.sql} runs it over a view of the rate source); all build the same plan.
 */
public final class ChapterQuery {

    public static final String NAME = "visits-per-8s";

    /** The query spec (DESIGN §3) the service starts at startup and shows as the API's example. */
    public static final String SPEC_JSON = """
            {
              "name": "visits-per-8s",
              "source": {"format": "rate", "options": {"rowsPerSecond": 5, "numPartitions": 1}},
              "steps": [
                {"withColumn": {"name": "event_time",
                                "expr": "CAST(unix_timestamp(timestamp) - value % 3 AS TIMESTAMP)"}},
                {"withWatermark": {"column": "event_time", "delay": "4 seconds"}},
                {"groupBy": {"keys": ["window(event_time, '8 seconds')"],
                             "aggregations": ["count(*) AS count"]}}
              ],
              "outputMode": "append",
              "trigger": {"processingTime": "4 seconds"},
              "sink": {"format": "console", "options": {"truncate": false}}
            }
            """;

    /** The chapter's query in Spark SQL, over the rate source as the view {@code visits}. */
    public static final String SQL = """
            SELECT window(event_time, '8 seconds') AS window, count(*) AS count
            FROM visits WATERMARK CAST(unix_timestamp(timestamp) - value % 3 AS TIMESTAMP) AS event_time
                                  DELAY OF INTERVAL 4 SECONDS
            GROUP BY window(event_time, '8 seconds')
            """;

    private ChapterQuery() {
    }

    /** {@link #SQL} over the chapter's rate source. */
    public static StreamFrame visitsPerWindowInSql(ArusSession session) {
        StreamFrame visits = session.readStream()
                .format("rate")
                .option("rowsPerSecond", 5)
                .option("numPartitions", 1)
                .load();
        return session.sql(SQL, SqlTables.none().stream("visits", visits));
    }

    public static StreamFrame visitsPerWindow(ArusSession session) {
        StreamFrame visits = session.readStream()
                .format("rate")
                .option("rowsPerSecond", 5)
                .option("numPartitions", 1)
                .load()
                .withColumn("event_time",
                        unix_timestamp(col("timestamp")).minus(col("value").mod(3)).cast("timestamp"));
        return visits
                .withWatermark("event_time", "4 seconds")
                .groupBy(window(col("event_time"), "8 seconds"))
                .count();
    }
}
