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
 * A shown text is one the service hands to a client: a problem's detail, a query's exception, a
 * health detail. In it the data directory ({@code arus.data-dir}) never appears as the server's
 * absolute path: a path inside it reads as a spec names a location, relative to it, and the
 * directory itself reads {@code "."}. The engine and the file system name files by absolute path,
 * plainly or as file URIs ({@code file:/…}, {@code file:///…}); each such occurrence of the
 * directory, as configured or as its real path (links followed), is rewritten. Logs are for the
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

    public ShownPaths(ArusProperties properties) {
        this.configured = properties.dataDir().toAbsolutePath().normalize();
    }

    /** {@code text} as shown to a client; {@code null} stays {@code null}. */
    public String of(String text) {
        if (text == null || configured.getNameCount() == 0) {
            return text;
        }
        return pattern().matcher(text).replaceAll(found -> found.group(1) != null ? "" : ".");
    }

    /** {@code path} as shown to a client: relative to the data directory when it lies inside it. */
    public String of(Path path) {
        return of(path.toAbsolutePath().normalize().toString());
    }

    /**
     * The data directory in every form a text may name it, longest first, followed by the slash
     * of a path inside it (group 1) or by the end of its own name. The directory may be created after
     * the service starts, so its real path is looked up each time.
     */
    private Pattern pattern() {
        Set<Path> roots = new LinkedHashSet<>(List.of(configured));
        try {
            roots.add(configured.toRealPath());
        } catch (IOException notYetCreated) {
            // only the configured path can appear in a text
        }
        List<String> forms = new ArrayList<>();
        for (Path root : roots) {
            String uriPath = root.toUri().getRawPath().replaceAll("/$", "");
            forms.addAll(List.of("file://" + uriPath, "file:" + uriPath, root.toString()));
        }
        forms.sort(Comparator.comparingInt(String::length).reversed());
        return Pattern.compile(START + "(?:" + forms.stream().map(Pattern::quote).collect(Collectors.joining("|"))
                + ")(?:" + INSIDE + "|" + ITSELF + ")");
    }
}
