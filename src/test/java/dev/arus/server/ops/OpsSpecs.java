package dev.arus.server.ops;

/** Query specs the operations tests submit. */
final class OpsSpecs {

    private OpsSpecs() {
    }

    /**
     * The chapter's query over {@code rate-micro-batch} (10 rows a batch, 1 s of event time
     * apart; {@code value % 3} makes some rows late), with a 100 ms trigger and a watermark.
     */
    static String chapter(String name) {
        return """
                {"name": "%s",
                 "source": {"format": "rate-micro-batch", "options": {"rowsPerBatch": 10, "advanceMillisPerBatch": 1000}},
                 "steps": [
                   {"withColumn": {"name": "event_time", "expr": "CAST(unix_timestamp(timestamp) - value %% 3 AS TIMESTAMP)"}},
                   {"withWatermark": {"column": "event_time", "delay": "1 seconds"}},
                   {"groupBy": {"keys": ["window(event_time, '2 seconds')"], "aggregations": ["count(*) AS count"]}}
                 ],
                 "outputMode": "append",
                 "trigger": {"processingTime": "100 milliseconds"},
                 "sink": {"format": "noop"}}
                """.formatted(name);
    }

    /** One batch at once, the next at the next whole hour of the clock. */
    static String hourly(String name) {
        return """
                {"name": "%s", "source": {"format": "rate-micro-batch", "options": {"rowsPerBatch": 5}},
                 "trigger": {"processingTime": "1 hour"}, "sink": {"format": "noop"}}
                """.formatted(name);
    }

    /** A query whose first batch fails: ANSI division by zero. */
    static String dividingByZero(String name) {
        return """
                {"name": "%s", "source": {"format": "rate-micro-batch", "options": {"rowsPerBatch": 10}},
                 "steps": [{"selectExpr": ["value / (value - value) AS ratio"]}],
                 "sink": {"format": "noop"}}
                """.formatted(name);
    }
}
