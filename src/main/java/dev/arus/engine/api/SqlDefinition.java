package dev.arus.engine.api;

import dev.arus.engine.expr.sql.SqlParser;
import dev.arus.engine.expr.sql.SqlStatement;
import dev.arus.engine.streaming.ArusException;

/**
 * What one SQL statement defines ({@link ArusSession#define}): a query, whose frame its caller
 * writes where it likes, or a streaming table of Spark Declarative Pipelines, {@code CREATE
 * STREAMING TABLE name AS query}: the event-log stream {@code name}, whose columns are the
 * query's output as a stream holds it, and the query that fills it through the {@code stream}
 * sink. Defining creates nothing: the caller makes the stream, then starts the query.
 */
public sealed interface SqlDefinition {

    /** The query of the statement, analysed. */
    StreamFrame frame();

    /**
     * Whether {@code sqlText} is a {@code CREATE STREAMING TABLE}, as far as it parses (a
     * statement that does not is not one), for a caller that runs other statements elsewhere.
     */
    static boolean isStreamingTable(String sqlText) {
        try {
            return SqlParser.parse(sqlText) instanceof SqlStatement.CreateStreamingTable;
        } catch (ArusException unparsable) {
            return false;
        }
    }

    /** {@code SELECT ...}: a query only. */
    record Query(StreamFrame frame) implements SqlDefinition {
    }

    /**
     * {@code CREATE STREAMING TABLE name AS query}.
     *
     * @param name        the stream the table is, a valid stream name
     * @param frame       the query that fills it
     * @param streamSchema the stream's columns as DDL: the query's output but {@code ingest_time},
     *                    every column nullable, of the query's types
     */
    record StreamingTable(String name, StreamFrame frame, String streamSchema) implements SqlDefinition {

        /** The sink that fills the table: the {@code stream} format. */
        public static final String SINK_FORMAT = "stream";

        /** The {@code stream} sink's option that names the stream it writes. */
        public static final String SINK_OPTION = "stream";

        /** A writer of the query into the table's stream, which must exist when it starts. */
        public DataStreamWriter writeStream() {
            return frame.writeStream().format(SINK_FORMAT).option(SINK_OPTION, name);
        }
    }
}
