package dev.arus.server.spark;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * Edits a stopped Spark query's checkpoint as a crash leaves it: its latest commit entry gone, as
 * when the driver died after the batch's sink write and before the entry, so that the next start
 * runs that batch again with the same id and offsets.
 */
final class CommittedBatches {

    private CommittedBatches() {
    }

    /**
     * Deletes the latest entry of {@code checkpoint}'s commit log, and any offsets entry after it
     * (a batch the stop interrupted, which Spark would run instead), and returns its batch id.
     */
    static long forgetLatest(Path checkpoint) throws IOException {
        long latest = latest(checkpoint.resolve("commits"));
        Files.delete(checkpoint.resolve("commits").resolve(Long.toString(latest)));
        deleteChecksum(checkpoint.resolve("commits"), latest);
        for (long planned = latest(checkpoint.resolve("offsets")); planned > latest; planned--) {
            Files.deleteIfExists(checkpoint.resolve("offsets").resolve(Long.toString(planned)));
            deleteChecksum(checkpoint.resolve("offsets"), planned);
        }
        return latest;
    }

    /**
     * Hadoop's local file system keeps a {@code .N.crc} beside each log entry; left behind, it
     * makes Spark's write of the entry again fail on the rename of its checksum.
     */
    private static void deleteChecksum(Path log, long batchId) throws IOException {
        Files.deleteIfExists(log.resolve("." + batchId + ".crc"));
    }

    private static long latest(Path log) throws IOException {
        try (Stream<Path> entries = Files.list(log)) {
            return entries.map(path -> path.getFileName().toString()).filter(name -> name.matches("\\d+"))
                    .mapToLong(Long::parseLong).max().orElseThrow();
        }
    }
}
