package dev.arus.server;

/** Query specs the service tests submit, as the JSON a client sends. */
public final class Specs {

    private Specs() {
    }

    /**
     * The chapter's query over {@code rate-micro-batch} (10 rows per batch, 1 s of event time
     * apart; {@code value % 3} makes some rows late) with a 100 ms trigger, so that its windows
     * are known in advance and come quickly: its first window is final after about 13 batches.
     */
    public static String chapterOverMicroBatches(String name) {
        return chapter(name, 4, 8);
    }

    /** As {@link #chapterOverMicroBatches}, with a 1 s watermark delay and 2 s windows, so that windows close sooner. */
    public static String chapterWithShortWindows(String name) {
        return chapter(name, 1, 2);
    }

    private static String chapter(String name, int delaySeconds, int windowSeconds) {
        return """
                {"name": "%s",
                 "source": {"format": "rate-micro-batch", "options": {"rowsPerBatch": 10, "advanceMillisPerBatch": 1000}},
                 "steps": [
                   {"withColumn": {"name": "event_time", "expr": "CAST(unix_timestamp(timestamp) - value %% 3 AS TIMESTAMP)"}},
                   {"withWatermark": {"column": "event_time", "delay": "%d seconds"}},
                   {"groupBy": {"keys": ["window(event_time, '%d seconds')"], "aggregations": ["count(*) AS count"]}}
                 ],
                 "outputMode": "append",
                 "trigger": {"processingTime": "100 milliseconds"},
                 "sink": {"format": "noop"}}
                """.formatted(name, delaySeconds, windowSeconds);
    }

    /**
     * A checkpointed count per distinct value, 20,000 new groups a batch that are never evicted,
     * so that its state grows large; one batch every 10 seconds.
     */
    public static String growingState(String name, String checkpoint) {
        return """
                {"name": "%s",
                 "source": {"format": "rate-micro-batch", "options": {"rowsPerBatch": 20000}},
                 "steps": [{"groupBy": {"keys": ["value"], "aggregations": ["count(*) AS count"]}}],
                 "outputMode": "update",
                 "trigger": {"processingTime": "10 seconds"},
                 "sink": {"format": "noop"},
                 "checkpointLocation": "%s"}
                """.formatted(name, checkpoint);
    }

    /** A query that does almost nothing: one row a second, a batch every 10 seconds. */
    public static String idle(String name) {
        return """
                {"name": "%s", "source": {"format": "rate", "options": {"rowsPerSecond": 1}},
                 "trigger": {"processingTime": "10 seconds"}, "sink": {"format": "noop"}}
                """.formatted(name);
    }

    /** One batch at once, the next at the next whole hour of the clock. */
    public static String hourly(String name) {
        return """
                {"name": "%s", "source": {"format": "rate-micro-batch", "options": {"rowsPerBatch": 5}},
                 "trigger": {"processingTime": "1 hour"}, "sink": {"format": "noop"}}
                """.formatted(name);
    }

    /** A query with the default trigger: the next batch as soon as the previous one ends. */
    public static String fastest(String name) {
        return """
                {"name": "%s", "source": {"format": "rate-micro-batch", "options": {"rowsPerBatch": 1}},
                 "sink": {"format": "noop"}}
                """.formatted(name);
    }

    /** Every input row out again, 500 a batch every 100 ms: live batch messages of some 30 kB each. */
    public static String wide(String name) {
        return """
                {"name": "%s", "source": {"format": "rate-micro-batch", "options": {"rowsPerBatch": 500}},
                 "trigger": {"processingTime": "100 milliseconds"}, "sink": {"format": "noop"}}
                """.formatted(name);
    }

    /** Every input row into the memory sink's table named {@code name}: 5 rows a batch, every 100 ms. */
    public static String toMemory(String name) {
        return toMemory(name, 5);
    }

    /** Values 0, 1, 2, ... into a memory sink, {@code rowsPerBatch} a batch every 100 ms. */
    public static String toMemory(String name, int rowsPerBatch) {
        return """
                {"name": "%s", "source": {"format": "rate-micro-batch", "options": {"rowsPerBatch": %d}},
                 "trigger": {"processingTime": "100 milliseconds"}, "sink": {"format": "memory"}}
                """.formatted(name, rowsPerBatch);
    }

    /** A query whose first batch fails at run time: ANSI division by zero. */
    public static String dividingByZero(String name) {
        return """
                {"name": "%s", "source": {"format": "rate-micro-batch", "options": {"rowsPerBatch": 10}},
                 "steps": [{"selectExpr": ["value / (value - value) AS ratio"]}],
                 "sink": {"format": "noop"}}
                """.formatted(name);
    }

    /**
     * Windows of {@code windowSeconds} over {@code rate-micro-batch} (3 rows per batch, 1 s
     * apart, watermark at the last batch's time), written to the json sink at {@code path} with
     * the checkpoint at {@code checkpoint}: with 2-second windows, batch 2k+3 emits window
     * [2k, 2k+2) s with a count of 6, and no other batch emits anything.
     */
    public static String windowsToFiles(String name, String checkpoint, String path, int windowSeconds) {
        return """
                {"name": "%s",
                 "source": {"format": "rate-micro-batch", "options": {"rowsPerBatch": 3, "advanceMillisPerBatch": 1000}},
                 "steps": [
                   {"withWatermark": {"column": "timestamp", "delay": "0 seconds"}},
                   {"groupBy": {"keys": ["window(timestamp, '%d seconds')"], "aggregations": ["count(*) AS count"]}}
                 ],
                 "outputMode": "append",
                 "trigger": {"processingTime": "50 milliseconds"},
                 "sink": {"format": "json", "options": {"path": "%s"}},
                 "checkpointLocation": "%s"}
                """.formatted(name, windowSeconds, path, checkpoint);
    }

    /** {@code spec} with {@code "restart": restart}, a JSON object such as {@code {"strategy": "none"}}. */
    public static String withRestart(String spec, String restart) {
        int open = spec.indexOf('{');
        return spec.substring(0, open + 1) + "\"restart\": " + restart + ", " + spec.substring(open + 1);
    }
}
