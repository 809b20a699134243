package dev.arus.server.docs;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The link check of the documentation: every relative link of a Markdown file (an image's too)
 * names a file or directory that exists, and its {@code #anchor}, if any, a heading of the page it
 * names, by GitHub's rule for a heading's id (lower case, punctuation but {@code -} and {@code _}
 * dropped, spaces as {@code -}, a repeated id numbered {@code -1}, {@code -2}). Links inside code
 * (fenced blocks, inline code) are text, not links. Links to other sites are not followed.
 */
final class LinkCheck {

    private static final Pattern LINK = Pattern.compile("!?\\[[^\\]]*]\\(([^)\\s]+)(?:\\s+\"[^\"]*\")?\\)");
    private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s+(.*?)\\s*#*\\s*$");
    private static final Pattern INLINE_CODE = Pattern.compile("`[^`]*`");

    private final Function<Path, String> reader;
    private final Map<Path, Set<String>> anchors = new HashMap<>();
    private int checked;

    LinkCheck(Function<Path, String> reader) {
        this.reader = reader;
    }

    /** The broken links of {@code file}, each as {@code file:line: target (why)}. */
    List<String> brokenLinks(Path file) {
        List<String> broken = new ArrayList<>();
        List<String> lines = proseLines(reader.apply(file));
        for (int i = 0; i < lines.size(); i++) {
            Matcher link = LINK.matcher(INLINE_CODE.matcher(lines.get(i)).replaceAll(""));
            while (link.find()) {
                String target = link.group(1);
                if (target.matches("^[a-zA-Z][a-zA-Z+.-]*:.*")) {
                    continue; // http:, https:, mailto:
                }
                checked++;
                String why = whyBroken(file, target);
                if (why != null) {
                    broken.add(file + ":" + (i + 1) + ": " + target + " (" + why + ")");
                }
            }
        }
        return broken;
    }

    /** How many relative links the check has followed. */
    int checked() {
        return checked;
    }

    private String whyBroken(Path file, String target) {
        int hash = target.indexOf('#');
        String path = hash < 0 ? target : target.substring(0, hash);
        String anchor = hash < 0 ? null : target.substring(hash + 1);
        Path linked = path.isEmpty() ? file : file.toAbsolutePath().getParent().resolve(path).normalize();
        if (!Files.exists(linked)) {
            return "no such file";
        }
        if (anchor == null) {
            return null;
        }
        if (!linked.toString().endsWith(".md")) {
            return "an anchor into a file that is not Markdown";
        }
        Set<String> ids = anchors.computeIfAbsent(linked.toAbsolutePath().normalize(), this::headingIds);
        return ids.contains(anchor) ? null : "no heading with the id '" + anchor + "'";
    }

    private Set<String> headingIds(Path page) {
        Set<String> ids = new HashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        for (String line : proseLines(reader.apply(page))) {
            Matcher heading = HEADING.matcher(line);
            if (heading.matches()) {
                String id = slug(heading.group(1));
                int repeat = seen.merge(id, 1, Integer::sum) - 1;
                ids.add(repeat == 0 ? id : id + "-" + repeat);
            }
        }
        return ids;
    }

    /** GitHub's id of a heading: its text in lower case, without punctuation but {@code -} and {@code _}, spaces as {@code -}. */
    static String slug(String heading) {
        String text = heading.replaceAll("!?\\[([^\\]]*)]\\([^)]*\\)", "$1");
        return text.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-');
    }

    /** The lines of {@code markdown} with those of fenced code blocks blanked, so that line numbers stay. */
    private static List<String> proseLines(String markdown) {
        List<String> lines = new ArrayList<>();
        boolean inCode = false;
        for (String line : markdown.split("\n", -1)) {
            if (line.startsWith("```")) {
                inCode = !inCode;
                lines.add("");
            } else {
                lines.add(inCode ? "" : line);
            }
        }
        return lines;
    }
}
