package dev.arus.crash;

import static dev.arus.engine.api.functions.col;
import static dev.arus.engine.api.functions.expr;
import static dev.arus.engine.api.functions.from_json;
import static dev.arus.engine.api.functions.window;

import dev.arus.engine.api.ArusSession;
import dev.arus.engine.api.StreamFrame;

/**
 * The stateful queries the crash tests kill, each over rows whose event times run up to 3 s
 * behind the batch's, so that every one of them keeps state across batches and evicts it by the
 * watermark: {@code rate-micro-batch} rows, or the JSON records of {@link CrashTopic} read from
 * Kafka.
 */
enum CrashQuery {

    /** A windowed count, sum and max per key: the aggregation's state store. */
    AGGREGATE {
        @Override
        StreamFrame build(ArusSession session, String kafkaServers) {
            return events(session, 50)
                    .groupBy(window(col("event_time"), "5 seconds"), expr("value % 3 AS key"))
                    .agg("count(*) AS count", "sum(value) AS total", "max(value) AS top");
        }
    },

    /** A deduplication on a key and the event time: most rows are duplicates of earlier ones. */
    DEDUPLICATE {
        @Override
        StreamFrame build(ArusSession session, String kafkaServers) {
            return events(session, 50).withColumn("key", expr("value % 5")).dropDuplicates("key", "event_time")
                    .select(col("key"), col("event_time"), col("value"));
        }
    },

    /**
     * A left outer stream-stream join within 2 s of event time: both sides' state, matches in
     * the batch and unmatched left rows when the watermark evicts them.
     */
    JOIN {
        @Override
        StreamFrame build(ArusSession session, String kafkaServers) {
            StreamFrame left = events(session, 20).select(expr("value % 10 AS leftKey"),
                    col("event_time").as("leftTime"), col("value").as("leftValue"));
            StreamFrame right = events(session, 7).select(expr("value % 10 AS rightKey"),
                    col("event_time").as("rightTime"), col("value").as("rightValue"));
            return left.join(right, expr("leftKey = rightKey AND leftTime BETWEEN rightTime - INTERVAL 2 SECONDS"
                    + " AND rightTime + INTERVAL 2 SECONDS"), "left_outer");
        }
    },

    /**
     * A windowed count and sum per key of {@link CrashTopic}'s records, parsed with
     * {@code from_json}, {@link CrashTopic#RECORDS_PER_BATCH} records a batch: the Kafka source's
     * offsets in the offset log and the aggregation's state store. A row per window and key:
     * {@code start}, {@code key}, {@code count}, {@code total}.
     */
    KAFKA_AGGREGATE {
        @Override
        StreamFrame build(ArusSession session, String kafkaServers) {
            return session.readStream().format("kafka")
                    .option("kafka.bootstrap.servers", kafkaServers).option("subscribe", CrashTopic.NAME)
                    .option("startingOffsets", "earliest")
                    .option("maxOffsetsPerTrigger", CrashTopic.RECORDS_PER_BATCH)
                    .load()
                    .select(from_json(expr("CAST(value AS STRING)"), "id BIGINT, key INT, event_time TIMESTAMP")
                            .as("record"))
                    .selectExpr("record.id AS id", "record.key AS key", "record.event_time AS event_time")
                    .withWatermark("event_time", "2 seconds")
                    .groupBy(window(col("event_time"), "5 seconds"), col("key"))
                    .agg("count(*) AS count", "sum(id) AS total")
                    .selectExpr("window.start AS start", "key", "count", "total");
        }

        @Override
        boolean readsKafka() {
            return true;
        }
    };

    /** The query, reading from the Kafka brokers at {@code kafkaServers} if it {@link #readsKafka()}. */
    abstract StreamFrame build(ArusSession session, String kafkaServers);

    /** Whether the query reads {@link CrashTopic}, which must be written before it runs. */
    boolean readsKafka() {
        return false;
    }

    /** Rows with an {@code event_time} up to 3 s late, watermarked 2 s behind. */
    private static StreamFrame events(ArusSession session, int rowsPerBatch) {
        return session.readStream().format("rate-micro-batch")
                .option("rowsPerBatch", rowsPerBatch).option("numPartitions", 2)
                .option("startTimestamp", 1_792_157_400_000L).option("advanceMillisPerBatch", 1000)
                .load()
                .withColumn("event_time", expr("CAST(unix_timestamp(timestamp) - value % 4 AS TIMESTAMP)"))
                .withWatermark("event_time", "2 seconds");
    }
}
