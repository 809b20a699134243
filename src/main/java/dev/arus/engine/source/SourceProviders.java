package dev.arus.engine.source;

import dev.arus.engine.streaming.ArusException;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The formats Arus can read, found as Spark finds its data sources: every {@link SourceProvider}
 * registered with {@link ServiceLoader}. Format names match in any case. Immutable.
 */
public final class SourceProviders {

    private static final SourceProviders INSTALLED = new SourceProviders(
            ServiceLoader.load(SourceProvider.class, SourceProvider.class.getClassLoader()).stream()
                    .map(ServiceLoader.Provider::get).toList());

    private final Map<String, SourceProvider> byFormat;

    SourceProviders(List<SourceProvider> providers) {
        this.byFormat = providers.stream().sorted(Comparator.comparing(SourceProvider::format))
                .collect(Collectors.toMap(p -> p.format().toLowerCase(Locale.ROOT), Function.identity(),
                        (a, b) -> {
                            throw new IllegalStateException("two providers of source format " + a.format());
                        }, LinkedHashMap::new));
    }

    /** The providers on the class path. */
    public static SourceProviders installed() {
        return INSTALLED;
    }

    /**
     * These providers with {@code bound} in place of the providers of their formats: a session's
     * own, bound to a resource of the session that one format alone uses (its event log).
     */
    public SourceProviders with(SourceProvider... bound) {
        Map<String, SourceProvider> providers = new LinkedHashMap<>(byFormat);
        for (SourceProvider provider : bound) {
            providers.put(provider.format().toLowerCase(Locale.ROOT), provider);
        }
        return new SourceProviders(List.copyOf(providers.values()));
    }

    /** The known format names, in alphabetical order. */
    public List<String> formats() {
        return byFormat.values().stream().map(SourceProvider::format).toList();
    }

    /**
     * The provider of {@code format}.
     *
     * @throws ArusException {@code DATA_SOURCE_NOT_FOUND} naming the known formats
     */
    public SourceProvider of(String format) {
        SourceProvider provider = format == null ? null : byFormat.get(format.trim().toLowerCase(Locale.ROOT));
        if (provider == null) {
            throw new ArusException("DATA_SOURCE_NOT_FOUND", "Unknown source format '" + format
                    + "'. Known formats: " + String.join(", ", formats()));
        }
        return provider;
    }
}
