package dev.arus.server.spark;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.UUID;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A Spark query's checkpoint, in Spark's own format. The service names the query's id in it
 * before Spark first starts there: Spark keeps the id of a checkpoint's {@code metadata}
 * ({@code {"id": ...}}) and writes one only when it is missing, so the Spark query's id is the
 * registered query's, and a query created again on the checkpoint continues it. A query
 * without a checkpoint of its own runs each run on a temporary one, deleted when the run ends,
 * as Spark does for the sinks that allow it.
 */
final class SparkCheckpoints {

    private static final Logger log = LoggerFactory.getLogger(SparkCheckpoints.class);

    private SparkCheckpoints() {
    }

    /** Writes {@code metadata} naming {@code id} in {@code checkpoint}, unless Spark (or an earlier run) wrote one. */
    static void claim(Path checkpoint, UUID id) {
        try {
            Files.createDirectories(checkpoint);
            Path metadata = checkpoint.resolve("metadata");
            if (!Files.exists(metadata)) {
                Path written = Files.writeString(checkpoint.resolve(".metadata.arus-tmp"),
                        "{\"id\":\"" + id + "\"}\n", StandardCharsets.UTF_8);
                Files.move(written, metadata, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
            }
        } catch (IOException failed) {
            throw new UncheckedIOException("Cannot write the checkpoint's metadata at " + checkpoint, failed);
        }
    }

    static Path temporary() {
        try {
            return Files.createTempDirectory("arus-spark-checkpoint-");
        } catch (IOException failed) {
            throw new UncheckedIOException("Cannot make a temporary checkpoint", failed);
        }
    }

    static void deleteTemporary(Path checkpoint) {
        try (Stream<Path> files = Files.walk(checkpoint)) {
            files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException | UncheckedIOException failed) {
            log.warn("Cannot delete the temporary checkpoint {}: {}", checkpoint, failed.toString());
        }
    }
}
