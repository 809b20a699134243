package dev.arus.engine.sink;

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
import java.util.stream.Stream;

/**
 * Reads a file sink's output the way Spark's {@code MetadataLogFileIndex} does: only the files
 * that {@code _spark_metadata/<batchId>} lists, batch by batch. Files that no entry lists (left
 * by a crash) are ignored, so each batch is seen exactly once.
 */
public final class FileSinkLogReader {

    private static final Pattern PATH = Pattern.compile("\"path\":\"([^\"]+)\"");

    private FileSinkLogReader() {
    }

    /** The lines of each logged batch, by batch id. */
    public static Map<Long, List<String>> read(Path sinkDirectory) {
        Map<Long, List<String>> batches = new TreeMap<>();
        Path log = sinkDirectory.resolve(FileSink.METADATA_DIRECTORY);
        if (!Files.isDirectory(log)) {
            return batches;
        }
        try (Stream<Path> entries = Files.list(log)) {
            for (Path entry : (Iterable<Path>) entries::iterator) {
                String name = entry.getFileName().toString();
                if (name.startsWith(".")) {
                    continue;
                }
                List<String> logLines = Files.readAllLines(entry, StandardCharsets.UTF_8);
                if (logLines.isEmpty() || !logLines.get(0).equals("v1")) {
                    throw new IllegalStateException("bad log entry " + entry + ": " + logLines);
                }
                List<String> rows = new ArrayList<>();
                for (String line : logLines.subList(1, logLines.size())) {
                    Matcher matcher = PATH.matcher(line);
                    if (!matcher.find()) {
                        throw new IllegalStateException("log entry " + entry + " has no path: " + line);
                    }
                    rows.addAll(Files.readAllLines(Path.of(URI.create(matcher.group(1))), StandardCharsets.UTF_8));
                }
                if (batches.put(Long.parseLong(name), rows) != null) {
                    throw new IllegalStateException("batch " + name + " logged twice");
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return batches;
    }
}
