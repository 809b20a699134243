package dev.arus.server.query;

import dev.arus.engine.streaming.AnalysisException;
import dev.arus.engine.streaming.CheckpointException;
import dev.arus.engine.api.DataStreamWriter;
import dev.arus.engine.streaming.OutputMode;
import dev.arus.engine.api.StreamFrame;
import dev.arus.engine.streaming.StreamingQuery;
import dev.arus.engine.streaming.Trigger;
import dev.arus.engine.streaming.BatchFunction;
import java.util.Map;
import java.util.UUID;

/**
 * A checked query spec in the engine's terms: the analysed frame, how to write it and where in
 * the data directory. Immutable, so the same translation starts every run of a query.
 */
record TranslatedQuery(StreamFrame frame, OutputMode outputMode, Trigger trigger, String sinkFormat,
                       Map<String, String> sinkOptions, QueryFiles files) {

    /** The engine's writer option naming the checkpoint directory. */
    private static final String CHECKPOINT_OPTION = "checkpointLocation";

    /**
     * Starts a run named {@code name} under the lasting {@code id}, handing every batch to
     * {@code observer} too. The engine checks the output mode, the sink's option values and the
     * checkpoint only here, before anything runs; their failures are attributed to the spec's
     * fields, with the engine's exception as the cause.
     */
    StreamingQuery start(String name, UUID id, BatchFunction observer) {
        DataStreamWriter writer = frame.writeStream()
                .format(sinkFormat)
                .options(sinkOptions)
                .outputMode(outputMode)
                .trigger(trigger)
                .queryName(name)
                .queryId(id)
                .observeBatches(observer);
        if (files.checkpointed()) {
            writer.option(CHECKPOINT_OPTION, files.checkpoint().toString());
        }
        try {
            return writer.start();
        } catch (CheckpointException refused) {
            throw checkpointProblem(refused);
        } catch (AnalysisException rejected) {
            throw analysisProblem(rejected).causedBy(rejected);
        } catch (IllegalArgumentException badOption) {
            throw ProblemException.at(ProblemType.INVALID_OPTION,
                    OptionPointers.of("/sink/options", sinkOptions, badOption), badOption.getMessage());
        }
    }

    /** A checkpoint the engine cannot start on, as the problem of the spec's {@code checkpointLocation}. */
    static ProblemException checkpointProblem(CheckpointException refused) {
        ProblemType type = refused.kind() == CheckpointException.Kind.INCOMPATIBLE
                ? ProblemType.CHECKPOINT_INCOMPATIBLE : ProblemType.CHECKPOINT_DAMAGED;
        return ProblemException.at(type, QueryFiles.CHECKPOINT_POINTER, refused.getMessage()).causedBy(refused);
    }

    /**
     * The engine's plan-level refusals: a file sink without a checkpoint (Spark's rule, which
     * names the option), a column type a file format cannot hold, or else an output mode.
     */
    private ProblemException analysisProblem(AnalysisException rejected) {
        String message = rejected.getMessage();
        if (!files.checkpointed() && message.startsWith(CHECKPOINT_OPTION)) {
            return ProblemException.at(ProblemType.INVALID_SPEC, QueryFiles.CHECKPOINT_POINTER, message);
        }
        if (message.startsWith("[UNSUPPORTED_DATA_TYPE_FOR_DATASOURCE]")) {
            return ProblemException.at(ProblemType.INVALID_SPEC, "/sink/format", message);
        }
        return ProblemException.at(ProblemType.INVALID_OUTPUT_MODE, "/outputMode", message);
    }
}
