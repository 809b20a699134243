package dev.arus.crash;

import dev.arus.engine.api.ArusSession;
import dev.arus.engine.api.DataStreamWriter;
import dev.arus.engine.api.StreamFrame;
import dev.arus.engine.sink.DuckDb;
import dev.arus.engine.jdbc.PostgresTestServer;
import dev.arus.engine.sink.FileSinkLogReader;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** Where a {@link CrashChild} writes its query's rows: its {@code target} is a directory, a topic or a table. */
enum CrashSink {

    /** The {@code json} file sink, into directory {@code target}. */
    JSON_FILE {
        @Override
        DataStreamWriter writer(StreamFrame rows, String target, String kafkaServers) {
            return rows.writeStream().format("json").option("path", target);
        }

        @Override
        Map<Long, List<String>> batches(Path target) {
            return FileSinkLogReader.read(target);
        }
    },

    /** The {@code parquet} file sink (snappy), into directory {@code target}; its rows as DuckDB reads them. */
    PARQUET_FILE {
        @Override
        DataStreamWriter writer(StreamFrame rows, String target, String kafkaServers) {
            return rows.writeStream().format("parquet").option("path", target);
        }

        @Override
        Map<Long, List<String>> batches(Path target) {
            // One DuckDB query for every file the log lists, rather than one per file.
            Map<Path, List<String>> rows = DuckDb.parquetRowsByFile(FileSinkLogReader.dataFiles(target));
            return FileSinkLogReader.read(target, rows::get);
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
    },

    /**
     * The {@code jdbc} sink in update mode, upserting by the query's grouping columns into table
     * {@code target} (created by the first run) of the PostgreSQL server whose URL is the
     * endpoint: exactly once through {@code arus_sink_commits}.
     */
    JDBC_UPDATE {
        @Override
        DataStreamWriter writer(StreamFrame rows, String target, String endpoint) {
            return rows.writeStream().format("jdbc").outputMode("update").option("connection", "crash")
                    .option("table", target).option("createTable", true);
        }

        @Override
        void configure(ArusSession.Builder session, String endpoint) {
            session.conf("arus.jdbc.connections.crash.url", endpoint)
                    .conf("arus.jdbc.connections.crash.user", PostgresTestServer.USER)
                    .conf("arus.jdbc.connections.crash.password", PostgresTestServer.PASSWORD);
        }
    };

    /** The query's writer; {@code endpoint} is what the sink reaches (Kafka's brokers, PostgreSQL's URL) or null. */
    abstract DataStreamWriter writer(StreamFrame rows, String target, String endpoint);

    /** Gives the child's session the settings the sink reads; none by default. */
    void configure(ArusSession.Builder session, String endpoint) {
    }

    /**
     * The rows of each batch in directory {@code target} of a file sink, as a reader of its
     * {@code _spark_metadata} log sees them.
     */
    Map<Long, List<String>> batches(Path target) {
        throw new UnsupportedOperationException(this + " writes no files");
    }
}
