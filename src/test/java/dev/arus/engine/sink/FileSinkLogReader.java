package dev.arus.engine.sink;

import dev.arus.engine.time.SystemClock;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a file sink's output the way Spark's {@code MetadataLogFileIndex} does: from the latest
 * compaction of {@code _spark_metadata} and the batch files after it, only the data files they
 * list. Files that no entry lists (left by a crash) are ignored, so each batch is seen exactly
 * once. The rows are grouped by the batch whose part file holds them (its name says which), and
 * every batch up to the latest logged is there, empty when it wrote no file.
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
        Path directory = sinkDirectory.resolve(FileSink.METADATA_DIRECTORY);
        if (!Files.isDirectory(directory)) {
            return batches;
        }
        FileSinkLog log = new FileSinkLog(directory, SystemClock.INSTANCE, FileSinkLog.DEFAULT_COMPACT_INTERVAL,
                FileSinkLog.DEFAULT_CLEANUP_DELAY, FileSinkLog.DEFAULT_MIN_BATCHES_TO_RETAIN);
        long latest = log.latestBatchId();
        for (long batch = 0; batch <= latest; batch++) {
            batches.put(batch, new ArrayList<>());
        }
        int interval = log.compactInterval();
        // Spark's getAllValidBatches: the latest compaction, then each batch after it.
        for (long batch = Math.max(0, (latest + 1) / interval * interval - 1); batch <= latest; batch++) {
            for (String file : dataFiles(log.pathOf(batch))) {
                Matcher part = PART_BATCH.matcher(file);
                if (!part.find()) {
                    throw new IllegalStateException("a data file not named by its batch: " + file);
                }
                List<String> rows = batches.get(Long.parseLong(part.group(1)));
                if (!rows.isEmpty()) {
                    throw new IllegalStateException("batch " + part.group(1) + " logged twice");
                }
                rows.addAll(rowsOf.apply(Path.of(URI.create(file))));
            }
        }
        return batches;
    }

    /** The data files a log file lists, after checking its version line. */
    private static List<String> dataFiles(Path logFile) {
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
}
