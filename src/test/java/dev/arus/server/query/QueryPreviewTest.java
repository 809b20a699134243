package dev.arus.server.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.arus.server.ApiClient;
import dev.arus.server.ArusProperties;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * {@code POST /api/queries/preview} on the started service: a spec runs for a few batches on a
 * throwaway checkpoint and its rows come back with the output's columns, while nothing is
 * created, listed, saved or written (not the spec's sink, not its checkpoint, not a cleaned
 * source) and the throwaway checkpoint is gone afterwards; it stops on the batches, the time or
 * the trigger, reports a run's failure, refuses what a create refuses, and runs only so many at
 * once.
 */
@StartedService
class QueryPreviewTest {

    /** The chapter's query in SQL over rate-micro-batch, writing a json file sink with a checkpoint. */
    private static final String CHAPTER = """
            {"name": "%s",
             "sql": "SELECT window(event_time, '8 seconds') AS window, count(*) AS count\\nFROM visits WATERMARK CAST(unix_timestamp(timestamp) - value %% 3 AS TIMESTAMP) AS event_time\\n  DELAY OF INTERVAL 4 SECONDS\\nGROUP BY window(event_time, '8 seconds')",
             "tables": {"visits": {"format": "rate-micro-batch", "options": {"rowsPerBatch": 10, "advanceMillisPerBatch": 1000}}},
             "outputMode": "append",
             "trigger": {"processingTime": "100 milliseconds"},
             "sink": {"format": "json", "options": {"path": "out/chapter"}},
             "checkpointLocation": "checkpoints/chapter"}
            """;

    @LocalServerPort
    int port;

    @Autowired
    ArusProperties properties;

    private ApiClient api() {
        return new ApiClient(port);
    }

    @AfterEach
    void deleteEverything() {
        ApiClient api = api();
        api.get("/api/queries").json().forEach(query -> api.delete("/api/queries/" + query.path("id").asString()));
        api.get("/api/streams").json().forEach(stream -> api.delete("/api/streams/" + stream.path("name").asString()));
    }

    @Test
    void showsTheFirstFinalizedWindowsOfTheChaptersQueryWithoutCreatingOrWritingAnything() {
        ApiClient api = api();

        ApiClient.Response preview = api.post("/api/queries/preview?batches=2", CHAPTER.formatted("chapter"));

        assertThat(preview.status()).as(preview.body()).isEqualTo(200);
        JsonNode shown = preview.json();
        assertThat(shown.path("columns").toString()).isEqualTo("[{\"name\":\"window\",\"type\":"
                + "\"struct<start:timestamp,end:timestamp>\",\"nullable\":true},{\"name\":\"count\",\"type\":\"bigint\","
                + "\"nullable\":false}]");
        assertThat(shown.path("batches")).hasSize(2);
        assertThat(shown.path("batches").get(0).path("rows").toString()).isEqualTo(
                "[{\"window\":{\"start\":\"1970-01-01T00:00:00.000Z\",\"end\":\"1970-01-01T00:00:08.000Z\"},\"count\":81}]");
        assertThat(shown.path("batches").get(1).path("rows").toString()).isEqualTo(
                "[{\"window\":{\"start\":\"1970-01-01T00:00:08.000Z\",\"end\":\"1970-01-01T00:00:16.000Z\"},\"count\":81}]");
        assertThat(shown.path("batchesRun").asLong()).isGreaterThan(2);
        assertThat(shown.path("stoppedBy").asString()).isEqualTo("batches");
        assertThat(shown.has("failure")).isFalse();

        assertThat(api.get("/api/queries").json()).as("no query is listed").isEmpty();
        // The data directory is shared with the other classes on this started service: look at the spec's own paths.
        assertThat(properties.dataDir().resolve("out/chapter")).as("the spec's sink").doesNotExist();
        assertThat(properties.dataDir().resolve("checkpoints/chapter")).as("the spec's checkpoint").doesNotExist();
        assertThat(entries(properties.dataDir().resolve(".previews"))).as("the throwaway checkpoints").isEmpty();
        assertThat(entries(properties.dataDir().resolve("queries"))).as("no saved definition")
                .noneMatch(saved -> read(saved).contains("checkpoints/chapter"));
    }

    @Test
    void takesTheNameOfAQueryThatExistsAndLeavesItAlone() {
        ApiClient api = api();
        String id = api.create(CHAPTER.formatted("taken").replace("out/chapter", "out/taken")
                .replace("checkpoints/chapter", "checkpoints/taken"));

        ApiClient.Response preview = api.post("/api/queries/preview?batches=1", CHAPTER.formatted("taken"));

        assertThat(preview.status()).as(preview.body()).isEqualTo(200);
        assertThat(api.names()).containsExactly("taken");
        assertThat(api.query(id).path("state").asString()).isEqualTo("ACTIVE");
    }

    @Test
    void aLimitStepLetsItsCountOfRowsThroughOverEveryBatch() {
        ApiClient.Response preview = api().post("/api/queries/preview?batches=3&seconds=2", """
                {"name": "first-three", "source": {"format": "rate-micro-batch", "options": {"rowsPerBatch": 2}},
                 "steps": [{"select": ["value"]}, {"limit": 3}],
                 "trigger": {"processingTime": "100 milliseconds"}, "sink": {"format": "noop"}}""");

        assertThat(preview.status()).as(preview.body()).isEqualTo(200);
        JsonNode shown = preview.json();
        assertThat(shown.path("batches")).hasSize(2);
        assertThat(shown.path("batches").get(0).path("rows").toString()).isEqualTo("[{\"value\":0},{\"value\":1}]");
        assertThat(shown.path("batches").get(1).path("rows").toString()).isEqualTo("[{\"value\":2}]");
        assertThat(shown.path("stoppedBy").asString()).isEqualTo("time");
        assertThat(shown.path("batchesRun").asLong()).isGreaterThan(2);
    }

    @Test
    void aSelectExprStarKeepsEveryColumnBesideTheNewOnesAsSparksDoes() {
        ApiClient.Response preview = api().post("/api/queries/preview?batches=1", """
                {"name": "starred", "source": {"format": "rate-micro-batch", "options": {"rowsPerBatch": 2}},
                 "steps": [{"selectExpr": ["*", "value % 2 AS parity"]}, {"selectExpr": [" * ", "1/ AS bad"]}],
                 "sink": {"format": "noop"}}""");
        assertThat(preview.status()).isEqualTo(400);
        assertThat(preview.json().path("pointer").asString()).as("a syntax error points at its own item")
                .isEqualTo("/steps/1/selectExpr/1");

        preview = api().post("/api/queries/preview?batches=1", """
                {"name": "starred", "source": {"format": "rate-micro-batch", "options": {"rowsPerBatch": 2}},
                 "steps": [{"selectExpr": ["*", "value % 2 AS parity"]}], "sink": {"format": "noop"}}""");
        assertThat(preview.status()).as(preview.body()).isEqualTo(200);
        assertThat(preview.json().path("columns").findValuesAsString("name"))
                .containsExactly("timestamp", "value", "parity");
    }

    @Test
    void stopsWhenTheTimeAskedForRunsOutWithTheBatchesThatRan() {
        ApiClient.Response preview = api().post("/api/queries/preview?seconds=1", """
                {"name": "nothing", "sql": "SELECT value FROM visits WHERE value < 0",
                 "tables": {"visits": {"format": "rate", "options": {"rowsPerSecond": 5}}},
                 "trigger": {"processingTime": "200 milliseconds"}, "sink": {"format": "noop"}}""");

        assertThat(preview.status()).as(preview.body()).isEqualTo(200);
        assertThat(preview.json().path("stoppedBy").asString()).isEqualTo("time");
        assertThat(preview.json().path("batches")).isEmpty();
        assertThat(preview.json().path("batchesRun").asLong()).isPositive();
        assertThat(preview.json().path("columns").get(0).path("name").asString()).isEqualTo("value");
    }

    @Test
    void endsWithAnAvailableNowTriggerAndLeavesTheFilesItReadWhereTheyWere() throws IOException {
        Path in = Files.createDirectories(properties.dataDir().resolve("incoming"));
        Files.writeString(in.resolve("a.json"), "{\"id\": 1, \"name\": \"ada\"}\n{\"id\": 2, \"name\": \"bob\"}\n");

        ApiClient.Response preview = api().post("/api/queries/preview", """
                {"name": "files", "sql": "SELECT upper(name) AS name FROM people WHERE id > 1",
                 "tables": {"people": {"format": "json", "schema": "id BIGINT, name STRING",
                            "options": {"path": "incoming", "cleanSource": "archive", "sourceArchiveDir": "archive"}}},
                 "trigger": {"availableNow": true}, "sink": {"format": "noop"}}""");

        assertThat(preview.status()).as(preview.body()).isEqualTo(200);
        assertThat(preview.json().path("stoppedBy").asString()).isEqualTo("ended");
        assertThat(preview.json().path("batches").get(0).path("rows").toString()).isEqualTo("[{\"name\":\"BOB\"}]");
        assertThat(in.resolve("a.json")).as("a preview cleans nothing").exists();
        assertThat(properties.dataDir().resolve("archive")).doesNotExist();
    }

    @Test
    void reportsTheFailureThatStoppedTheRun() {
        ApiClient.Response preview = api().post("/api/queries/preview", """
                {"name": "fails", "sql": "SELECT value DIV (value - value) AS boom FROM visits",
                 "tables": {"visits": {"format": "rate-micro-batch", "options": {"rowsPerBatch": 10}}},
                 "trigger": {"processingTime": "100 milliseconds"}, "sink": {"format": "noop"}}""");

        assertThat(preview.status()).as(preview.body()).isEqualTo(200);
        assertThat(preview.json().path("stoppedBy").asString()).isEqualTo("failed");
        assertThat(preview.json().at("/failure/errorClass").asString()).isEqualTo("DIVIDE_BY_ZERO");
        assertThat(entries(properties.dataDir().resolve(".previews"))).isEmpty();
    }

    @Test
    void refusesWhatACreateRefusesAndLimitsOutOfBounds() {
        ApiClient api = api();

        JsonNode syntax = api.post("/api/queries/preview", CHAPTER.formatted("bad").replace("GROUP BY", "GROUP"))
                .json();
        assertThat(syntax.path("pointer").asString()).isEqualTo("/sql");
        assertThat(syntax.path("errorClass").asString()).isEqualTo("PARSE_SYNTAX_ERROR");
        assertThat(syntax.path("line").asInt()).isEqualTo(4);

        JsonNode outside = api.post("/api/queries/preview", CHAPTER.formatted("outside")
                .replace("checkpoints/chapter", "../elsewhere")).json();
        assertThat(outside.path("type").asString()).endsWith("/invalid-path");
        assertThat(outside.path("pointer").asString()).isEqualTo("/checkpointLocation");

        ApiClient.Response none = api.post("/api/queries/preview?batches=0", CHAPTER.formatted("none"));
        assertThat(none.status()).isEqualTo(400);
        assertThat(none.json().path("type").asString()).endsWith("/invalid-parameter");
        ApiClient.Response tooLong = api.post("/api/queries/preview?seconds=3600", CHAPTER.formatted("long"));
        assertThat(tooLong.json().path("type").asString()).endsWith("/invalid-parameter");
    }

    @Test
    void runsAtMostTheConfiguredPreviewsAtOnce() {
        String waiting = """
                {"name": "waits", "sql": "SELECT value FROM visits WHERE value < 0",
                 "tables": {"visits": {"format": "rate", "options": {"rowsPerSecond": 1}}},
                 "trigger": {"processingTime": "1 second"}, "sink": {"format": "noop"}}""";
        List<CompletableFuture<ApiClient.Response>> running = Stream.of(1, 2).map(i -> CompletableFuture.supplyAsync(
                () -> api().post("/api/queries/preview?seconds=5", waiting))).toList();
        await().atMost(Duration.ofSeconds(20)).until(() -> entries(properties.dataDir().resolve(".previews")).size() == 2);

        ApiClient.Response third = api().post("/api/queries/preview?seconds=5", waiting);

        assertThat(third.status()).as(third.body()).isEqualTo(429);
        assertThat(third.json().path("type").asString()).endsWith("/too-many-previews");
        assertThat(running).allSatisfy(preview -> assertThat(preview.join().status()).isEqualTo(200));
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<Path> entries(Path directory) {
        if (!Files.isDirectory(directory)) {
            return List.of();
        }
        try (Stream<Path> listed = Files.list(directory)) {
            return listed.toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
