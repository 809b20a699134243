package dev.arus.engine.log;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** A log's directory copied file by file: what a kill -9 leaves, as the page cache holds every write made. */
final class LogDirectories {

    private LogDirectories() {
    }

    /** Copies the tree at {@code from} to {@code to}, which must not exist yet, and returns {@code to}. */
    static Path copy(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path file : files.toList()) {
                Path target = to.resolve(from.relativize(file).toString());
                if (Files.isDirectory(file)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(file, target);
                }
            }
        }
        return to;
    }
}
