package dev.arus.engine.files;

import dev.arus.engine.streaming.ArusException;
import dev.arus.engine.streaming.StorageWriteException;
import dev.arus.engine.time.Clock;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * A log of one file per batch that compacts itself, as Spark's {@code CompactibleFileStreamLog}
 * writes it; a file sink's {@code _spark_metadata} ({@code FileStreamSinkLog}) and a file
 * source's seen-files log in the checkpoint ({@code FileStreamSourceLog}) are both one, so that
 * Spark's readers read either at any length:
 * <ul>
 *   <li>one file per batch, {@code v1} then one JSON line per entry (a data file);</li>
 *   <li>every {@code compactInterval}-th batch ({@code (batchId + 1) % interval == 0}) is
 *       {@code <batchId>.compact}, holding the lines of the previous compaction and of every
 *       batch since: a reader starts from the latest compaction and never needs older files;</li>
 *   <li>after each batch, files older than the compaction that keeps {@code minBatchesToRetain}
 *       batches are deleted once they are {@code cleanupDelay} old (Spark's defaults: 100
 *       batches, 10 minutes), so the log stays small.</li>
 * </ul>
 * The interval is Spark's: 10, unless compaction files already there were written with another,
 * which {@link #compactInterval} derives as Spark's {@code CompactibleFileStreamLog} does.
 */
public class CompactibleFileLog {

    public static final String VERSION = "v1";
    public static final String COMPACT_SUFFIX = ".compact";
    /** Spark's {@code spark.sql.streaming.fileSink.log.compactInterval} and {@code fileSource.log.compactInterval}. */
    public static final int DEFAULT_COMPACT_INTERVAL = 10;
    /** Spark's {@code spark.sql.streaming.fileSink.log.cleanupDelay} and {@code fileSource.log.cleanupDelay}. */
    public static final Duration DEFAULT_CLEANUP_DELAY = Duration.ofMinutes(10);
    /** Spark's {@code spark.sql.streaming.minBatchesToRetain}. */
    public static final int DEFAULT_MIN_BATCHES_TO_RETAIN = 100;

    private final String errorClass;
    private final String description;
    private final Path directory;
    private final Clock clock;
    private final Duration cleanupDelay;
    private final int minBatchesToRetain;
    private final int compactInterval;

    /**
     * @param errorClass  the error class of a damaged log, {@code FILE_SINK_LOG_CORRUPTED} or
     *                    {@code FILE_SOURCE_LOG_CORRUPTED}
     * @param description what the log is, for messages ({@code The file sink's log})
     */
    public CompactibleFileLog(String errorClass, String description, Path directory, Clock clock,
                              int defaultCompactInterval, Duration cleanupDelay, int minBatchesToRetain) {
        this.errorClass = errorClass;
        this.description = description;
        this.directory = directory;
        this.clock = clock;
        this.cleanupDelay = cleanupDelay;
        this.minBatchesToRetain = minBatchesToRetain;
        AtomicFiles.createDirectories(directory);
        this.compactInterval = compactInterval(defaultCompactInterval, compactionBatchIds());
    }

    public int compactInterval() {
        return compactInterval;
    }

    /** The latest batch logged, or -1. */
    public long latestBatchId() {
        return batchFiles().stream().mapToLong(CompactibleFileLog::batchIdOf).max().orElse(-1);
    }

    /**
     * Logs batch {@code batchId} with its data files' JSON lines, compacting when it is a
     * compaction batch, then deletes expired log files. The file is written atomically: the
     * moment it exists, the batch is visible.
     */
    public void add(long batchId, List<String> entries) {
        List<String> lines = new ArrayList<>();
        if (isCompactionBatch(batchId, compactInterval)) {
            for (long earlier = Math.max(0, batchId - compactInterval); earlier < batchId; earlier++) {
                lines.addAll(read(earlier, batchId));
            }
        }
        lines.addAll(entries);
        StringBuilder text = new StringBuilder(VERSION);
        lines.forEach(line -> text.append('\n').append(line));
        byte[] bytes = text.toString().getBytes(StandardCharsets.UTF_8);
        AtomicFiles.write(pathOf(batchId), bytes, bytes.length);
        deleteExpired(batchId);
    }

    /** The file of batch {@code batchId}: {@code 9.compact} for a compaction batch, else {@code 8}. */
    public Path pathOf(long batchId) {
        return directory.resolve(batchId + (isCompactionBatch(batchId, compactInterval) ? COMPACT_SUFFIX : ""));
    }

    public static boolean isCompactionBatch(long batchId, int compactInterval) {
        return (batchId + 1) % compactInterval == 0;
    }

    /**
     * Spark's {@code deriveCompactInterval} and its cases: with two compactions or more, their
     * distance; with one, the smallest divisor of its batch count at least the default (or the
     * count itself); with none, the default.
     */
    public static int compactInterval(int defaultInterval, List<Long> compactionBatchIds) {
        List<Long> newestFirst = compactionBatchIds.stream().sorted((a, b) -> Long.compare(b, a)).toList();
        if (newestFirst.size() >= 2) {
            return (int) (newestFirst.get(0) - newestFirst.get(1));
        }
        if (newestFirst.isEmpty()) {
            return defaultInterval;
        }
        int batches = (int) (newestFirst.get(0) + 1);
        if (batches <= defaultInterval || defaultInterval >= batches / 2) {
            return batches;
        }
        for (int divisor = defaultInterval; divisor <= batches / 2; divisor++) {
            if (batches % divisor == 0) {
                return divisor;
            }
        }
        return batches;
    }

    /**
     * The entries of the file of batch {@code batchId}: a compaction file's hold those of every
     * batch up to it; empty when the file is gone (deleted as expired).
     *
     * @throws ArusException when the file is damaged
     */
    public List<String> entries(long batchId) {
        if (!Files.exists(pathOf(batchId))) {
            return List.of();
        }
        return read(batchId, batchId);
    }

    /**
     * Every entry still logged, oldest first: the latest compaction's and those of the batches
     * after it, as Spark's {@code CompactibleFileStreamLog.allFiles} reads them.
     */
    public List<String> allEntries() {
        long latest = latestBatchId();
        if (latest < 0) {
            return List.of();
        }
        long latestCompaction = -1;
        for (long id : compactionBatchIds()) {
            if (id <= latest) {
                latestCompaction = Math.max(latestCompaction, id);
            }
        }
        List<String> lines = new ArrayList<>();
        for (long batch = Math.max(0, latestCompaction); batch <= latest; batch++) {
            lines.addAll(entries(batch));
        }
        return lines;
    }

    /** The entry lines of batch {@code batchId}, needed to compact (or read) batch {@code compacting}. */
    private List<String> read(long batchId, long compacting) {
        Path file = pathOf(batchId);
        try {
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            if (lines.isEmpty() || !lines.get(0).equals(VERSION)) {
                throw new ArusException(errorClass, description + " file " + file
                        + " does not start with " + VERSION + ".");
            }
            return lines.subList(1, lines.size()).stream().filter(line -> !line.isEmpty()).toList();
        } catch (NoSuchFileException e) {
            // Spark's words when a batch it must compact is gone.
            throw new ArusException(errorClass, file + " doesn't exist when compacting batch "
                    + compacting + " (compactInterval: " + compactInterval + ")", e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Spark's {@code deleteExpiredLog}: keeps the compaction that covers the last
     * {@code minBatchesToRetain} batches and everything after it; deletes older files once they
     * are {@code cleanupDelay} old, in case a reader is still listing them.
     */
    private void deleteExpired(long currentBatchId) {
        long minBatchId = currentBatchId + 1 - minBatchesToRetain;
        if (compactInterval > minBatchId) {
            return;
        }
        long minCompactionBatchId = minBatchId - minBatchId % compactInterval - 1;
        long expiredBefore = clock.millis() - cleanupDelay.toMillis();
        try {
            for (Path file : batchFiles()) {
                if (batchIdOf(file) < minCompactionBatchId
                        && Files.getLastModifiedTime(file).toMillis() <= expiredBefore) {
                    Files.deleteIfExists(file);
                }
            }
        } catch (IOException e) {
            throw StorageWriteException.of("Cannot delete the expired files of " + directory, e);
        }
    }

    private List<Long> compactionBatchIds() {
        return batchFiles().stream().filter(file -> file.getFileName().toString().endsWith(COMPACT_SUFFIX))
                .map(CompactibleFileLog::batchIdOf).toList();
    }

    /** The log's batch files, without the temporary files of a write a crash cut short. */
    private List<Path> batchFiles() {
        try (Stream<Path> files = Files.list(directory)) {
            return files.filter(file -> !AtomicFiles.isTemporary(file))
                    .filter(file -> isBatchFileName(file.getFileName().toString())).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static boolean isBatchFileName(String name) {
        String id = withoutCompactSuffix(name);
        return !id.isEmpty() && id.chars().allMatch(Character::isDigit);
    }

    /** The batch id a log file is named by: {@code 9} for {@code 9.compact} and for {@code 9}. */
    public static long batchIdOf(Path file) {
        return Long.parseLong(withoutCompactSuffix(file.getFileName().toString()));
    }

    private static String withoutCompactSuffix(String name) {
        return name.endsWith(COMPACT_SUFFIX) ? name.substring(0, name.length() - COMPACT_SUFFIX.length()) : name;
    }
}
