package dev.arus.server.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The link check of the documentation site that {@code ./mvnw package} builds in {@code
 * target/site} (see {@link SiteSources}): every relative {@code href} and {@code src} of every page
 * names a file of the site, and every {@code #anchor} an id (or name) on the page it names, so
 * that a page moved, a heading renamed or a link that works only on GitHub fails the build.
 */
class DocsSiteIT {

    private static final Path SITE = Path.of("target", "site");
    private static final Pattern REFERENCE = Pattern.compile("\\s(?:href|src)=\"([^\"]*)\"");
    private static final Pattern ID = Pattern.compile("\\s(?:id|name)=\"([^\"]*)\"");

    private final Map<Path, Set<String>> ids = new HashMap<>();

    @Test
    void everyRelativeLinkAndAnchorOfTheBuiltSiteResolves() throws IOException {
        List<Path> pages;
        try (Stream<Path> files = Files.walk(SITE)) {
            pages = files.filter(file -> file.toString().endsWith(".html")).sorted().toList();
        }
        assertThat(pages).as("the site's pages").contains(SITE.resolve("index.html"), SITE.resolve("docs/queries.html"));

        List<String> broken = new ArrayList<>();
        int checked = 0;
        for (Path page : pages) {
            Matcher reference = REFERENCE.matcher(Files.readString(page));
            while (reference.find()) {
                String target = reference.group(1).replace("&amp;", "&");
                if (target.isEmpty() || target.matches("^[a-zA-Z][a-zA-Z+.-]*:.*")) {
                    continue; // another site, mailto:, javascript:
                }
                checked++;
                String why = whyBroken(page, target);
                if (why != null) {
                    broken.add(page + ": " + target + " (" + why + ")");
                }
            }
        }

        assertThat(broken).isEmpty();
        assertThat(checked).as("relative links followed").isGreaterThan(200);
    }

    private String whyBroken(Path page, String target) throws IOException {
        int hash = target.indexOf('#');
        String path = hash < 0 ? target : target.substring(0, hash);
        Path linked = path.isEmpty() ? page : page.getParent().resolve(path).normalize();
        if (!Files.isRegularFile(linked)) {
            return "no such file";
        }
        if (hash < 0 || hash == target.length() - 1) {
            return null;
        }
        String anchor = target.substring(hash + 1);
        return idsOf(linked).contains(anchor) ? null : "no id '" + anchor + "' on the page";
    }

    private Set<String> idsOf(Path page) throws IOException {
        Set<String> known = ids.get(page);
        if (known == null) {
            known = new HashSet<>();
            Matcher id = ID.matcher(Files.readString(page));
            while (id.find()) {
                known.add(id.group(1));
            }
            ids.put(page, known);
        }
        return known;
    }
}
