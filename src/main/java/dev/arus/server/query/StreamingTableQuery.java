package dev.arus.server.query;

import dev.arus.engine.streaming.BatchFunction;
import dev.arus.engine.streaming.OutputMode;
import dev.arus.engine.streaming.StreamingQuery;
import java.time.Duration;
import java.util.List;
import java.util.UUID;

/**
 * A query in SQL that fills a streaming table ({@code CREATE STREAMING TABLE}): each run starts
 * once the table's stream exists with the query's columns, made now if need be; a start that is
 * refused removes a stream it made, so nothing of a refused spec is left. The writing itself is
 * the {@code stream} sink's, in the query it wraps. Immutable.
 *
 * @param query   the query, writing to the table's stream
 * @param table   the table's stream and its columns
 * @param streams where the stream is made
 */
record StreamingTableQuery(ArusTranslatedQuery query, TableStream table, StreamingTables streams)
        implements TranslatedQuery {

    /** The stream a streaming table is, by name, and its columns as DDL. */
    record TableStream(String name, String columns) {
    }

    @Override
    public QueryFiles files() {
        return query.files();
    }

    @Override
    public boolean writesMemoryTable() {
        return false;
    }

    @Override
    public OutputMode outputMode() {
        return query.outputMode();
    }

    @Override
    public List<String> resultKey() {
        return query.resultKey();
    }

    @Override
    public Duration triggerInterval() {
        return query.triggerInterval();
    }

    @Override
    public List<QueryEndpoint> inputs() {
        return query.inputs();
    }

    @Override
    public QueryEndpoint output() {
        return query.output();
    }

    @Override
    public StreamingQuery start(String name, UUID id, BatchFunction observer, int observedRows, RunEvents events) {
        boolean made = streams.ensure(table.name(), table.columns());
        try {
            return query.start(name, id, observer, observedRows, events);
        } catch (RuntimeException refused) {
            if (made) {
                streams.remove(table.name());
            }
            throw refused;
        }
    }
}
