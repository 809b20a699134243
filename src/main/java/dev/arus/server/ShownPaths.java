package dev.arus.server;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.springframework.stereotype.Component;

/**
 * A shown text is one the service hands to a client: a problem's detail, a query's exception and
 * status message, its progress's source and sink descriptions, a health detail. In it the data
 * directory ({@code arus.data-dir}) never appears as the server's absolute path: a path inside it
 * reads as a spec names a location, relative to it, and the directory itself reads {@code "."}.
 * The engine and the file system name files by absolute path, plainly or as file URIs
 * ({@code file:/…}, {@code file:///…}); each such occurrence of the directory, as configured or as
 * its real path (links followed), is rewritten. Logs are for the
 * operator and may name absolute paths (a line that quotes a query's view quotes it as shown).
 * Thread-safe.
 */
@Component
public class ShownPaths {

    /** What ends a name in a text: a blank, a quote, a closing bracket, a separator, a full stop or the end. */
    private static final String END = "(?=$|[\\s'\"`),;:\\]}>]|\\.(?:\\s|$))";
    /** The slash before a path inside the directory, captured: a name follows it. */
    private static final String INSIDE = "(/(?![\\s'\"`),;:\\]}>]|$))";
    /** The directory itself, with or without a slash after it. */
    private static final String ITSELF = "/?" + END;
    /** What never comes before it: a name of which it would be only the tail. */
    private static final String START = "(?<![\\w.~/-])";

    private final Path configured;
    // The forms of the directory once its real path is known; until then they are made again for each text.
    private volatile Forms known;

    public ShownPaths(ArusProperties properties) {
        this.configured = properties.dataDir().toAbsolutePath().normalize();
    }

    /**
     * {@code text} as shown to a client; {@code null} stays {@code null}. A text that names no form
     * of the directory (most status messages and descriptions) is returned as it is, without a match.
     */
    public String of(String text) {
        if (text == null || configured.getNameCount() == 0) {
            return text;
        }
        Forms forms = forms();
        return forms.named(text) ? forms.pattern().matcher(text).replaceAll(found -> found.group(1) != null ? "" : ".")
                : text;
    }

    /** {@code path} as shown to a client: relative to the data directory when it lies inside it. */
    public String of(Path path) {
        return of(path.toAbsolutePath().normalize().toString());
    }

    /**
     * The data directory's forms: looked up once it exists, and each time before (it may be created
     * after the service starts, and only then has a real path).
     */
    private Forms forms() {
        Forms forms = known;
        if (forms != null) {
            return forms;
        }
        try {
            forms = Forms.of(new LinkedHashSet<>(List.of(configured, configured.toRealPath())));
            known = forms;
            return forms;
        } catch (IOException notYetCreated) {
            return Forms.of(Set.of(configured)); // only the configured path can appear in a text
        }
    }

    /**
     * The data directory in every form a text may name it ({@code texts}), and the pattern of them,
     * longest first, followed by the slash of a path inside it (group 1) or by the end of its own name.
     */
    private record Forms(List<String> texts, Pattern pattern) {

        static Forms of(Set<Path> roots) {
            List<String> forms = new ArrayList<>();
            for (Path root : roots) {
                String uriPath = root.toUri().getRawPath().replaceAll("/$", "");
                forms.addAll(List.of("file://" + uriPath, "file:" + uriPath, root.toString()));
            }
            forms.sort(Comparator.comparingInt(String::length).reversed());
            return new Forms(List.copyOf(new LinkedHashSet<>(forms)), Pattern.compile(START + "(?:"
                    + forms.stream().map(Pattern::quote).collect(Collectors.joining("|"))
                    + ")(?:" + INSIDE + "|" + ITSELF + ")"));
        }

        /** Whether {@code text} contains a form at all: the pattern can match only then. */
        boolean named(String text) {
            for (String form : texts) {
                if (text.contains(form)) {
                    return true;
                }
            }
            return false;
        }
    }
}
