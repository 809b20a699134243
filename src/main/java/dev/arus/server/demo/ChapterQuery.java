package dev.arus.server.demo;

import static dev.arus.engine.api.functions.col;
import static dev.arus.engine.api.functions.unix_timestamp;
import static dev.arus.engine.api.functions.window;

import dev.arus.engine.api.ArusSession;
import dev.arus.engine.api.StreamFrame;
import dev.arus.engine.api.StreamingQuery;
import dev.arus.engine.api.Trigger;

/**
 * The chapter's demo query, line for line: visits from a {@code rate} source at 5 rows per
 * second, event time shifted back by {@code value % 3} seconds to mimic late events, counted per
 * 8-second window with a 4-second watermark, printed to the console in append mode every 4 seconds.
 */
public final class ChapterQuery {

    public static final String NAME = "visits-per-8s";

    private ChapterQuery() {
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

    public static StreamingQuery start(ArusSession session) {
        return visitsPerWindow(session).writeStream()
                .format("console")
                .outputMode("append")
                .trigger(Trigger.processingTime("4 seconds"))
                .option("truncate", "false")
                .queryName(NAME)
                .start();
    }
}
