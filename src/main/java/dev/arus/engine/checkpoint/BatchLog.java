package dev.arus.engine.checkpoint;

import dev.arus.engine.files.AtomicFiles;
import dev.arus.engine.files.CheckpointMaintenance;
import dev.arus.engine.files.HadoopChecksum;
import dev.arus.engine.files.ReservedFiles;
import dev.arus.engine.streaming.CheckpointException;
import dev.arus.engine.streaming.StorageWriteException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.MalformedInputException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * A directory of one text file per batch, named by the batch id, as Spark's
 * {@code HDFSMetadataLog}: {@code offsets/} and {@code commits/}. Each file is a {@code v1}
 * line followed by the entry's lines, every line ending in a newline, so that a truncated file is
 * told apart from a whole one. Files are written with {@link AtomicFiles}, or in place into
 * {@link ReservedFiles} when the log reserves ahead (the offsets log). An entry Spark wrote (a
 * query moved from Spark) ends without the last newline; it is whole when the checksum Hadoop
 * keeps beside it matches it ({@link HadoopChecksum}), and read as if it ended in one.
 */
final class BatchLog {

    static final String VERSION_LINE = "v1";

    private final Path directory;
    private final int linesPerEntry;
    private final ReservedFiles reserved;

    /** A log whose entries {@link #write} makes with {@link AtomicFiles#write}. */
    BatchLog(Path directory, int linesPerEntry) {
        this.directory = directory;
        this.linesPerEntry = linesPerEntry;
        this.reserved = null;
    }

    /** A log whose entries {@link #write} makes in files {@code maintenance} reserves ahead. */
    BatchLog(Path directory, int linesPerEntry, CheckpointMaintenance maintenance) {
        this.directory = directory;
        this.linesPerEntry = linesPerEntry;
        this.reserved = maintenance.reserve(directory, this::fileOf);
    }

    Path directory() {
        return directory;
    }

    Path fileOf(long batchId) {
        return directory.resolve(Long.toString(batchId));
    }

    /** The batch ids present, ascending; a name that is not a batch id is damage. */
    TreeSet<Long> batchIds() {
        TreeSet<Long> ids = new TreeSet<>();
        if (!Files.isDirectory(directory)) {
            return ids;
        }
        try (Stream<Path> files = Files.list(directory)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                if (AtomicFiles.isTemporary(file)) {
                    continue;
                }
                try {
                    ids.add(Long.parseLong(file.getFileName().toString()));
                } catch (NumberFormatException e) {
                    throw CheckpointException.damaged(file, "its name is not a batch id");
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return ids;
    }

    /** The entry's lines after the version line; damage when cut short or not in this format. */
    List<String> read(long batchId) {
        Path file = fileOf(batchId);
        String text = wholeText(file);
        String cut = cutShort(file, text);
        if (cut != null) {
            throw CheckpointException.damaged(file, cut);
        }
        return lines(text);
    }

    /**
     * As {@link #read}, but empty when the entry is missing, empty or cut short: a file reserved
     * and never written, or all a crash can leave of an entry written in place or without a
     * sync. Other damage still throws.
     */
    Optional<List<String>> readUnlessCut(long batchId) {
        Path file = fileOf(batchId);
        if (!Files.exists(file)) {
            return Optional.empty();
        }
        String text = wholeText(file);
        return cutShort(file, text) != null ? Optional.empty() : Optional.of(lines(text));
    }

    /** The file's text, ended with a newline when it is an entry Spark wrote whole. */
    private static String wholeText(Path file) {
        String text = readText(file);
        if (!text.isEmpty() && !text.endsWith("\n")
                && HadoopChecksum.matches(file, text.getBytes(StandardCharsets.UTF_8))) {
            return text + "\n";
        }
        return text;
    }

    /** Why {@code text} is not a whole entry, or {@code null}; damage when it is not an entry of this log at all. */
    private String cutShort(Path file, String text) {
        if (text.isEmpty()) {
            return "the file is empty";
        }
        if (!text.endsWith("\n")) {
            return "it is truncated (its last line does not end)";
        }
        String[] lines = text.split("\n", -1);
        if (!lines[0].equals(VERSION_LINE)) {
            throw CheckpointException.damaged(file, "it starts with '" + abbreviate(lines[0])
                    + "' instead of the version line '" + VERSION_LINE + "'");
        }
        int entryLines = lines.length - 2;
        if (entryLines < linesPerEntry) {
            return "it has " + entryLines + " lines after the version line, expected " + linesPerEntry + " (truncated)";
        }
        if (entryLines > linesPerEntry) {
            throw CheckpointException.damaged(file, "it has " + entryLines + " lines after the version line, "
                    + "expected " + linesPerEntry);
        }
        return null;
    }

    private static List<String> lines(String text) {
        List<String> lines = List.of(text.substring(0, text.length() - 1).split("\n", -1));
        return lines.subList(1, lines.size());
    }

    /** Makes the entry of {@code batchId} durable. */
    void write(long batchId, String... lines) {
        byte[] bytes = entry(lines);
        if (reserved != null) {
            reserved.write(batchId, bytes, bytes.length, null);
        } else {
            AtomicFiles.write(fileOf(batchId), bytes, bytes.length);
        }
    }

    /** As {@link #write}, leaving the content and the rename to the file system ({@link AtomicFiles#writeUnsynced}). */
    void writeUnsynced(long batchId, String... lines) {
        byte[] bytes = entry(lines);
        AtomicFiles.writeUnsynced(fileOf(batchId), bytes, bytes.length);
    }

    private static byte[] entry(String... lines) {
        StringBuilder text = new StringBuilder(VERSION_LINE).append('\n');
        for (String line : lines) {
            text.append(line).append('\n');
        }
        return text.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** Deletes the entry of {@code batchId}, if any, and the checksum Hadoop kept beside it if Spark wrote it. */
    void delete(long batchId) {
        try {
            Files.deleteIfExists(fileOf(batchId));
            Files.deleteIfExists(HadoopChecksum.fileOf(fileOf(batchId)));
        } catch (IOException e) {
            throw StorageWriteException.of("Cannot delete " + fileOf(batchId), e);
        }
    }

    /** Deletes every entry below {@code batchId}. */
    void purgeBelow(long batchId) {
        for (long old : batchIds().headSet(batchId)) {
            delete(old);
        }
    }

    /** A checkpoint file's text; damage when it is missing or not UTF-8. */
    static String readText(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw CheckpointException.damaged(file, "the file is missing");
        } catch (MalformedInputException e) {
            throw CheckpointException.damaged(file, "it is not UTF-8 text");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String abbreviate(String text) {
        return text.length() <= 40 ? text : text.substring(0, 40) + "...";
    }
}
