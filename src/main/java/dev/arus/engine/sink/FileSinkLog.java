package dev.arus.engine.sink;

import dev.arus.engine.files.CompactibleFileLog;
import dev.arus.engine.time.Clock;
import java.nio.file.Path;
import java.time.Duration;

/**
 * A file sink's log, {@code _spark_metadata}, written as Spark's {@code FileStreamSinkLog}: one
 * line per data file ({@code path, size, isDir, modificationTime, blockReplication, blockSize,
 * action}), compacted and cleaned up as {@link CompactibleFileLog} says.
 */
final class FileSinkLog extends CompactibleFileLog {

    FileSinkLog(Path directory, Clock clock, int defaultCompactInterval, Duration cleanupDelay,
                int minBatchesToRetain) {
        super("FILE_SINK_LOG_CORRUPTED", "The file sink's log", directory, clock, defaultCompactInterval,
                cleanupDelay, minBatchesToRetain);
    }
}
