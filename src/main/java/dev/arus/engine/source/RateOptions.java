package dev.arus.engine.source;

import dev.arus.engine.streaming.InvalidOptionException;
import java.util.List;
import java.util.Map;

/**
 * The options of the {@code rate} source, checked as Spark's {@code RateStreamProvider} checks
 * them. Spark's default {@code numPartitions} is the cluster's default parallelism (the number
 * of cores in local mode); Arus runs a query on one thread, so its default is 1. The
 * description still says {@code numPartitions=default} when the option is not given, as Spark's.
 *
 * @param numPartitionsOption the {@code numPartitions} option as given, or {@code null}
 */
public record RateOptions(long rowsPerSecond, long rampUpTimeSeconds, int numPartitions, String numPartitionsOption) {

    public static final String ROWS_PER_SECOND = "rowsPerSecond";
    public static final String RAMP_UP_TIME = "rampUpTime";
    public static final String NUM_PARTITIONS = "numPartitions";

    /** The option names, as Spark documents them. */
    public static final List<String> NAMES = List.of(ROWS_PER_SECOND, RAMP_UP_TIME, NUM_PARTITIONS);

    public RateOptions {
        if (rowsPerSecond <= 0) {
            throw new InvalidOptionException("rowsPerSecond",
                    "Invalid value '" + rowsPerSecond + "'. The option 'rowsPerSecond' must be positive");
        }
        if (rampUpTimeSeconds < 0) {
            throw new InvalidOptionException("rampUpTime",
                    "Invalid value '" + rampUpTimeSeconds + "'. The option 'rampUpTime' must not be negative");
        }
        if (numPartitions <= 0) {
            throw new InvalidOptionException("numPartitions",
                    "Invalid value '" + numPartitions + "'. The option 'numPartitions' must be positive");
        }
    }

    /** Options given in code; {@code numPartitions} counts as given. */
    public static RateOptions of(long rowsPerSecond, long rampUpTimeSeconds, int numPartitions) {
        return new RateOptions(rowsPerSecond, rampUpTimeSeconds, numPartitions, Integer.toString(numPartitions));
    }

    /** Parses string options (keys in any case); rejects options the source does not know. */
    public static RateOptions parse(Map<String, String> options) {
        SourceOptions reader = new SourceOptions(RateSource.FORMAT, NAMES, options);
        long rowsPerSecond = reader.getLong(ROWS_PER_SECOND, 1);
        if (rowsPerSecond <= 0) {
            throw new InvalidOptionException("rowsPerSecond",
                    "Invalid value '" + rowsPerSecond + "'. The option 'rowsPerSecond' must be positive");
        }
        long rampUpTimeSeconds = reader.getSeconds(RAMP_UP_TIME, 0);
        int numPartitions = reader.getInt(NUM_PARTITIONS, 1);
        return new RateOptions(rowsPerSecond, rampUpTimeSeconds, numPartitions, reader.raw(NUM_PARTITIONS));
    }
}
