package dev.arus.server.ops;

import dev.arus.server.ApiClient;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * A strict parser of Prometheus's text exposition format 0.0.4: {@code # HELP} and {@code # TYPE}
 * lines, then samples {@code name{label="value",...} value [timestamp]}. Label values may hold
 * the escapes {@code \\}, {@code \"} and {@code \n}; values may be {@code NaN}, {@code +Inf} and
 * {@code -Inf}. Every sample must belong to the family of the last {@code # TYPE} line (a
 * counter's {@code _total}, a histogram's {@code _bucket}, {@code _count} and {@code _sum}, ...);
 * anything else throws {@link IllegalArgumentException} naming the line.
 */
final class PrometheusText {

    /** One sample line; {@code labels} sorted by name. */
    record Sample(String name, Map<String, String> labels, double value) {
    }

    private static final Map<String, Set<String>> SUFFIXES = Map.of(
            // Format 0.0.4 names a counter's family with its _total (OpenMetrics without).
            "counter", Set.of("", "_total", "_created"),
            "gauge", Set.of(""),
            "untyped", Set.of(""),
            "histogram", Set.of("_bucket", "_count", "_sum", "_created"),
            "summary", Set.of("", "_count", "_sum", "_created"));

    private final List<Sample> samples;
    private final Map<String, String> types;

    private PrometheusText(List<Sample> samples, Map<String, String> types) {
        this.samples = List.copyOf(samples);
        this.types = Map.copyOf(types);
    }

    /** Scrapes {@code /actuator/prometheus} of the service {@code api} talks to; fails unless it answers 200. */
    static PrometheusText scrape(ApiClient api) {
        ApiClient.Response response = api.get("/actuator/prometheus", "text/plain");
        if (response.status() != 200) {
            throw new AssertionError("scrape answered " + response);
        }
        return parse(response.body());
    }

    static PrometheusText parse(String text) {
        List<Sample> samples = new ArrayList<>();
        Map<String, String> types = new LinkedHashMap<>();
        String family = null;
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            try {
                if (line.isEmpty()) {
                    continue;
                }
                if (line.startsWith("#")) {
                    String[] parts = line.split(" ", 4);
                    if (parts.length >= 3 && parts[1].equals("TYPE")) {
                        if (parts.length != 4 || !SUFFIXES.containsKey(parts[3])) {
                            throw new IllegalArgumentException("bad TYPE line");
                        }
                        requireName(parts[2]);
                        if (types.putIfAbsent(parts[2], parts[3]) != null) {
                            throw new IllegalArgumentException("second TYPE for " + parts[2]);
                        }
                        family = parts[2];
                    } else if (parts.length >= 3 && parts[1].equals("HELP")) {
                        requireName(parts[2]);
                    }
                    continue;
                }
                Sample sample = sample(line);
                if (family == null || !belongs(sample.name(), family, types.get(family))) {
                    throw new IllegalArgumentException("sample outside its family " + family);
                }
                samples.add(sample);
            } catch (RuntimeException e) {
                throw new IllegalArgumentException("line " + (i + 1) + " '" + line + "': " + e.getMessage(), e);
            }
        }
        return new PrometheusText(samples, types);
    }

    List<Sample> samples() {
        return samples;
    }

    /** The family's {@code # TYPE}, or {@code null}. */
    String type(String family) {
        return types.get(family);
    }

    /** The samples of this name whose labels include every one of {@code labels}. */
    List<Sample> samples(String name, Map<String, String> labels) {
        return samples.stream().filter(s -> s.name().equals(name))
                .filter(s -> s.labels().entrySet().containsAll(labels.entrySet())).toList();
    }

    /** The one sample of this name with these labels (among others); throws unless exactly one. */
    double value(String name, Map<String, String> labels) {
        List<Sample> found = samples(name, labels);
        if (found.size() != 1) {
            throw new AssertionError("expected one sample " + name + labels + ", found " + found);
        }
        return found.get(0).value();
    }

    private static boolean belongs(String sample, String family, String type) {
        return SUFFIXES.get(type).stream().anyMatch(suffix -> sample.equals(family + suffix));
    }

    private static Sample sample(String line) {
        int pos = 0;
        while (pos < line.length() && line.charAt(pos) != '{' && line.charAt(pos) != ' ') {
            pos++;
        }
        String name = requireName(line.substring(0, pos));
        Map<String, String> labels = new TreeMap<>();
        if (pos < line.length() && line.charAt(pos) == '{') {
            pos++;
            while (line.charAt(pos) != '}') {
                int eq = line.indexOf('=', pos);
                String label = line.substring(pos, eq);
                if (!label.matches("[a-zA-Z_][a-zA-Z0-9_]*")) {
                    throw new IllegalArgumentException("bad label name '" + label + "'");
                }
                if (line.charAt(eq + 1) != '"') {
                    throw new IllegalArgumentException("label value not quoted");
                }
                StringBuilder value = new StringBuilder();
                pos = eq + 2;
                for (char c = line.charAt(pos); c != '"'; c = line.charAt(pos)) {
                    if (c == '\\') {
                        char escaped = line.charAt(++pos);
                        value.append(switch (escaped) {
                            case '\\' -> '\\';
                            case '"' -> '"';
                            case 'n' -> '\n';
                            default -> throw new IllegalArgumentException("bad escape \\" + escaped);
                        });
                    } else {
                        value.append(c);
                    }
                    pos++;
                }
                pos++;
                if (labels.put(label, value.toString()) != null) {
                    throw new IllegalArgumentException("label " + label + " twice");
                }
                if (line.charAt(pos) == ',') {
                    pos++;
                } else if (line.charAt(pos) != '}') {
                    throw new IllegalArgumentException("expected , or } at " + pos);
                }
            }
            pos++;
        }
        if (pos >= line.length() || line.charAt(pos) != ' ') {
            throw new IllegalArgumentException("no value");
        }
        String[] rest = line.substring(pos + 1).split(" ", -1);
        if (rest.length > 2) {
            throw new IllegalArgumentException("trailing text");
        }
        if (rest.length == 2) {
            Long.parseLong(rest[1]);
        }
        return new Sample(name, labels, value(rest[0]));
    }

    private static double value(String text) {
        return switch (text) {
            case "NaN" -> Double.NaN;
            case "+Inf" -> Double.POSITIVE_INFINITY;
            case "-Inf" -> Double.NEGATIVE_INFINITY;
            default -> {
                if (!text.matches("[-+]?[0-9]*\\.?[0-9]+([eE][-+]?[0-9]+)?")) {
                    throw new IllegalArgumentException("bad value '" + text + "'");
                }
                yield Double.parseDouble(text);
            }
        };
    }

    private static String requireName(String name) {
        if (!name.matches("[a-zA-Z_:][a-zA-Z0-9_:]*")) {
            throw new IllegalArgumentException("bad metric name '" + name + "'");
        }
        return name;
    }
}
