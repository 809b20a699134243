package dev.arus.server.spark;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;
import tools.jackson.databind.json.JsonMapper;

/**
 * A golden case of the engine's tests ({@code src/test/resources/queries/<case>/query.txt}) as a
 * query spec for the service, over {@code rate-micro-batch}: its input is a function of the batch
 * id, so either engine, on its own clock, sees the same rows. A case over {@code rate} replays the
 * chapter on a manual clock, which Spark has not; it runs as the same query over micro-batches of
 * one trigger's rows each ({@code rowsPerSecond} times the trigger's seconds, the batches a trigger
 * apart from the case's start), for as many batches as its run has triggers. A case's {@code sql:}
 * line is the same query in SQL, its source the table {@code events}.
 *
 * @param batches how many batches the case looks at
 */
record GoldenCase(String name, Map<String, Object> spec, int batches) {

    private static final Path CASES = Path.of("src/test/resources/queries");
    private static final JsonMapper JSON = JsonMapper.builder().build();

    static Stream<GoldenCase> all() throws IOException {
        return directories().map(directory -> read(directory, false)).toList().stream();
    }

    /**
     * The cases written in SQL too ({@code sql:}, over the source as {@code events}), as specs in
     * SQL, each named after its case with {@code -sql}.
     */
    static Stream<GoldenCase> allInSql() throws IOException {
        return directories().map(directory -> read(directory, true)).filter(Objects::nonNull)
                .toList().stream();
    }

    private static Stream<Path> directories() throws IOException {
        try (Stream<Path> cases = Files.list(CASES)) {
            return cases.filter(Files::isDirectory).sorted().toList().stream();
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

    /** Whole seconds of a duration written as {@code "4 seconds"}. */
    private static long seconds(String text) {
        String[] words = text.trim().split(" ");
        if (words.length != 2 || !words[1].startsWith("second")) {
            throw new IllegalArgumentException("Not a duration in seconds: " + text);
        }
        return Long.parseLong(words[0]);
    }

    @Override
    public String toString() {
        return name;
    }

    /** The case in {@code directory}, in SQL when {@code inSql} (null when it has no {@code sql:}), else as steps. */
    private static GoldenCase read(Path directory, boolean inSql) {
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
        String sql = null;
        Map<String, String> rate = null;
        long triggerSeconds = 0;
        long runSeconds = 0;
        Instant start = null;
        for (String line : lines) {
            if (line.startsWith("#") || !line.contains(": ")) {
                continue;
            }
            String key = line.substring(0, line.indexOf(": "));
            String value = line.substring(line.indexOf(": ") + 2).trim();
            switch (key) {
                case "source" -> {
                    String[] words = value.split(" ");
                    Map<String, String> options = new LinkedHashMap<>();
                    Stream.of(words).skip(1).forEach(option -> options.put(option.substring(0, option.indexOf('=')),
                            option.substring(option.indexOf('=') + 1)));
                    if (words[0].equals("rate")) {
                        rate = options;
                    } else {
                        spec.put("source", Map.of("format", words[0], "options", options));
                    }
                }
                case "start" -> start = Instant.parse(value);
                case "trigger" -> triggerSeconds = seconds(value.replace("processingTime", ""));
                case "runFor" -> runSeconds = seconds(value);
                case "withColumn" -> steps.add(Map.of("withColumn", Map.of(
                        "name", value.substring(0, value.indexOf(" = ")),
                        "expr", value.substring(value.indexOf(" = ") + 3))));
                case "filter" -> steps.add(Map.of("filter", value));
                case "sql" -> sql = value;
                case "withWatermark" -> steps.add(Map.of("withWatermark", Map.of(
                        "column", value.substring(0, value.indexOf(',')).trim(),
                        "delay", value.substring(value.indexOf(',') + 1).trim())));
                case "groupBy" -> keys.add(value);
                case "agg" -> aggregations.add(value);
                case "outputMode" -> spec.put("outputMode", value);
                case "batches" -> batches = Integer.parseInt(value);
                default -> {
                    // sink: the service writes to noop as fast as a 100 ms trigger allows
                }
            }
        }
        if (rate != null) {
            long rowsPerSecond = Long.parseLong(rate.get("rowsPerSecond"));
            spec.put("source", Map.of("format", "rate-micro-batch", "options", Map.of(
                    "rowsPerBatch", rowsPerSecond * triggerSeconds,
                    "numPartitions", Integer.parseInt(rate.getOrDefault("numPartitions", "1")),
                    "startTimestamp", start.toEpochMilli(),
                    "advanceMillisPerBatch", triggerSeconds * 1000)));
            batches = (int) (runSeconds / triggerSeconds);
        }
        if (!aggregations.isEmpty()) {
            steps.add(Map.of("groupBy", Map.of("keys", keys, "aggregations", aggregations)));
        }
        String name = directory.getFileName().toString();
        if (inSql) {
            if (sql == null) {
                return null;
            }
            spec.put("sql", sql);
            spec.put("tables", Map.of("events", spec.remove("source")));
            name += "-sql";
        } else {
            spec.put("steps", steps);
        }
        spec.put("trigger", Map.of("processingTime", "100 milliseconds"));
        spec.put("sink", Map.of("format", "noop"));
        return new GoldenCase(name, spec, batches);
    }
}
