package dev.arus.server.query;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Where a query reads or writes: a source's or a sink's format and options, as its engine was
 * given them (a path may be absolute, or relative to the data directory). What the graph of
 * streams, queries and sinks is drawn from.
 */
public record QueryEndpoint(String format, Map<String, String> options) {

    public QueryEndpoint {
        options = Map.copyOf(options);
    }

    /** The value of option {@code name}, given in any case, or null. */
    public @Nullable String option(String name) {
        return options.entrySet().stream().filter(option -> option.getKey().equalsIgnoreCase(name))
                .map(Map.Entry::getValue).findFirst().orElse(null);
    }

    /**
     * The sources a spec names, for an engine whose plan Arus does not see: of a spec of
     * {@code source} and {@code steps}, its source, then those its steps join, depth first, in the
     * order an engine numbers them; of a spec in SQL, the streams of its {@code tables}. Their
     * options as strings.
     */
    public static List<QueryEndpoint> sourcesOf(QuerySpec spec) {
        List<QueryEndpoint> sources = new ArrayList<>();
        SpecStreams.walk(spec, (format, options, optionsPointer) -> sources.add(new QueryEndpoint(format,
                strings(options))));
        return sources;
    }

    /** Options of a spec, whose values are JSON strings, numbers or booleans, as strings. */
    public static Map<String, String> strings(@Nullable Map<String, Object> options) {
        Map<String, String> strings = new LinkedHashMap<>();
        if (options != null) {
            options.forEach((key, value) -> strings.put(key, String.valueOf(value)));
        }
        return strings;
    }
}
