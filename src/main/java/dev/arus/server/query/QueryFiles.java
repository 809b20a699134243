package dev.arus.server.query;

import java.nio.file.Path;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Where in the data directory a query writes: its checkpoint and its file sink's directory,
 * each {@code null} when it has none, resolved to absolute paths. Two queries' locations
 * clash when one is, contains or lies inside the other: they would write the same files.
 *
 * @param outputPointer the JSON pointer of the sink's {@code path} option in the spec
 */
public record QueryFiles(Path checkpoint, Path output, String outputPointer) {

    static final String CHECKPOINT_POINTER = "/checkpointLocation";

    public boolean checkpointed() {
        return checkpoint != null;
    }

    /** The pointer of this query's first location that clashes with one of {@code other}'s. */
    Optional<String> clash(QueryFiles other) {
        if (clashes(checkpoint, other)) {
            return Optional.of(CHECKPOINT_POINTER);
        }
        return clashes(output, other) ? Optional.of(outputPointer) : Optional.empty();
    }

    static boolean overlap(Path one, Path other) {
        return one.startsWith(other) || other.startsWith(one);
    }

    private static boolean clashes(Path location, QueryFiles other) {
        return location != null && Stream.of(other.checkpoint, other.output)
                .anyMatch(path -> path != null && overlap(location, path));
    }
}
