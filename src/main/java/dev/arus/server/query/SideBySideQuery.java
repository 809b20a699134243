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
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A query run on both engines at once ({@code "engine": "both"}). Arus's run is the query's: its
 * events, outputs, sink, memory table and progress are what the service shows. Spark's run
 * beside it writes nothing and is heard by no one but the {@link EngineComparison}, which
 * compares the two engines' output of each batch id and tells the query each new summary.
 * Starting a run starts both, Arus's first (a Spark start that fails stops Arus's and fails the
 * start; a Spark run still finishing from the last start is stopped first). Stopping the query
 * stops both. A run that ends by itself (an {@code availableNow} or {@code once} trigger) leaves
 * Spark's to end by itself too, so that every batch is compared; a failure of Arus's run stops
 * Spark's.
 */
final class SideBySideQuery implements TranslatedQuery {

    private static final Logger log = LoggerFactory.getLogger(SideBySideQuery.class);

    /** The shadow run's events: heard by nobody, its outputs go to the comparison. */
    private static final RunEvents UNHEARD = new RunEvents() {
    };

    private final TranslatedQuery arus;
    private final TranslatedQuery spark;
    private volatile EngineComparison comparison;
    private volatile StreamingQuery arusRun;
    private volatile StreamingQuery sparkRun;

    SideBySideQuery(TranslatedQuery arus, TranslatedQuery spark) {
        this.arus = arus;
        this.spark = spark;
    }

    @Override
    public QueryFiles files() {
        return arus.files();
    }

    /** Arus's run keeps the query's checkpoint: its state is the one read. */
    @Override
    public Optional<QueryStateReader> stateReader() {
        return arus.stateReader();
    }

    @Override
    public Optional<QueryStateReader> besideStateReader() {
        return spark.stateReader();
    }

    /** Arus's: its run writes the query's sink, and its output is the query's result. */
    @Override
    public OutputMode outputMode() {
        return arus.outputMode();
    }

    @Override
    public List<String> resultKey() {
        return arus.resultKey();
    }

    @Override
    public boolean writesMemoryTable() {
        return arus.writesMemoryTable();
    }

    /** Arus's table: only Arus's run writes the spec's sink. */
    @Override
    public List<Row> memoryTable(String name) {
        return arus.memoryTable(name);
    }

    @Override
    public List<QueryEndpoint> inputs() {
        return arus.inputs();
    }

    @Override
    public QueryEndpoint output() {
        return arus.output();
    }

    @Override
    public Duration triggerInterval() {
        return arus.triggerInterval();
    }

    /** Arus's run goes on from the query's checkpoint; Spark's beside it starts afresh each time. */
    @Override
    public void checkRestart(UUID id) {
        arus.checkRestart(id);
    }

    @Override
    public EngineComparison.Summary comparison() {
        EngineComparison current = comparison;
        return current == null ? EngineComparison.Summary.NONE : current.summary();
    }

    @Override
    public synchronized StreamingQuery start(String name, UUID id, BatchFunction observer, int observedRows,
                                             RunEvents events) {
        stopBeside();
        EngineComparison compared = new EngineComparison(observedRows, events::compared);
        comparison = compared;
        StreamingQuery run = arus.start(name, id, (batch, batchId) -> {
            observer.call(batch, batchId);
            compared.arus(batchId, batch);
        }, observedRows, events);
        arusRun = run;
        try {
            sparkRun = spark.start(name, id, (batch, batchId) -> compared.spark(batchId, batch), observedRows, UNHEARD);
        } catch (RuntimeException refused) {
            run.stop();
            throw refused;
        }
        return run;
    }

    /** Stops Arus's run, then Spark's beside it. */
    @Override
    public void stop(StreamingQuery run) {
        run.stop();
        stopBeside();
    }

    /** Stops Spark's run when Arus's failed, on the ended run's thread. */
    @Override
    public void runEnded(UUID runId) {
        StreamingQuery ended = arusRun;
        if (ended != null && runId.equals(ended.runId()) && ended.exception().isPresent()) {
            stopBeside();
        }
    }

    private void stopBeside() {
        StreamingQuery beside = sparkRun;
        if (beside != null && beside.isActive()) {
            try {
                beside.stop();
            } catch (RuntimeException stuck) {
                log.warn("The Spark run beside query {} did not stop: {}", beside.name(), stuck.toString());
            }
        }
    }
}
