package dev.arus.engine.source;

import dev.arus.engine.files.AtomicFiles;
import dev.arus.engine.streaming.CheckpointException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.MalformedInputException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A source's own metadata in a checkpoint ({@link Source#checkpointMetadata()}), in the file
 * Spark keeps it in, {@code sources/<n>/0}: a version line {@code v1}, then the metadata on one
 * line, with no line end after it, as Spark's sources write it (Spark's {@code rate} source reads
 * everything after the version line as its number). It is the same file whichever engine's query
 * wrote it: Arus's, the Spark engine's event-log source, or Spark's Kafka source, which writes a
 * zero byte first (for Spark 2.1.0, SPARK-19517); that byte, and a line end after the metadata
 * (as an earlier Arus wrote it), are read past.
 */
public final class SourceMetadata {

    private static final String VERSION_LINE = "v1";

    private SourceMetadata() {
    }

    /** Keeps {@code metadata} (one line) in {@code file}, atomically. */
    public static void write(Path file, String metadata) {
        AtomicFiles.createDirectories(file.getParent());
        byte[] bytes = (VERSION_LINE + "\n" + metadata).getBytes(StandardCharsets.UTF_8);
        AtomicFiles.write(file, bytes, bytes.length);
    }

    /**
     * The metadata kept in {@code file}, or {@code null} when there is no such file.
     *
     * @throws CheckpointException when the file is damaged
     */
    public static String read(Path file) {
        if (!Files.exists(file)) {
            return null;
        }
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (MalformedInputException e) {
            throw CheckpointException.damaged(file, "it is not UTF-8 text");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        text = text.startsWith("\0") ? text.substring(1) : text;
        String[] lines = text.split("\n", -1);
        if (lines.length < 2 || lines.length > 3 || !lines[0].equals(VERSION_LINE)
                || lines.length == 3 && !lines[2].isEmpty()) {
            throw CheckpointException.damaged(file, "expected a 'v1' line and a line with the source's metadata");
        }
        return lines[1];
    }
}
