package dev.arus.server.storage;

import dev.arus.server.ArusProperties;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.springframework.stereotype.Component;

/**
 * The service's data directory ({@code arus.data-dir}): every location a query spec names is
 * resolved inside it, and the service writes nowhere else. A location is a relative path of
 * plain names: not absolute, no {@code ..}, no symbolic link on its way that leads out, and
 * neither the directory itself nor, at any depth, one of the directories the service keeps for
 * itself: {@value #STREAMS} (the event log), {@value #QUERIES} (the saved query
 * definitions) and {@value #PREVIEWS} (the throwaway checkpoints of previews). Nothing is
 * created here: the engine creates the directories it writes to, so a
 * service that never writes leaves no trace. Thread-safe.
 */
@Component
public class DataDirectory {

    /** Where the service keeps the definitions of checkpointed queries. */
    static final String QUERIES = "queries";
    /** Where the event log keeps its streams. */
    static final String STREAMS = "streams";
    /** Where previews keep their throwaway checkpoints while they run. */
    static final String PREVIEWS = ".previews";
    /** What marks a directory as a checkpoint: its query's id ... */
    static final String CHECKPOINT_METADATA = "metadata";
    /** ... and its offsets log. */
    static final String CHECKPOINT_OFFSETS = "offsets";
    /** The service's own directories, and what each holds, as a refusal names it. */
    private static final Map<String, String> OWN = Map.of(QUERIES, "the saved query definitions",
            STREAMS, "the event log's streams", PREVIEWS, "the previews' throwaway checkpoints");

    private final Path configured;

    DataDirectory(ArusProperties properties) {
        this.configured = properties.dataDir().toAbsolutePath().normalize();
    }

    /**
     * The absolute path of {@code location}, with any symbolic links on its existing part
     * followed; it may not exist yet. Creates nothing.
     *
     * @throws DataPathException when {@code location} is not a path inside the data directory
     */
    public Path resolve(String location) {
        Path relative;
        try {
            relative = Path.of(location);
        } catch (InvalidPathException invalid) {
            throw new DataPathException("'" + location + "' is not a valid path: " + invalid.getReason());
        }
        if (relative.isAbsolute()) {
            throw new DataPathException("'" + location + "' is absolute; give a path relative to the data directory");
        }
        for (Path name : relative) {
            if (name.toString().equals("..")) {
                throw new DataPathException("'" + location + "' contains '..'; give a path inside the data directory");
            }
        }
        Path root = root();
        Path resolved = followLinks(root.resolve(relative).normalize(), location);
        if (!resolved.startsWith(root)) {
            throw new DataPathException("'" + location + "' leads out of the data directory through a symbolic link");
        }
        if (resolved.equals(root)) {
            throw new DataPathException("'" + location + "' is the data directory itself; give a directory inside it");
        }
        OWN.forEach((name, holding) -> {
            if (resolved.startsWith(root.resolve(name))) {
                throw new DataPathException("'" + location + "' is in the data directory's '" + name + "' directory, "
                        + "which holds " + holding + " and which the service keeps for itself");
            }
        });
        return resolved;
    }

    /** The event log's directory, which no location may reach; not created here. */
    public Path eventLogDirectory() {
        return ownDirectory(STREAMS);
    }

    /** Where previews keep their throwaway checkpoints, which no location may reach; not created here. */
    public Path previewsDirectory() {
        return ownDirectory(PREVIEWS);
    }

    /** The service's own directory {@code name}, which no location may reach; not created here. */
    Path ownDirectory(String name) {
        return configured.resolve(name);
    }

    /** {@code path}, inside the data directory, relative to it as a user names a location; "." for the directory itself. */
    public String relative(Path path) {
        Path relative = root().relativize(path);
        return relative.toString().isEmpty() ? "." : relative.toString();
    }

    /**
     * The checkpoints on disk that {@code location} (a resolved location) is, lies inside or
     * contains: the directories among its ancestors inside the data directory, itself and its
     * descendants that hold a {@value #CHECKPOINT_METADATA} file and an
     * {@value #CHECKPOINT_OFFSETS} directory, as Arus's engine and Spark lay a checkpoint out.
     * Below a checkpoint found, nothing is looked at; nor are symbolic links followed, as the
     * engine's file sources do not follow them. Reads the disk, so callers hold no lock.
     */
    public List<Path> checkpointsAround(Path location) {
        Path root = root();
        List<Path> found = new ArrayList<>();
        for (Path above = location.getParent(); above != null && above.startsWith(root) && !above.equals(root);
                above = above.getParent()) {
            if (isCheckpoint(above)) {
                found.add(above);
            }
        }
        if (!Files.isDirectory(location, LinkOption.NOFOLLOW_LINKS)) {
            return found;
        }
        try {
            Files.walkFileTree(location, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path directory, BasicFileAttributes attributes) {
                    if (isCheckpoint(directory)) {
                        found.add(directory);
                        return FileVisitResult.SKIP_SUBTREE;
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException unreadable) {
                    return FileVisitResult.CONTINUE; // what the service cannot list, no query of it can read either
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return found;
    }

    private static boolean isCheckpoint(Path directory) {
        return Files.isRegularFile(directory.resolve(CHECKPOINT_METADATA), LinkOption.NOFOLLOW_LINKS)
                && Files.isDirectory(directory.resolve(CHECKPOINT_OFFSETS), LinkOption.NOFOLLOW_LINKS);
    }

    /**
     * Deletes {@code path} (a file or a whole tree) if it exists; it must lie inside the data directory.
     *
     * @throws StorageException when a file cannot be deleted (what was deleted before it is gone)
     */
    public void delete(Path path) {
        if (!path.normalize().startsWith(root()) || path.normalize().equals(root())) {
            throw new IllegalArgumentException(path + " is not inside the data directory " + root());
        }
        if (!Files.exists(path, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try {
            Files.walkFileTree(path, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) throws IOException {
                    Files.delete(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path directory, IOException failed) throws IOException {
                    if (failed != null) {
                        throw failed;
                    }
                    Files.delete(directory);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            throw new StorageException("Cannot delete " + path, e);
        }
    }

    /**
     * Checks that {@code path} (a file or a whole tree, if it exists) can be deleted, so that a
     * deletion that would stop halfway is refused before anything changes.
     *
     * @throws StorageException naming the first directory whose entries cannot be removed
     */
    public void checkDeletable(Path path) {
        if (!Files.exists(path, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try {
            Files.walkFileTree(path, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path directory, BasicFileAttributes attributes) {
                    checkRemovable(directory);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
                    checkRemovable(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException failed) throws IOException {
                    // a running query's atomic write renames its temporary file away while we walk
                    if (failed instanceof NoSuchFileException) {
                        return FileVisitResult.CONTINUE;
                    }
                    throw failed;
                }

                private void checkRemovable(Path entry) {
                    Path directory = entry.equals(path) ? path.getParent() : entry.getParent();
                    if (!Files.isWritable(directory)) {
                        throw new StorageException("Cannot delete " + path,
                                new AccessDeniedException(directory.toString(), null, "not writable"));
                    }
                }
            });
        } catch (IOException e) {
            throw new StorageException("Cannot read " + path, e);
        }
    }

    /**
     * {@code path} with its deepest existing part replaced by that part's real path: where a
     * write to {@code path} would land. A symbolic link to a missing target is refused, as its
     * target could be created anywhere.
     */
    private static Path followLinks(Path path, String location) {
        Path existing = path;
        while (!Files.exists(existing, LinkOption.NOFOLLOW_LINKS)) {
            existing = existing.getParent();
        }
        try {
            return existing.toRealPath().resolve(existing.relativize(path));
        } catch (NoSuchFileException dangling) {
            throw new DataPathException("'" + location + "' passes a symbolic link to a missing target");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The data directory's real path; it is not created here (the engine creates what it writes). */
    private Path root() {
        if (!Files.exists(configured)) {
            return configured;
        }
        try {
            return configured.toRealPath();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
