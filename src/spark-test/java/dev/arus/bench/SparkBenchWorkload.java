package dev.arus.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * The workloads {@code BENCH spark-engine-*} runs on both engines: one query spec per operator that
 * {@link EngineBenchmark} measures on Arus alone ({@link BenchQuery}), written as the service's
 * spec so that Arus and Spark run the very same query. Each reads {@code rate-micro-batch} in one
 * partition, batches advancing one second, with one state partition, into a {@code noop} sink in
 * append mode.
 */
enum SparkBenchWorkload {

    /** The chapter's query: rows up to 2 s late, a count per 8-second window, watermark 4 s. */
    CHAPTER("chapter", """
            {"withColumn": {"name": "event_time", "expr": "CAST(unix_timestamp(timestamp) - value % 3 AS TIMESTAMP)"}},
            {"withWatermark": {"column": "event_time", "delay": "4 seconds"}},
            {"groupBy": {"keys": ["window(event_time, '8 seconds')"], "aggregations": ["count(*) AS count"]}}"""),

    /** Orders sent twice: consecutive rows share an order id and event time, the first kept ({@link BenchQuery#DEDUPLICATE}). */
    DEDUPLICATE("dedup", """
            {"withColumn": {"name": "order_id", "expr": "value div 2"}},
            {"withColumn": {"name": "event_time", "expr": "CAST(unix_timestamp(timestamp) - order_id % 3 AS TIMESTAMP)"}},
            {"withWatermark": {"column": "event_time", "delay": "4 seconds"}},
            {"dropDuplicates": ["order_id", "event_time"]}"""),

    /** Each order joined with its product's row of a 1,000-product CSV catalogue ({@link BenchQuery#STATIC_JOIN}). */
    STATIC_JOIN("static-join", """
            {"withColumn": {"name": "product", "expr": "value % 1000"}},
            {"join": {"with": {"static": {"format": "csv", "schema": "product BIGINT, category STRING",
                                          "options": {"path": "tables/products.csv", "header": true}}},
                      "on": ["product"]}}"""),

    /**
     * Clicks joined with the impression they follow within 2 s, one impression in ten clicked, both
     * sides watermarked 1 s behind ({@link BenchQuery#STREAM_JOIN}); the batch's rows are the two
     * sources' together, nine in ten impressions.
     */
    STREAM_JOIN("stream-join", """
            {"selectExpr": ["value AS ad", "timestamp AS shownAt"]},
            {"withWatermark": {"column": "shownAt", "delay": "1 second"}},
            {"join": {"with": {"source": {"format": "rate-micro-batch", "options": {"rowsPerBatch": %%CLICKS%%,
                                          "advanceMillisPerBatch": 1000, "numPartitions": 1}},
                               "steps": [{"selectExpr": ["value * 9 AS clickedAd", "timestamp AS clickedAt"]},
                                         {"withWatermark": {"column": "clickedAt", "delay": "1 second"}}]},
                      "on": "ad = clickedAd AND clickedAt BETWEEN shownAt AND shownAt + INTERVAL 2 SECONDS"}}"""),

    /** Visits counted per visitor and session (gap 2 s, watermark 4 s), 100 clicks a visitor in one batch ({@link BenchQuery#SESSION}). */
    SESSION("session", """
            {"withColumn": {"name": "visitor", "expr": "value div 100"}},
            {"withWatermark": {"column": "timestamp", "delay": "4 seconds"}},
            {"groupBy": {"keys": ["visitor", "session_window(timestamp, '2 seconds')"], "aggregations": ["count(*) AS count"]}}"""),

    /** A stateless select and filter: half the rows kept, three columns of them. */
    SELECT_FILTER("select-filter", """
            {"filter": "value % 2 = 0"},
            {"selectExpr": ["value", "timestamp", "value * 3 + 1 AS scaled"]}""");

    /** Where the static join's catalogue is, relative to the service's data directory. */
    static final String CATALOGUE = "tables/products.csv";

    private final String figure;
    private final String steps;

    SparkBenchWorkload(String figure, String steps) {
        this.figure = figure;
        this.steps = steps;
    }

    /** The name in its figures: {@code spark-engine-dedup-arus} for deduplication on Arus. */
    String figure() {
        return figure;
    }

    /**
     * The rows of a batch for the row cost: a million, so that Spark's batch grows by seconds past
     * its overhead; for the stream-stream join 300,000, as Spark's join state of million-row
     * batches (three seconds of impressions, both its state stores per side) outgrows the
     * benchmark's 2 GB heap.
     */
    int largeRows() {
        return this == STREAM_JOIN ? 300_000 : 1_000_000;
    }

    /**
     * The spec of this workload on {@code engine} ({@code arus} or {@code spark}) reading
     * {@code rowsPerBatch} input rows a batch, all sources together.
     */
    String spec(String engine, int rowsPerBatch) {
        int clicks = Math.max(1, rowsPerBatch / 10);
        int first = this == STREAM_JOIN ? rowsPerBatch - clicks : rowsPerBatch;
        return """
                {"name": "bench-%s-%s-%d", "engine": "%s",
                 "source": {"format": "rate-micro-batch",
                            "options": {"rowsPerBatch": %d, "advanceMillisPerBatch": 1000, "numPartitions": 1}},
                 "steps": [%s],
                 "conf": {"spark.sql.shuffle.partitions": "1"},
                 "outputMode": "append", "sink": {"format": "noop"}}
                """.formatted(figure, engine, rowsPerBatch, engine, first,
                steps.replace("%%CLICKS%%", Integer.toString(clicks)));
    }

    /** Writes the static join's catalogue, products 0 to 999 in 10 categories, under {@code dataDir}. */
    static void writeCatalogue(Path dataDir) {
        String rows = IntStream.range(0, 1000).mapToObj(p -> p + ",category-" + p % 10)
                .collect(Collectors.joining("\n", "product,category\n", "\n"));
        try {
            Path file = dataDir.resolve(CATALOGUE);
            Files.createDirectories(file.getParent());
            Files.writeString(file, rows);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
