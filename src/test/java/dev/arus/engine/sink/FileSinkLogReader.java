package dev.arus.engine.sink;

import dev.arus.engine.time.SystemClock;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a file sink's output the way Spark's {@code MetadataLogFileIndex} does: from the latest
 * compaction of {@code _spark_metadata} and the batch files after it, only the data files they
 * list. Files that no entry lists (left by a crash) are ignored, so each batch is seen exactly
 * once. The rows are grouped by the batch whose part file holds them (its name says which), and
 * every batch up to the latest logged is there, empty when it wrote no file. A batch written to
 * partition directories has a file in each; {@link #dataFiles} lists them all.
 */
public final class FileSinkLogReader {

    private static final Pattern PATH = Pattern.compile("\"path\":\"([^\"]+)\"");
    private static final Pattern PART_BATCH = Pattern.compile("part-\\d+-b(\\d+)-c\\d+(\\.\\w+)+$");

    private FileSinkLogReader() {
    }

    /** The lines of each logged batch, by batch id. */
    public static Map<Long, List<String>> read(Path sinkDirectory) {
        return read(sinkDirectory, FileSinkLogReader::readLines);
    }

    /** The rows of each logged batch, by batch id, as {@code rowsOf} reads a data file (a Parquet file, say). */
    public static Map<Long, List<String>> read(Path sinkDirectory, java.util.function.Function<Path, List<String>> rowsOf) {
        Map<Long, List<String>> batches = new TreeMap<>();
        FileSinkLog log = logOf(sinkDirectory);
        if (log == null) {
            return batches;
        }
        long latest = log.latestBatchId();
        for (long batch = 0; batch <= latest; batch++) {
            batches.put(batch, new ArrayList<>());
        }
        // Spark's getAllValidBatches: the latest compaction, then each batch after it.
        Map<Long, Long> loggedIn = new TreeMap<>();
        Set<String> seen = new HashSet<>();
        for (long batch = firstValidBatch(log, latest); batch <= latest; batch++) {
            for (String file : listedIn(log.pathOf(batch))) {
                Matcher part = PART_BATCH.matcher(file);
                if (!part.find()) {
                    throw new IllegalStateException("a data file not named by its batch: " + file);
                }
                long of = Long.parseLong(part.group(1));
                // A batch's files (one per partition directory) come in one log entry, each once.
                if (loggedIn.getOrDefault(of, batch) != batch || !seen.add(file)) {
                    throw new IllegalStateException("batch " + of + " logged twice: " + file);
                }
                loggedIn.put(of, batch);
                batches.get(of).addAll(rowsOf.apply(Path.of(URI.create(file))));
            }
        }
        return batches;
    }

    /** The data files (URIs) that a reader of the log sees, from the latest compaction on. */
    public static List<Path> dataFiles(Path sinkDirectory) {
        List<Path> files = new ArrayList<>();
        FileSinkLog log = logOf(sinkDirectory);
        if (log == null) {
            return files;
        }
        long latest = log.latestBatchId();
        for (long batch = firstValidBatch(log, latest); batch <= latest; batch++) {
            listedIn(log.pathOf(batch)).forEach(file -> files.add(Path.of(URI.create(file))));
        }
        return files;
    }

    /**
     * The data files each batch's own log entry lists, by batch id, whatever the files are named
     * (Spark's part files do not name their batch); for a log not compacted yet, where each
     * entry lists its batch's files alone.
     */
    public static Map<Long, List<Path>> filesByBatch(Path sinkDirectory) {
        Map<Long, List<Path>> batches = new TreeMap<>();
        FileSinkLog log = logOf(sinkDirectory);
        if (log == null) {
            return batches;
        }
        long latest = log.latestBatchId();
        if (latest >= log.compactInterval() - 1) {
            throw new IllegalStateException("the log of " + sinkDirectory + " is compacted: batch " + latest);
        }
        for (long batch = 0; batch <= latest; batch++) {
            batches.put(batch, listedIn(log.pathOf(batch)).stream().map(file -> Path.of(URI.create(file))).toList());
        }
        return batches;
    }

    /** The data files a log file lists, after checking its version line. */
    private static List<String> listedIn(Path logFile) {
        List<String> lines = readLines(logFile);
        if (lines.isEmpty() || !lines.get(0).equals(FileSinkLog.VERSION)) {
            throw new IllegalStateException("bad log entry " + logFile + ": " + lines);
        }
        List<String> files = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            Matcher matcher = PATH.matcher(line);
            if (!matcher.find()) {
                throw new IllegalStateException("log entry " + logFile + " has no path: " + line);
            }
            files.add(matcher.group(1));
        }
        return files;
    }

    private static List<String> readLines(Path file) {
        try {
            return Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The log of the sink writing to {@code sinkDirectory}; null when it has none yet. */
    private static FileSinkLog logOf(Path sinkDirectory) {
        Path directory = sinkDirectory.resolve(FileSink.METADATA_DIRECTORY);
        return Files.isDirectory(directory) ? new FileSinkLog(directory, SystemClock.INSTANCE,
                FileSinkLog.DEFAULT_COMPACT_INTERVAL, FileSinkLog.DEFAULT_CLEANUP_DELAY,
                FileSinkLog.DEFAULT_MIN_BATCHES_TO_RETAIN) : null;
    }

    /** The first batch a reader lists: the latest compaction's, or 0. */
    private static long firstValidBatch(FileSinkLog log, long latest) {
        int interval = log.compactInterval();
        return Math.max(0, (latest + 1) / interval * interval - 1);
    }
}
