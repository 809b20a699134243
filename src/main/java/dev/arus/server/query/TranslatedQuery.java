package dev.arus.server.query;

import dev.arus.engine.api.DataStreamWriter;
import dev.arus.engine.api.StreamFrame;
import dev.arus.engine.streaming.ArusException;
import dev.arus.engine.streaming.BatchFunction;
import dev.arus.engine.streaming.OutputMode;
import dev.arus.engine.streaming.StreamingQuery;
import dev.arus.engine.streaming.Trigger;
import java.util.Map;
import java.util.UUID;

/**
 * A checked query spec in the engine's terms: the analysed frame, how to write it and where in
 * the data directory. Immutable, so the same translation starts every run of a query.
 */
record TranslatedQuery(StreamFrame frame, OutputMode outputMode, Trigger trigger, String sinkFormat,
                       Map<String, String> sinkOptions, Map<String, String> conf, QueryFiles files) {

    /** Whether the query writes a memory sink's table, named after the query. */
    boolean writesMemoryTable() {
        return sinkFormat.equalsIgnoreCase("memory");
    }

    /** The engine's writer option naming the checkpoint directory. */
    private static final String CHECKPOINT_OPTION = "checkpointLocation";

    /**
     * Starts a run named {@code name} under the lasting {@code id}, handing every batch to
     * {@code observer} too, with its first {@code observedRows} rows. The engine checks the output mode, the sink's option values and the
     * checkpoint only here, before anything runs; their failures are attributed to the spec's
     * fields by {@link EngineProblems}, with the engine's exception as the cause.
     */
    StreamingQuery start(String name, UUID id, BatchFunction observer, int observedRows) {
        DataStreamWriter writer = frame.writeStream()
                .format(sinkFormat)
                .options(sinkOptions)
                .options(conf)
                .outputMode(outputMode)
                .trigger(trigger)
                .queryName(name)
                .queryId(id)
                .observeBatches(observer, observedRows);
        if (files.checkpointed()) {
            writer.option(CHECKPOINT_OPTION, files.checkpoint().toString());
        }
        try {
            return writer.start();
        } catch (ArusException refused) {
            throw EngineProblems.ofStart(refused, sinkOptions);
        }
    }
}
