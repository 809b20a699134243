package dev.arus.server.storage;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Base64;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Everything under a directory, byte for byte, to compare before and after: path to content, "dir" or link target.
 * An event log segment ({@code .log}) is taken up to its last non-zero byte: the log writes zeros
 * ahead of its last batch while idle (docs/streams.md), which are not content.
 */
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
                    byte[] bytes = Files.readAllBytes(path);
                    int length = name.endsWith(".log") ? withoutTrailingZeros(bytes) : bytes.length;
                    tree.put(name, Base64.getEncoder().encodeToString(Arrays.copyOf(bytes, length)));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return tree;
    }

    private static int withoutTrailingZeros(byte[] bytes) {
        int length = bytes.length;
        while (length > 0 && bytes[length - 1] == 0) {
            length--;
        }
        return length;
    }
}
