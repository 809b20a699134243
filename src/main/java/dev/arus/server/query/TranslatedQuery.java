package dev.arus.server.query;

import dev.arus.engine.data.Row;
import dev.arus.engine.streaming.BatchFunction;
import dev.arus.engine.streaming.OutputMode;
import dev.arus.engine.streaming.QueryStateReader;
import dev.arus.engine.streaming.StreamingQuery;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * A checked query spec in the terms of the engine that runs it ({@code "engine"}: Arus's own, or
 * Apache Spark when the build has it): what the registry needs to start its runs and show them.
 * A translation is immutable and starts every run of its query; a spec it could not express was
 * refused before one existed. Implementations are thread-safe.
 */
public interface TranslatedQuery {

    /** Where in the data directory the query writes. */
    QueryFiles files();

    /** Whether the query writes a memory sink's table, named after the query, that the service can page through. */
    boolean writesMemoryTable();

    /**
     * The rows of the memory sink's table now, as Spark's {@code spark.table(name)} reads it: what
     * the latest run of the query called {@code name} wrote, none before its first. Asked only of
     * a query that {@link #writesMemoryTable()}; the list may convert each row as it is read.
     */
    default List<Row> memoryTable(String name) {
        return List.of();
    }

    /** What its runs write to the sink each batch: every final row, the rows that changed, or the whole result. */
    OutputMode outputMode();

    /**
     * The output columns that key a row of its result in update and complete mode (a windowed
     * aggregation's window and group columns), which {@code GET /api/queries/{id}/result} keeps the
     * last row of; empty when the engine does not know them (no aggregation, a key renamed after it).
     */
    default List<String> resultKey() {
        return List.of();
    }

    /** The processing-time interval of its trigger; zero for the default, once and availableNow triggers. */
    Duration triggerInterval();

    /** The streams the query reads, in the order its progress lists its sources. */
    List<QueryEndpoint> inputs();

    /** Where the query writes. */
    QueryEndpoint output();

    /**
     * Starts a run named {@code name} under the lasting {@code id}, handing every batch to
     * {@code observer} too, with its first {@code observedRows} rows; the run's started event
     * reaches the query before this returns, its other events after. Called by the registry
     * under the query's lock.
     *
     * @param events where an engine that is not the session's tells the run's events
     * @throws dev.arus.server.web.ProblemException when the engine refuses to start, naming the field
     */
    StreamingQuery start(String name, UUID id, BatchFunction observer, int observedRows, RunEvents events);

    /**
     * A reader of the state its runs commit to its checkpoint, as Spark's {@code state-metadata}
     * and {@code statestore} sources; empty when the query keeps no checkpoint, or its engine
     * offers no reader (none but Arus's does yet).
     */
    default Optional<QueryStateReader> stateReader() {
        return Optional.empty();
    }

    /**
     * For a query on both engines, the reader of the state Spark's run commits beside Arus's
     * ({@code spark-beside} in the checkpoint), so that the two are read side by side; empty for a
     * query on one engine.
     */
    default Optional<QueryStateReader> besideStateReader() {
        return Optional.empty();
    }

    /**
     * Checks, starting nothing and writing nothing, that a run of this translation may go on from
     * the query's checkpoint, which the query {@code id}'s current run may be writing: the
     * engine's own check of a restart (the checkpoint's query and plan), before an edit stops the
     * run of the old definition. The default checks nothing: an engine that checks only as its run
     * starts (Spark) refuses it then, and the edit puts the old definition back.
     *
     * @throws dev.arus.server.web.ProblemException {@code 409 checkpoint-incompatible} naming what
     *                                              differs, or the engine's other refusals at their field
     */
    default void checkRestart(UUID id) {
    }

    /** How the engines compare, for a query on both; {@code null} for a query on one. */
    default EngineComparison.@Nullable Summary comparison() {
        return null;
    }

    /**
     * Stops {@code run}, one this translation started, and returns once it has stopped; a
     * translation that started more beside it (Spark's run of a query on both engines) stops
     * that too. Called by the registry, with no lock held.
     */
    default void stop(StreamingQuery run) {
        run.stop();
    }

    /**
     * Run {@code runId}, started by {@link #start}, has ended; a translation that started more
     * beside it (Spark's run of a query on both engines) stops it when it failed. Called on the
     * engine's thread.
     */
    default void runEnded(UUID runId) {
    }
}
