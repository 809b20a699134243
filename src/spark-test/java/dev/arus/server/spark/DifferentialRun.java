package dev.arus.server.spark;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.server.ApiClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;

/**
 * A differential run: one case's spec created through the service on Arus's engine and on
 * Spark's, both stopped once each has written the case's batches, and their batches compared
 * line by line. A batch's line holds its id, its rows (sorted: neither engine promises an order
 * within a batch) and, from its progress, the watermark, input and output rows and each state
 * operator's rows total, updated, removed and dropped as late.
 */
final class DifferentialRun {

    private DifferentialRun() {
    }

    /**
     * Runs {@code golden} on both engines and asserts that Spark's batches are Arus's; the case
     * must emit rows, and have a watermark when {@code watermarked}, so the comparison means something.
     *
     * @return the batches' lines, which both engines gave
     */
    static List<String> assertSameBatches(ApiClient api, RegistryEvents events, GoldenCase golden,
                                          boolean watermarked) throws Exception {
        return onBothEngines(api, engine -> golden.json(golden.name() + "-" + engine, engine), (onArus, onSpark) -> {
            events.awaitBatches(onArus, golden.batches());
            events.awaitBatches(onSpark, golden.batches());
            api.post("/api/queries/" + onArus + "/stop");
            api.post("/api/queries/" + onSpark + "/stop");

            List<String> arus = lines(api, onArus, golden.batches());
            List<String> spark = lines(api, onSpark, golden.batches());
            assertThat(arus).as("the case emits rows: the comparison means something")
                    .anyMatch(line -> !line.endsWith("rows=[]"));
            if (watermarked) {
                assertThat(arus).as("the case has a watermark").anyMatch(line -> !line.contains("watermark=none"));
            }
            assertThat(spark).as("batches of %s on Spark (right: Arus)", golden).containsExactlyElementsOf(arus);
            return arus;
        });
    }

    /** What is checked of a spec's two queries, one on each engine, while both exist. */
    @FunctionalInterface
    interface BothQueries<T> {
        T check(String onArus, String onSpark) throws Exception;
    }

    /**
     * Creates {@code specOn}'s spec for each engine (given {@code "spark"} or {@code "arus"}), hands
     * both queries' ids to {@code check}, and deletes both queries whatever it found.
     */
    static <T> T onBothEngines(ApiClient api, Function<String, String> specOn, BothQueries<T> check) throws Exception {
        // Spark's first, so that Arus's, much faster, does not run past the batches kept of it meanwhile;
        // the first Spark query of a JVM takes Spark a while to plan on a busy machine
        String onSpark = api.withTimeout(Duration.ofMinutes(3)).create(specOn.apply("spark"));
        String onArus = api.create(specOn.apply("arus"));
        try {
            return check.check(onArus, onSpark);
        } finally {
            api.delete("/api/queries/" + onArus);
            api.delete("/api/queries/" + onSpark);
        }
    }

    /** Batches {@code 0 .. count-1} of query {@code id}, a line each. */
    static List<String> lines(ApiClient api, String id, int count) {
        JsonNode outputs = api.get("/api/queries/" + id + "/batches?before=" + count + "&limit=" + count).json();
        JsonNode progress = api.get("/api/queries/" + id + "/progress?before=" + count + "&limit=" + count).json();
        assertThat(outputs.size()).as("outputs of %s", id).isEqualTo(count);
        assertThat(progress.size()).as("progress of %s", id).isEqualTo(count);
        List<String> lines = new ArrayList<>();
        for (int b = 0; b < count; b++) {
            JsonNode output = outputs.get(b);
            JsonNode report = progress.get(b);
            List<String> rows = new ArrayList<>();
            output.get("rows").forEach(row -> rows.add(row.toString()));
            rows.sort(Comparator.naturalOrder());
            List<String> state = new ArrayList<>();
            report.get("stateOperators").forEach(operator -> state.add(operator.get("operatorName").asString()
                    + " total=" + operator.get("numRowsTotal").asLong()
                    + " updated=" + operator.get("numRowsUpdated").asLong()
                    + " removed=" + operator.get("numRowsRemoved").asLong()
                    + " late=" + operator.get("numRowsDroppedByWatermark").asLong()));
            lines.add("batch " + output.get("batchId").asLong() + "/" + report.get("batchId").asLong()
                    + " watermark=" + report.get("eventTime").path("watermark").asString("none")
                    + " in=" + report.get("numInputRows").asLong()
                    + " out=" + report.get("sink").get("numOutputRows").asLong()
                    + " numRows=" + output.get("numRows").asLong()
                    + " state=" + state + " rows=" + rows);
        }
        return lines;
    }
}
