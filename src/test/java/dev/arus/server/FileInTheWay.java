package dev.arus.server;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * A file put where a directory was, which makes every write under it fail on the real file system,
 * even root's (a {@code chmod} does not), until {@link #remove} puts the directory back.
 *
 * <p>The directory is moved aside before the file takes its place, so a query writing meanwhile
 * may find nothing there: its write fails with "No such file or directory" rather than "Not a
 * directory" ({@link #REFUSALS} holds both), or it creates the directory again. Then what it wrote
 * there joins the rest aside and the file tries again.
 */
public final class FileInTheWay {

    /** How the file system refuses a write under the directory: while the file is there, or in the moment before. */
    public static final String[] REFUSALS = {"Not a directory", "No such file or directory"};

    private final Path directory;
    private final Path aside;

    private FileInTheWay(Path directory, Path aside) {
        this.directory = directory;
        this.aside = aside;
    }

    /** Puts a file where {@code directory} is, the directory moved beside it. */
    public static FileInTheWay of(Path directory) {
        Path aside = directory.resolveSibling(directory.getFileName() + ".aside");
        Path file = directory.resolveSibling(directory.getFileName() + ".file");
        try {
            Files.writeString(file, "a file in the way");
            Files.move(directory, aside);
            for (int attempt = 1; ; attempt++) {
                try {
                    Files.move(file, directory);
                    return new FileInTheWay(directory, aside);
                } catch (FileSystemException recreated) {
                    if (attempt == 100) {
                        throw recreated;
                    }
                    moveWrittenFiles(directory, aside);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Where the directory is meanwhile. */
    public Path aside() {
        return aside;
    }

    /** Puts the directory back where the file was. */
    public void remove() {
        try {
            Files.delete(directory);
            Files.move(aside, directory);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Moves every file under {@code from} to the same place under {@code to}, then the folders left empty. */
    private static void moveWrittenFiles(Path from, Path to) throws IOException {
        try (Stream<Path> written = Files.walk(from)) {
            for (Path path : written.sorted(Comparator.reverseOrder()).toList()) {
                Path target = to.resolve(from.relativize(path));
                if (Files.isRegularFile(path)) {
                    Files.createDirectories(target.getParent());
                    Files.move(path, target);
                } else {
                    Files.delete(path);
                }
            }
        } catch (NoSuchFileException | DirectoryNotEmptyException | UncheckedIOException movedMeanwhile) {
            // the query renamed or wrote a file while it was walked: the next attempt takes it
        }
    }
}
