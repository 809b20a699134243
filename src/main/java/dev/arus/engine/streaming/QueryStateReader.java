package dev.arus.engine.streaming;

import java.util.List;

/**
 * A read-only view of a query's state as its checkpoint committed it, following Spark's
 * {@code state-metadata} and {@code statestore} sources. It reads the committed versions' files
 * with state stores of its own, so it never stops, locks or slows the query's batches, works
 * alike on a running, stopped or failed query, and each read sees exactly one committed batch.
 * Thread-safe; each call reads the files afresh.
 */
public interface QueryStateReader {

    /** Spark's error class of an option value it cannot read state with. */
    String INVALID_OPTION_VALUE = "STDS_INVALID_OPTION_VALUE.WITH_MESSAGE";
    /** Spark's error class of options that cannot go together. */
    String CONFLICT_OPTIONS = "STDS_CONFLICT_OPTIONS";
    /** Spark's error class when the checkpoint has committed no batch to read. */
    String NO_COMMITTED_BATCH = "STDS_COMMITTED_BATCH_UNAVAILABLE";
    /** Spark's error class of an option a read needs and was not given. */
    String REQUIRED_OPTION_UNSPECIFIED = "STDS_REQUIRED_OPTION_UNSPECIFIED";
    /** Arus's error class of an operator id the query does not have. */
    String OPERATOR_NOT_FOUND = "STATE_OPERATOR_NOT_FOUND";

    /** One entry per stateful operator and store, by operator id, then store name as Spark lists them. */
    List<StateMetadata> metadata();

    /**
     * The rows {@code request} asks for.
     *
     * @throws ArusException {@value #OPERATOR_NOT_FOUND} for an unknown operator,
     *                       {@value #INVALID_OPTION_VALUE} or {@value #CONFLICT_OPTIONS} for options
     *                       Spark refuses; {@link CheckpointException} when a file is damaged
     */
    StateRead read(StateReadRequest request);
}
