package dev.arus.server.ops;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.server.Specs;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class QueryMetersTest extends OpsServiceTest {

    @Test
    void countsWhatTheProgressReportsAndContinuesAcrossARestart() throws Exception {
        String id = create(Specs.chapterWithShortWindows("metered"));
        events.awaitBatches(id, 5);
        api.post("/api/queries/" + id + "/stop");
        Totals first = Totals.of(api.get("/api/queries/" + id + "/progress?limit=1000").json());
        Map<String, String> query = Map.of("query", "metered");
        PrometheusText scrape = PrometheusText.scrape(api);

        assertThat(first.batches()).isGreaterThanOrEqualTo(5);
        assertThat(scrape.value("arus_query_input_rows_total", query)).isEqualTo(first.inputRows());
        assertThat(scrape.value("arus_query_batches_total", query)).isEqualTo(first.batches());
        assertThat(scrape.value("arus_query_batch_duration_seconds_count", query)).isEqualTo(first.batches());
        assertThat(scrape.value("arus_query_batch_duration_seconds_bucket", Map.of("query", "metered", "le", "+Inf")))
                .isEqualTo(first.batches());
        assertThat(scrape.value("arus_query_batch_part_duration_seconds_count",
                Map.of("query", "metered", "part", "add_batch"))).isEqualTo(first.batches());
        assertThat(scrape.value("arus_query_emitted_rows_total", query)).isEqualTo(first.emittedRows());
        assertThat(scrape.value("arus_query_late_groups_total", query)).isEqualTo(first.lateGroups());
        assertThat(scrape.value("arus_query_late_rows_total", query)).isEqualTo(first.lateRows());
        assertThat(first.lateRows()).as("the chapter's shifted event times make late rows").isPositive();
        assertThat(scrape.value("arus_query_watermark_timestamp_seconds", query)).isEqualTo(first.watermarkSeconds());
        assertThat(scrape.value("arus_query_state_rows", query)).isEqualTo(first.stateRows());
        assertThat(scrape.value("arus_query_state_memory_bytes", query)).isEqualTo(first.stateMemoryBytes());
        assertThat(scrape.value("arus_query_input_rows_per_second", query)).isZero();
        assertThat(scrape.value("arus_query_status", Map.of("query", "metered", "state", "STOPPED"))).isEqualTo(1);
        assertThat(scrape.value("arus_query_status", Map.of("query", "metered", "state", "ACTIVE"))).isZero();

        api.post("/api/queries/" + id + "/start");
        events.awaitBatches(id, first.batches() + 3);
        api.post("/api/queries/" + id + "/stop");
        Totals second = Totals.of(api.get("/api/queries/" + id + "/progress?limit=1000").json());
        PrometheusText again = PrometheusText.scrape(api);

        assertThat(again.value("arus_query_input_rows_total", query)).isEqualTo(first.inputRows() + second.inputRows());
        assertThat(again.value("arus_query_batches_total", query)).isEqualTo(first.batches() + second.batches());
        assertThat(again.value("arus_query_batch_duration_seconds_count", query))
                .isEqualTo(first.batches() + second.batches());
    }

    @Test
    void countsEachRestartAttemptAndShowsTheQueryRestarting() throws Exception {
        RestartingQuery query = restarting("metered-restarts");
        Map<String, String> tags = Map.of("query", "metered-restarts");
        PrometheusText restarting = PrometheusText.scrape(api);

        assertThat(restarting.value("arus_query_status", Map.of("query", "metered-restarts", "state", "RESTARTING")))
                .isEqualTo(1);
        assertThat(restarting.value("arus_query_status", Map.of("query", "metered-restarts", "state", "FAILED")))
                .isZero();
        assertThat(restarting.value("arus_query_restarts_total", tags)).isZero();

        query.runAttempt();
        query.awaitState("RESTARTING", 1);
        assertThat(PrometheusText.scrape(api).value("arus_query_restarts_total", tags)).as("an attempt that failed")
                .isEqualTo(1);

        query.mend();
        query.runAttempt();
        query.awaitState("ACTIVE", 2);
        PrometheusText back = PrometheusText.scrape(api);
        assertThat(back.value("arus_query_restarts_total", tags)).isEqualTo(2);
        assertThat(back.value("arus_query_status", Map.of("query", "metered-restarts", "state", "ACTIVE"))).isEqualTo(1);
    }

    @Test
    void keepsEachQuerysSeriesFewAndNamedInSnakeCase() throws Exception {
        String id = create(Specs.chapterWithShortWindows("named"));
        events.awaitBatches(id, 3);
        PrometheusText scrape = PrometheusText.scrape(api);
        Map<String, String> query = Map.of("query", "named");

        assertThat(scrape.samples("arus_query_batch_duration_seconds_bucket", query))
                .as("SLO buckets, not a percentile histogram's ~80 per query")
                .hasSize(QueryInstruments.BATCH_DURATION_BUCKETS.size() + 1);
        assertThat(scrape.samples("arus_query_late_rows_total", query)).singleElement()
                .satisfies(sample -> assertThat(sample.labels()).containsOnlyKeys("query"));
        assertThat(scrape.samples("arus_query_batch_part_duration_seconds_count", query))
                .extracting(sample -> sample.labels().get("part"))
                .contains("add_batch", "latest_offset", "wal_commit")
                .doesNotContain("trigger_execution")
                .allMatch(part -> part.matches("[a-z_]+"), "snake case");
    }

    @Test
    void timesBatchesBelowAMillisecond() throws Exception {
        String id = create(Specs.fastest("quick"));
        events.awaitBatches(id, 20);
        Map<String, String> query = Map.of("query", "quick");
        PrometheusText scrape = PrometheusText.scrape(api);

        double seconds = scrape.value("arus_query_batch_duration_seconds_sum", query);
        assertThat(seconds).isPositive();
        assertThat(Math.abs(seconds * 1000 - Math.rint(seconds * 1000)))
                .as("%s s is not whole milliseconds, as Spark's batchDuration would make it", seconds)
                .isGreaterThan(1e-6);
        assertThat(scrape.samples("arus_query_batch_duration_seconds_bucket", Map.of("query", "quick", "le", "1.0E-4")))
                .as("a bucket below a millisecond").hasSize(1);
    }

    @Test
    void removesTheMetersOfADeletedQuery() throws Exception {
        String keptId = create(Specs.chapterWithShortWindows("kept"));
        String id = create(Specs.chapterWithShortWindows("deleted"));
        events.awaitBatches(id, 2);
        events.awaitBatches(keptId, 2);
        assertThat(PrometheusText.scrape(api).samples("arus_query_batches_total", Map.of("query", "deleted")))
                .hasSize(1);

        assertThat(api.delete("/api/queries/" + id).status()).isEqualTo(204);
        PrometheusText scrape = PrometheusText.scrape(api);

        assertThat(scrape.samples()).filteredOn(s -> "deleted".equals(s.labels().get("query"))).isEmpty();
        assertThat(scrape.samples()).filteredOn(s -> "kept".equals(s.labels().get("query"))).isNotEmpty();
    }

    @Test
    void exposesTheLivePackagesWebSocketMetersFromStartup() {
        PrometheusText scrape = PrometheusText.scrape(api);

        assertThat(scrape.type("arus_live_sessions")).isEqualTo("gauge");
        assertThat(scrape.samples("arus_live_sessions", Map.of())).hasSize(1);
        assertThat(scrape.type("arus_live_messages_dropped_total")).isEqualTo("counter");
        assertThat(scrape.samples("arus_live_messages_dropped_total", Map.of())).hasSize(1);
    }

    /** Sums over a run's progress reports, as the API shows them. */
    record Totals(int batches, double inputRows, double emittedRows, double lateGroups, double lateRows,
                  double watermarkSeconds, double stateRows, double stateMemoryBytes) {

        static Totals of(JsonNode progress) {
            int batches = 0;
            double input = 0;
            double emitted = 0;
            double lateGroups = 0;
            double lateRows = 0;
            for (JsonNode batch : progress) {
                batches++;
                input += batch.path("numInputRows").asLong();
                emitted += batch.path("sink").path("numOutputRows").asLong();
                for (JsonNode state : batch.path("stateOperators")) {
                    lateGroups += state.path("numRowsDroppedByWatermark").asLong();
                    lateRows += state.path("customMetrics").path("numLateInputRows").asLong();
                }
            }
            JsonNode last = progress.get(progress.size() - 1);
            double watermark = Instant.parse(last.path("eventTime").path("watermark").asString()).toEpochMilli() / 1000.0;
            JsonNode state = last.path("stateOperators").get(0);
            return new Totals(batches, input, emitted, lateGroups, lateRows, watermark,
                    state.path("numRowsTotal").asLong(), state.path("memoryUsedBytes").asLong());
        }
    }
}
