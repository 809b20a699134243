package dev.arus.bench;

import static dev.arus.engine.api.functions.col;
import static dev.arus.engine.api.functions.expr;
import static dev.arus.engine.api.functions.session_window;
import static dev.arus.engine.api.functions.unix_timestamp;
import static dev.arus.engine.api.functions.window;

import dev.arus.engine.api.ArusSession;
import dev.arus.engine.api.SqlTables;
import dev.arus.engine.api.StaticFrame;
import dev.arus.engine.api.StreamFrame;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * The query shapes the engine benchmark measures, each over {@code rate-micro-batch} input whose
 * batches advance one second: the chapter's windowed count (also in SQL), and one per stateful
 * operator.
 */
enum BenchQuery {

    /** The chapter's query: rows up to 2 s late, a count per 8-second window, watermark 4 s. */
    CHAPTER("") {
        @Override
        StreamFrame build(Input input, int rowsPerBatch) {
            return input.read(rowsPerBatch)
                    .withColumn("event_time",
                            unix_timestamp(col("timestamp")).minus(col("value").mod(3)).cast("timestamp"))
                    .withWatermark("event_time", "4 seconds")
                    .groupBy(window(col("event_time"), "8 seconds"))
                    .count();
        }
    },

    /** {@link #CHAPTER} written in Spark SQL, as the issue gives it: the same plan, so the same speed. */
    CHAPTER_SQL("sql-") {
        @Override
        StreamFrame build(Input input, int rowsPerBatch) {
            return input.session().sql("""
                    SELECT window(event_time, '8 seconds') AS window, count(*) AS count
                    FROM visits WATERMARK CAST(unix_timestamp(timestamp) - value % 3 AS TIMESTAMP) AS event_time
                      DELAY OF INTERVAL 4 SECONDS
                    GROUP BY window(event_time, '8 seconds')""", SqlTables.none().stream("visits", input.read(rowsPerBatch)));
        }
    },

    /**
     * Orders sent twice, as a phone's retry sends them: consecutive rows share an order id and an
     * event time, and {@code dropDuplicates} on both keeps the first; the watermark evicts ids.
     */
    DEDUPLICATE("dedup-") {
        @Override
        StreamFrame build(Input input, int rowsPerBatch) {
            return input.read(rowsPerBatch)
                    .withColumn("order_id", expr("value div 2"))
                    .withColumn("event_time", expr("CAST(unix_timestamp(timestamp) - order_id % 3 AS TIMESTAMP)"))
                    .withWatermark("event_time", "4 seconds")
                    .dropDuplicates("order_id", "event_time");
        }
    },

    /**
     * Visits: 10,000 visitors a batch, each clicking 100 times in it and never again, counted per
     * visitor and session (gap 2 s, watermark 4 s), so each batch opens 10,000 sessions and the
     * watermark closes and emits those of a few batches before.
     */
    SESSION("session-") {
        @Override
        StreamFrame build(Input input, int rowsPerBatch) {
            return input.read(rowsPerBatch)
                    .withColumn("visitor", expr("value div 100"))
                    .withWatermark("timestamp", "4 seconds")
                    .groupBy(col("visitor"), session_window(col("timestamp"), "2 seconds"))
                    .count();
        }
    },

    /** A stateless filter and select ({@code spark-engine-select-filter}): half the rows kept, three columns. */
    SELECT_FILTER("select-filter-") {
        @Override
        StreamFrame build(Input input, int rowsPerBatch) {
            return input.read(rowsPerBatch)
                    .filter("value % 2 = 0")
                    .selectExpr("value", "timestamp", "value * 3 + 1 AS scaled");
        }
    },

    /** Each order joined with its product's row of a 1,000-product catalogue read from CSV. */
    STATIC_JOIN("static-join-") {
        @Override
        StreamFrame build(Input input, int rowsPerBatch) {
            StaticFrame products = input.session().read().format("csv").option("header", true)
                    .schema("product BIGINT, category STRING").load(input.catalogue().toString());
            return input.read(rowsPerBatch)
                    .withColumn("product", expr("value % 1000"))
                    .join(products, "product");
        }
    },

    /**
     * Clicks joined with the impression they follow within 2 s: one impression in ten is
     * clicked, both sides watermarked 1 s behind, so each side's state holds a few batches.
     */
    STREAM_JOIN("stream-join-") {
        @Override
        StreamFrame build(Input input, int rowsPerBatch) {
            int clicks = Math.max(1, rowsPerBatch / 10);
            StreamFrame impressions = input.read(rowsPerBatch - clicks)
                    .select(col("value").as("ad"), col("timestamp").as("shownAt"))
                    .withWatermark("shownAt", "1 second");
            StreamFrame clicked = input.read(clicks)
                    .select(expr("value * 9 AS clickedAd"), col("timestamp").as("clickedAt"))
                    .withWatermark("clickedAt", "1 second");
            return impressions.join(clicked, expr("ad = clickedAd AND clickedAt BETWEEN shownAt"
                    + " AND shownAt + INTERVAL 2 SECONDS"));
        }
    };

    private final String prefix;

    BenchQuery(String prefix) {
        this.prefix = prefix;
    }

    /** The query over {@code rowsPerBatch} input rows per batch, all inputs together. */
    abstract StreamFrame build(Input input, int rowsPerBatch);

    /** The name of one of its figures: {@code throughput} is {@code dedup-throughput} for deduplication. */
    String figure(String name) {
        return prefix + name;
    }

    /** What a query reads: {@code rate-micro-batch} rows from the session's clock, and a catalogue file. */
    record Input(ArusSession session, int partitions, long startMillis, Path catalogue) {

        StreamFrame read(int rowsPerBatch) {
            return session.readStream().format("rate-micro-batch")
                    .option("rowsPerBatch", rowsPerBatch)
                    .option("numPartitions", partitions)
                    .option("startTimestamp", startMillis)
                    .load();
        }

        /** A CSV catalogue of products 0 to 999, each in one of 10 categories, in {@code directory}. */
        static Path writeCatalogue(Path directory) {
            String rows = IntStream.range(0, 1000).mapToObj(p -> p + ",category-" + p % 10)
                    .collect(Collectors.joining("\n", "product,category\n", "\n"));
            try {
                return Files.writeString(directory.resolve("products.csv"), rows);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
