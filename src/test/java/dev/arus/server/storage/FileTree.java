package dev.arus.server.storage;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/** Everything under a directory, byte for byte, to compare before and after: path to content, "dir" or link target. */
public final class FileTree {

    private FileTree() {
    }

    public static Map<String, String> of(Path root) {
        Map<String, String> tree = new TreeMap<>();
        if (!Files.exists(root)) {
            return tree;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path path : (Iterable<Path>) paths::iterator) {
                String name = root.relativize(path).toString();
                if (Files.isSymbolicLink(path)) {
                    tree.put(name, "link to " + Files.readSymbolicLink(path));
                } else if (Files.isDirectory(path)) {
                    tree.put(name, "dir");
                } else {
                    tree.put(name, Base64.getEncoder().encodeToString(Files.readAllBytes(path)));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return tree;
    }
}
