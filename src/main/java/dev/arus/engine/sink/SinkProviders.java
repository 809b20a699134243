package dev.arus.engine.sink;

import dev.arus.engine.streaming.AnalysisException;
import dev.arus.engine.streaming.ArusException;
import dev.arus.engine.streaming.InvalidOptionException;
import dev.arus.engine.streaming.OptionNames;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.ServiceLoader;

/**
 * The formats Arus can write, found as Spark finds its data sources: every {@link SinkProvider}
 * registered with {@link ServiceLoader}. Format names and option keys match in any case. Unlike
 * Spark, which ignores options a sink does not know, Arus rejects them, so that a misspelt option
 * fails at creation instead of silently taking its default. Immutable.
 */
public final class SinkProviders {

    /** Spark's error class for {@code partitionBy} on a sink that cannot take it. */
    public static final String PARTITIONING_UNSUPPORTED = "_LEGACY_ERROR_TEMP_1197";

    private static final SinkProviders INSTALLED = new SinkProviders(
            ServiceLoader.load(SinkProvider.class, SinkProvider.class.getClassLoader()).stream()
                    .map(ServiceLoader.Provider::get).toList());

    private final Map<String, SinkProvider> byFormat = new LinkedHashMap<>();

    SinkProviders(List<SinkProvider> providers) {
        providers.stream().sorted(Comparator.comparing(SinkProvider::format)).forEach(provider -> {
            if (byFormat.put(provider.format().toLowerCase(Locale.ROOT), provider) != null) {
                throw new IllegalStateException("two providers of sink format " + provider.format());
            }
        });
    }

    /** The providers on the class path. */
    public static SinkProviders installed() {
        return INSTALLED;
    }

    /**
     * These providers with {@code bound} in place of the providers of their formats: a session's
     * own, bound to a resource of the session that one format alone uses (its event log).
     */
    public SinkProviders with(SinkProvider... bound) {
        Map<String, SinkProvider> providers = new LinkedHashMap<>(byFormat);
        for (SinkProvider provider : bound) {
            providers.put(provider.format().toLowerCase(Locale.ROOT), provider);
        }
        return new SinkProviders(List.copyOf(providers.values()));
    }

    /** The known format names, in alphabetical order. */
    public List<String> formats() {
        return byFormat.values().stream().map(SinkProvider::format).toList();
    }

    /**
     * The provider of {@code format}.
     *
     * @throws ArusException {@code DATA_SOURCE_NOT_FOUND} naming the known formats
     */
    public SinkProvider of(String format) {
        SinkProvider provider = format == null ? null : byFormat.get(format.trim().toLowerCase(Locale.ROOT));
        if (provider == null) {
            throw new ArusException("DATA_SOURCE_NOT_FOUND", "Unknown sink format '" + format
                    + "'. Known formats: " + String.join(", ", formats()));
        }
        return provider;
    }

    /**
     * A new sink of {@code format}, after rejecting the options it does not know.
     *
     * @throws InvalidOptionException for an unknown option
     * @throws AnalysisException {@code _LEGACY_ERROR_TEMP_1197} for partition columns given to a format that
     *         does not support partitioning, with Spark's sentence
     */
    public Sink create(String format, SinkContext context) {
        SinkProvider provider = of(format);
        if (!context.partitionColumns().isEmpty() && !provider.supportsPartitioning()) {
            throw new AnalysisException(PARTITIONING_UNSUPPORTED, "'" + provider.format()
                    + "' does not support partitioning");
        }
        for (String option : context.options().keySet()) {
            if (OptionNames.match(provider.options(), option) == null) {
                throw new InvalidOptionException(option, "Unknown option '" + option + "' for format '"
                        + provider.format() + "'. Allowed options: "
                        + (provider.options().isEmpty() ? "none" : String.join(", ", provider.options())));
            }
        }
        return provider.create(context);
    }
}
