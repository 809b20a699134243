package dev.arus.engine.checkpoint;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/** Test helper: every file under a directory with its bytes, to compare a directory before and after. */
final class CheckpointDirectory {

    private CheckpointDirectory() {
    }

    static Map<String, String> contents(Path root) {
        Map<String, String> files = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path path : (Iterable<Path>) walk::iterator) {
                String name = root.relativize(path).toString();
                files.put(name + (Files.isDirectory(path) ? "/" : ""),
                        Files.isDirectory(path) ? "" : HexFormat.of().formatHex(Files.readAllBytes(path)));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return files;
    }
}
