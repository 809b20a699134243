package dev.arus.server.query;

import dev.arus.engine.api.DataStreamWriter;
import dev.arus.engine.api.StreamFrame;
import dev.arus.engine.data.Row;
import dev.arus.engine.streaming.AnalysisException;
import dev.arus.engine.streaming.ArusException;
import dev.arus.engine.streaming.BatchFunction;
import dev.arus.engine.streaming.OutputMode;
import dev.arus.engine.streaming.QueryStateReader;
import dev.arus.engine.streaming.StreamingQuery;
import dev.arus.engine.streaming.Trigger;
import dev.arus.server.web.ProblemException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * A checked query spec in the terms of Arus's own engine: the analysed frame, where in the spec its
 * sources are, how to write it and where in the data directory, and its statement when it is
 * written in SQL (null when in steps). Immutable, so the same
 * translation starts every run of a query. Its runs' events reach the query through the registry's one listener on the session
 * ({@link EngineEvents}), so {@link #start} leaves the {@link RunEvents} it is given alone.
 */
record ArusTranslatedQuery(StreamFrame frame, List<EngineProblems.SourceAt> sources, OutputMode outputMode,
                           Trigger trigger, String sinkFormat, Map<String, String> sinkOptions,
                           List<String> partitionBy, Map<String, String> conf, QueryFiles files,
                           @Nullable String sql)
        implements TranslatedQuery {

    ArusTranslatedQuery {
        sources = List.copyOf(sources);
    }

    /** The engine's grouping columns of the frame: the key of an update or complete mode sink's row. */
    @Override
    public List<String> resultKey() {
        return frame.groupingColumns();
    }

    @Override
    public boolean writesMemoryTable() {
        return sinkFormat.equalsIgnoreCase("memory");
    }

    /** The session's memory table of that name; none before the query's first run. */
    @Override
    public List<Row> memoryTable(String name) {
        try {
            return frame.session().streams().memoryTable(name);
        } catch (AnalysisException notYet) {
            return List.of(); // the run has not started, or the table was dropped with an earlier run
        }
    }

    @Override
    public Duration triggerInterval() {
        return trigger.interval();
    }

    @Override
    public List<QueryEndpoint> inputs() {
        return frame.inputs().stream().map(input -> new QueryEndpoint(input.format(), input.options())).toList();
    }

    @Override
    public QueryEndpoint output() {
        return new QueryEndpoint(sinkFormat, sinkOptions);
    }

    /** Its checkpoint's reader, made once per call: it holds nothing between reads. */
    @Override
    public Optional<QueryStateReader> stateReader() {
        if (files.checkpoint() == null) {
            return Optional.empty();
        }
        String partitions = conf.get(SpecFields.SHUFFLE_PARTITIONS);
        return Optional.of(frame.session().streams().stateReader(frame, outputMode, files.checkpoint(),
                partitions == null ? null : Integer.valueOf(partitions)));
    }

    /** The engine's writer option naming the checkpoint directory. */
    private static final String CHECKPOINT_OPTION = "checkpointLocation";

    /**
     * The engine checks the output mode, the sink's option values and the checkpoint only here,
     * before anything runs; their failures are attributed to the spec's fields by
     * {@link EngineProblems}, with the engine's exception as the cause.
     */
    @Override
    public StreamingQuery start(String name, UUID id, BatchFunction observer, int observedRows, RunEvents events) {
        return start(name, id, files.checkpoint(), observer, observedRows);
    }

    /**
     * Starts a run as {@link #start(String, UUID, BatchFunction, int, RunEvents)} does, but on
     * {@code checkpoint} (none when null) rather than the query's own: a preview's throwaway one.
     */
    StreamingQuery start(String name, UUID id, Path checkpoint, BatchFunction observer, int observedRows) {
        DataStreamWriter writer = writer(id, checkpoint).queryName(name).observeBatches(observer, observedRows);
        try {
            return writer.start();
        } catch (ArusException refused) {
            throw problem(refused);
        }
    }

    /** The engine's check of a start, the checkpoint's metadata against this plan included ({@link DataStreamWriter#check}). */
    @Override
    public void checkRestart(UUID id) {
        try {
            writer(id, files.checkpoint()).check();
        } catch (ArusException refused) {
            throw problem(refused);
        }
    }

    /**
     * The engine's refusal to start as the spec's problem: what Spark refuses as a statement's
     * query starts is the statement's, on either engine; the rest {@link EngineProblems}'s.
     */
    private ProblemException problem(ArusException refused) {
        if (sql != null && refused.is(AnalysisException.UNSUPPORTED_STREAMING_OPERATION)) {
            return SqlQueries.problem(sql, refused);
        }
        return EngineProblems.ofStart(refused, sinkOptions, sources);
    }

    private DataStreamWriter writer(UUID id, Path checkpoint) {
        DataStreamWriter writer = frame.writeStream()
                .format(sinkFormat)
                .options(sinkOptions)
                .options(conf)
                .partitionBy(partitionBy.toArray(String[]::new))
                .outputMode(outputMode)
                .trigger(trigger)
                .queryId(id);
        if (checkpoint != null) {
            writer.option(CHECKPOINT_OPTION, checkpoint.toString());
        }
        return writer;
    }
}
