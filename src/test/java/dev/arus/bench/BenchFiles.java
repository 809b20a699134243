package dev.arus.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** The temporary directories benchmarks write in, made and removed. */
final class BenchFiles {

    private BenchFiles() {
    }

    static Path temporaryDirectory(String prefix) {
        try {
            return Files.createTempDirectory(prefix);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static void delete(Path directory) {
        try (Stream<Path> files = Files.walk(directory)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(file);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Deletes the files under {@code directory} whose names end with {@code suffix}. */
    static void deleteMatching(Path directory, String suffix) {
        try (Stream<Path> files = Files.walk(directory)) {
            for (Path file : files.filter(f -> f.getFileName().toString().endsWith(suffix)).toList()) {
                Files.delete(file);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
