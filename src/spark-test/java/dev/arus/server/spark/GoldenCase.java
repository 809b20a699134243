package dev.arus.server.spark;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import tools.jackson.databind.json.JsonMapper;

/**
 * A golden case of the engine's tests ({@code src/test/resources/queries/<case>/query.txt}) as a
 * query spec for the service. Only the cases over {@code rate-micro-batch} are taken: their input
 * is a function of the batch id, so either engine, on its own clock, sees the same rows; the
 * {@code rate} cases replay the chapter on a manual clock, which Spark has not.
 *
 * @param batches how many batches the case looks at
 */
record GoldenCase(String name, Map<String, Object> spec, int batches) {

    private static final Path CASES = Path.of("src/test/resources/queries");
    private static final JsonMapper JSON = JsonMapper.builder().build();

    static Stream<GoldenCase> overMicroBatches() throws IOException {
        try (Stream<Path> cases = Files.list(CASES)) {
            return cases.filter(Files::isDirectory).sorted()
                    .map(GoldenCase::read).flatMap(Optional::stream).toList().stream();
        }
    }

    /** The spec as JSON, named {@code name} and run on {@code engine}. */
    String json(String name, String engine) {
        Map<String, Object> named = new LinkedHashMap<>();
        named.put("name", name);
        named.put("engine", engine);
        named.putAll(spec);
        return JSON.writeValueAsString(named);
    }

    @Override
    public String toString() {
        return name;
    }

    private static Optional<GoldenCase> read(Path directory) {
        List<String> lines;
        try {
            lines = Files.readAllLines(directory.resolve("query.txt"));
        } catch (IOException failed) {
            throw new UncheckedIOException(failed);
        }
        Map<String, Object> spec = new LinkedHashMap<>();
        List<Object> steps = new ArrayList<>();
        List<String> keys = new ArrayList<>();
        List<String> aggregations = new ArrayList<>();
        int batches = 0;
        for (String line : lines) {
            if (line.startsWith("#") || !line.contains(": ")) {
                continue;
            }
            String key = line.substring(0, line.indexOf(": "));
            String value = line.substring(line.indexOf(": ") + 2).trim();
            switch (key) {
                case "source" -> {
                    String[] words = value.split(" ");
                    if (!words[0].equals("rate-micro-batch")) {
                        return Optional.empty();
                    }
                    Map<String, Object> options = new LinkedHashMap<>();
                    Stream.of(words).skip(1).forEach(option -> options.put(option.substring(0, option.indexOf('=')),
                            option.substring(option.indexOf('=') + 1)));
                    spec.put("source", Map.of("format", words[0], "options", options));
                }
                case "withColumn" -> steps.add(Map.of("withColumn", Map.of(
                        "name", value.substring(0, value.indexOf(" = ")),
                        "expr", value.substring(value.indexOf(" = ") + 3))));
                case "filter" -> steps.add(Map.of("filter", value));
                case "withWatermark" -> steps.add(Map.of("withWatermark", Map.of(
                        "column", value.substring(0, value.indexOf(',')).trim(),
                        "delay", value.substring(value.indexOf(',') + 1).trim())));
                case "groupBy" -> keys.add(value);
                case "agg" -> aggregations.add(value);
                case "outputMode" -> spec.put("outputMode", value);
                case "batches" -> batches = Integer.parseInt(value);
                default -> {
                    // start, sink, trigger: the service writes to noop as fast as a 100 ms trigger allows
                }
            }
        }
        if (!aggregations.isEmpty()) {
            steps.add(Map.of("groupBy", Map.of("keys", keys, "aggregations", aggregations)));
        }
        spec.put("steps", steps);
        spec.put("trigger", Map.of("processingTime", "100 milliseconds"));
        spec.put("sink", Map.of("format", "noop"));
        return Optional.of(new GoldenCase(directory.getFileName().toString(), spec, batches));
    }
}
