package dev.arus.engine.source;

import dev.arus.engine.streaming.InvalidOptionException;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The options of the {@code stream} source, named as Spark's Kafka source names them: the
 * stream to read (required), where a new query starts ({@code earliest}, {@code latest}, the
 * default, or per partition as {@code {"orders":{"0":23,"1":-2}}} with -2 for earliest and -1 for
 * latest), the most records one batch reads (0: no limit) and what to do when records the query
 * has not read were deleted by retention (fail, the default, or go on from the earliest kept).
 */
record StreamSourceOptions(String stream, String startingOffsets, long maxOffsetsPerTrigger,
                           boolean failOnDataLoss) {

    static final String STREAM = "stream";
    static final String STARTING_OFFSETS = "startingOffsets";
    static final String MAX_OFFSETS_PER_TRIGGER = "maxOffsetsPerTrigger";
    static final String FAIL_ON_DATA_LOSS = "failOnDataLoss";
    static final List<String> NAMES = List.of(STREAM, STARTING_OFFSETS, MAX_OFFSETS_PER_TRIGGER, FAIL_ON_DATA_LOSS);

    static final String EARLIEST = "earliest";
    static final String LATEST = "latest";

    static StreamSourceOptions parse(Map<String, String> given) {
        SourceOptions options = new SourceOptions(StreamSource.FORMAT, NAMES, given);
        String stream = options.raw(STREAM);
        if (stream == null || stream.isBlank()) {
            throw new InvalidOptionException(STREAM, "Option 'stream' is required: the name of the stream to read");
        }
        String starting = options.raw(STARTING_OFFSETS);
        starting = starting == null ? LATEST : starting.trim();
        String keyword = starting.toLowerCase(Locale.ROOT);
        if (keyword.equals(EARLIEST) || keyword.equals(LATEST)) {
            starting = keyword;
        } else if (!starting.startsWith("{")) {
            throw new InvalidOptionException(STARTING_OFFSETS, "Invalid value '" + starting + "'. The option '"
                    + STARTING_OFFSETS + "' is earliest, latest, or offsets per partition as {\"" + stream
                    + "\":{\"0\":23}} (-2 for earliest, -1 for latest)");
        }
        long maxOffsets = options.getLong(MAX_OFFSETS_PER_TRIGGER, 0);
        if (options.raw(MAX_OFFSETS_PER_TRIGGER) != null && maxOffsets <= 0) {
            throw new InvalidOptionException(MAX_OFFSETS_PER_TRIGGER, "Invalid value '" + maxOffsets
                    + "'. The option '" + MAX_OFFSETS_PER_TRIGGER + "' must be positive");
        }
        return new StreamSourceOptions(stream.trim(), starting, maxOffsets, options.getBoolean(FAIL_ON_DATA_LOSS, true));
    }
}
