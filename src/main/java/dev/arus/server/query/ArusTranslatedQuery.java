package dev.arus.server.query;

import dev.arus.engine.api.DataStreamWriter;
import dev.arus.engine.api.StreamFrame;
import dev.arus.engine.streaming.AnalysisException;
import dev.arus.engine.streaming.ArusException;
import dev.arus.engine.streaming.BatchFunction;
import dev.arus.engine.streaming.OutputMode;
import dev.arus.engine.streaming.StreamingQuery;
import dev.arus.engine.streaming.Trigger;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
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

    @Override
    public boolean writesMemoryTable() {
        return sinkFormat.equalsIgnoreCase("memory");
    }

    @Override
    public Duration triggerInterval() {
        return trigger instanceof Trigger.ProcessingTime every ? every.interval() : Duration.ZERO;
    }

    @Override
    public List<QueryEndpoint> inputs() {
        return frame.inputs().stream().map(input -> new QueryEndpoint(input.format(), input.options())).toList();
    }

    @Override
    public QueryEndpoint output() {
        return new QueryEndpoint(sinkFormat, sinkOptions);
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
        DataStreamWriter writer = frame.writeStream()
                .format(sinkFormat)
                .options(sinkOptions)
                .options(conf)
                .partitionBy(partitionBy.toArray(String[]::new))
                .outputMode(outputMode)
                .trigger(trigger)
                .queryName(name)
                .queryId(id)
                .observeBatches(observer, observedRows);
        if (checkpoint != null) {
            writer.option(CHECKPOINT_OPTION, checkpoint.toString());
        }
        try {
            return writer.start();
        } catch (ArusException refused) {
            if (sql != null && refused.is(AnalysisException.UNSUPPORTED_STREAMING_OPERATION)) {
                // what Spark refuses as a statement's query starts is the statement's problem, on either engine
                throw SqlQueries.problem(sql, refused);
            }
            throw EngineProblems.ofStart(refused, sinkOptions, sources);
        }
    }
}
