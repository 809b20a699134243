package dev.arus.engine.source;

import dev.arus.engine.streaming.InvalidOptionException;
import java.util.List;
import java.util.Map;

/**
 * The options of the {@code rate-micro-batch} source, checked as Spark's
 * {@code RatePerMicroBatchProvider} checks them. {@code rowsPerBatch} is required. Spark's
 * default {@code numPartitions} is the cluster's default parallelism; Arus's is 1.
 */
public record RateMicroBatchOptions(long rowsPerBatch, int numPartitions, long startTimestampMs,
        int advanceMillisPerBatch) {

    public static final String ROWS_PER_BATCH = "rowsPerBatch";
    public static final String NUM_PARTITIONS = "numPartitions";
    public static final String START_TIMESTAMP = "startTimestamp";
    public static final String ADVANCE_MILLIS_PER_BATCH = "advanceMillisPerBatch";

    /** The option names, as Spark documents them. */
    public static final List<String> NAMES =
            List.of(ROWS_PER_BATCH, NUM_PARTITIONS, START_TIMESTAMP, ADVANCE_MILLIS_PER_BATCH);

    public RateMicroBatchOptions {
        if (rowsPerBatch <= 0) {
            throw new InvalidOptionException("rowsPerBatch",
                    "Invalid value '" + rowsPerBatch + "'. The option 'rowsPerBatch' must be positive");
        }
        if (numPartitions <= 0) {
            throw new InvalidOptionException("numPartitions",
                    "Invalid value '" + numPartitions + "'. The option 'numPartitions' must be positive");
        }
        if (startTimestampMs < 0) {
            throw new InvalidOptionException("startTimestamp",
                    "Invalid value '" + startTimestampMs + "'. The option 'startTimestamp' must be non-negative");
        }
        if (advanceMillisPerBatch < 0) {
            throw new InvalidOptionException("advanceMillisPerBatch", "Invalid value '" + advanceMillisPerBatch
                    + "'. The option 'advanceMillisPerBatch' must be non-negative");
        }
    }

    /** Parses string options (keys in any case); rejects options the source does not know. */
    public static RateMicroBatchOptions parse(Map<String, String> options) {
        SourceOptions reader = new SourceOptions(RateMicroBatchSource.FORMAT, NAMES, options);
        if (reader.raw(ROWS_PER_BATCH) == null) {
            throw new InvalidOptionException("rowsPerBatch",
                    "Invalid value '0'. The option 'rowsPerBatch' must be positive (it is required)");
        }
        return new RateMicroBatchOptions(
                reader.getLong(ROWS_PER_BATCH, 0),
                reader.getInt(NUM_PARTITIONS, 1),
                reader.getLong(START_TIMESTAMP, 0),
                reader.getInt(ADVANCE_MILLIS_PER_BATCH, 1000));
    }
}
