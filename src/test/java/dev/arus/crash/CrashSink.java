package dev.arus.crash;

import dev.arus.engine.api.DataStreamWriter;
import dev.arus.engine.api.StreamFrame;

/** Where a {@link CrashChild} writes its query's rows: its {@code target} is a directory or a topic. */
enum CrashSink {

    /** The {@code json} file sink, into directory {@code target}. */
    JSON_FILE {
        @Override
        DataStreamWriter writer(StreamFrame rows, String target, String kafkaServers) {
            return rows.writeStream().format("json").option("path", target);
        }
    },

    /**
     * The {@code kafka} sink in its {@code exactlyOnce} mode, into topic {@code target}: each row
     * as the JSON of all its columns.
     */
    KAFKA_EXACTLY_ONCE {
        @Override
        DataStreamWriter writer(StreamFrame rows, String target, String kafkaServers) {
            return rows.selectExpr("to_json(struct(" + String.join(", ", rows.columns()) + ")) AS value").writeStream().format("kafka")
                    .option("kafka.bootstrap.servers", kafkaServers).option("topic", target)
                    .option("exactlyOnce", true);
        }
    };

    abstract DataStreamWriter writer(StreamFrame rows, String target, String kafkaServers);
}
