package dev.arus.server.query;

import dev.arus.engine.api.AnalysisException;
import dev.arus.engine.api.OutputMode;
import dev.arus.engine.api.StreamFrame;
import dev.arus.engine.api.StreamingQuery;
import dev.arus.engine.api.Trigger;
import dev.arus.engine.api.BatchFunction;
import java.util.Map;
import java.util.UUID;

/**
 * A checked query spec in the engine's terms: the analysed frame and how to write it. Immutable,
 * so the same translation starts every run of a query.
 */
record TranslatedQuery(StreamFrame frame, OutputMode outputMode, Trigger trigger, String sinkFormat,
                       Map<String, String> sinkOptions) {

    /**
     * Starts a run named {@code name} under the lasting {@code id}, handing every batch to
     * {@code observer} too. The engine checks the output mode and the sink's option values only
     * here, before anything runs; their failures are attributed to the spec's fields.
     */
    StreamingQuery start(String name, UUID id, BatchFunction observer) {
        try {
            return frame.writeStream()
                    .format(sinkFormat)
                    .options(sinkOptions)
                    .outputMode(outputMode)
                    .trigger(trigger)
                    .queryName(name)
                    .queryId(id)
                    .observeBatches(observer)
                    .start();
        } catch (AnalysisException rejectedMode) {
            throw ProblemException.at(ProblemType.INVALID_OUTPUT_MODE, "/outputMode", rejectedMode.getMessage());
        } catch (IllegalArgumentException badOption) {
            throw ProblemException.at(ProblemType.INVALID_OPTION,
                    OptionPointers.of("/sink/options", sinkOptions, badOption), badOption.getMessage());
        }
    }
}
