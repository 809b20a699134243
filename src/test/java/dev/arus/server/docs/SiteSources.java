package dev.arus.server.docs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The sources of the documentation site, as the Maven Site Plugin reads them, made from the
 * README and {@code docs/} at package time (the pom runs {@link #main}): the README becomes
 * {@code markdown/index.md} and each page {@code markdown/docs/<page>.md}, their images go to
 * {@code resources/docs}, and {@code src/site/site.xml} beside them. Two things change on the
 * way, so that a link that works on GitHub works on the site: a link to a page's Markdown becomes
 * one to the page it renders ({@code queries.md#triggers} to {@code queries.html#triggers}), and
 * each heading gets the id GitHub gives it ({@link LinkCheck#slug}) as an anchor before it, since
 * Doxia's own ids differ.
 */
public final class SiteSources {

    private static final Pattern MARKDOWN_LINK = Pattern.compile("(\\]\\()([^):#\\s]+)\\.md(#[^)\\s]*)?\\)");
    private static final Pattern HEADING = Pattern.compile("^(#{1,6})\\s+(.*?)\\s*#*\\s*$");

    private SiteSources() {
    }

    /** {@code args[0]}: the folder to write (emptied first). */
    public static void main(String[] args) throws IOException {
        Path out = Path.of(args[0]);
        if (Files.exists(out)) {
            try (Stream<Path> old = Files.walk(out)) {
                old.sorted((a, b) -> b.compareTo(a)).forEach(path -> path.toFile().delete());
            }
        }
        write(out.resolve("markdown/index.md"), Docs.read(Docs.README));
        try (Stream<Path> pages = Files.list(Docs.PAGES)) {
            for (Path page : pages.sorted().toList()) {
                if (page.toString().endsWith(".md")) {
                    write(out.resolve("markdown/docs").resolve(page.getFileName()), Docs.read(page));
                } else {
                    Path copy = out.resolve("resources/docs").resolve(page.getFileName());
                    Files.createDirectories(copy.getParent());
                    Files.copy(page, copy, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
        Files.copy(Path.of("src/site/site.xml"), out.resolve("site.xml"), StandardCopyOption.REPLACE_EXISTING);
    }

    private static void write(Path file, String markdown) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, forSite(markdown));
    }

    /** {@code markdown} with its links to Markdown pages turned to their HTML, and GitHub's id before each heading. */
    static String forSite(String markdown) {
        List<String> lines = new ArrayList<>();
        Map<String, Integer> seen = new HashMap<>();
        boolean inCode = false;
        for (String line : markdown.split("\n", -1)) {
            if (line.startsWith("```")) {
                inCode = !inCode;
            } else if (!inCode) {
                Matcher heading = HEADING.matcher(line);
                if (heading.matches()) {
                    String id = LinkCheck.slug(heading.group(2));
                    int repeat = seen.merge(id, 1, Integer::sum) - 1;
                    lines.add("<a id=\"" + (repeat == 0 ? id : id + "-" + repeat) + "\"></a>");
                    lines.add("");
                }
                line = MARKDOWN_LINK.matcher(line).replaceAll(link ->
                        Matcher.quoteReplacement(link.group(1) + link.group(2) + ".html"
                                + (link.group(3) == null ? "" : link.group(3)) + ")"));
            }
            lines.add(line);
        }
        return String.join("\n", lines);
    }
}
