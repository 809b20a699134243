package dev.arus.server.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The project's documentation as its readers find it: the README, the front page, and the pages
 * by topic under {@code docs/}, each a Markdown file read from the working tree.
 */
public final class Docs {

    public static final Path README = Path.of("README.md");
    public static final Path PAGES = Path.of("docs");

    private Docs() {
    }

    /** The README first, then every page under {@code docs/} in name order. */
    public static List<Path> files() {
        List<Path> files = new ArrayList<>();
        files.add(README);
        try (Stream<Path> pages = Files.walk(PAGES)) {
            pages.filter(page -> page.toString().endsWith(".md")).sorted().forEach(files::add);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return files;
    }

    /** The text of every file of {@link #files()}, one after the other. */
    public static String allText() {
        StringBuilder text = new StringBuilder();
        files().forEach(file -> text.append(read(file)).append('\n'));
        return text.toString();
    }

    public static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
