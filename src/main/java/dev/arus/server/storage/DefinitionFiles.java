package dev.arus.server.storage;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import org.springframework.stereotype.Component;

/**
 * The saved query definitions, one file per query, {@code <data-dir>/queries/<id>.json}. Each
 * file is replaced atomically: written to a temporary file beside it, synced, then renamed over
 * it, so a reader or a restart after a crash finds the old content or the new, never a part.
 * Leftover temporary files are ignored. Callers serialise the writes of one query.
 */
@Component
public class DefinitionFiles {

    private static final String SUFFIX = ".json";

    private final Path directory;

    DefinitionFiles(DataDirectory dataDirectory) {
        this.directory = dataDirectory.ownDirectory(DataDirectory.QUERIES);
    }

    /**
     * Replaces the definition of query {@code id} with {@code content}.
     *
     * @throws StorageException when it cannot be written; the old definition, if any, stays
     */
    public void write(UUID id, byte[] content) {
        Path file = directory.resolve(id + SUFFIX);
        Path temporary = directory.resolve("." + id + SUFFIX + ".tmp");
        try {
            Files.createDirectories(directory);
            try (FileChannel channel = FileChannel.open(temporary, StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
                channel.write(ByteBuffer.wrap(content));
                channel.force(true);
            }
            Files.move(temporary, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new StorageException("Cannot save the definition of query " + id + " in " + directory, e);
        }
    }

    /**
     * Removes the definition of query {@code id}, if there is one.
     *
     * @throws StorageException when it cannot be removed; it stays
     */
    public void delete(UUID id) {
        try {
            Files.deleteIfExists(directory.resolve(id + SUFFIX));
        } catch (IOException e) {
            throw new StorageException("Cannot remove the definition of query " + id + " from " + directory, e);
        }
    }

    /** Every saved definition, by file, in the order of their names; empty when none was ever saved. */
    public Map<Path, byte[]> readAll() {
        Map<Path, byte[]> definitions = new LinkedHashMap<>();
        if (!Files.isDirectory(directory)) {
            return definitions;
        }
        try (Stream<Path> files = Files.list(directory)) {
            for (Path file : files.filter(DefinitionFiles::isDefinition).sorted().toList()) {
                definitions.put(file, Files.readAllBytes(file));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return definitions;
    }

    private static boolean isDefinition(Path file) {
        String name = file.getFileName().toString();
        return name.endsWith(SUFFIX) && !name.startsWith(".");
    }
}
