package dev.arus.server.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.arus.engine.sink.FileSinkLogReader;
import dev.arus.server.ApiClient;
import dev.arus.server.Specs;
import dev.arus.server.storage.FileTree;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * Checkpoint and file-sink locations through the REST API: they stay inside the data directory,
 * a refused request leaves it byte for byte as it was, and a delete keeps or purges the checkpoint.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "arus.demo.enabled=false")
class QueryLocationsTest {

    private static final Path TEMP = temporaryDirectory();
    private static final Path DATA = TEMP.resolve("data");
    private static final Path OUTSIDE = TEMP.resolve("outside");
    private static final Duration PATIENCE = Duration.ofSeconds(30);

    @LocalServerPort
    int port;

    @DynamicPropertySource
    static void dataDirectory(DynamicPropertyRegistry registry) {
        registry.add("arus.data-dir", DATA::toString);
    }

    @AfterEach
    void deleteEveryQuery() {
        new ApiClient(port).deleteEveryQuery();
    }

    @ParameterizedTest(name = "{0} = {1}")
    @CsvSource({
            "checkpointLocation, /tmp/arus-escape, /checkpointLocation",
            "checkpointLocation, ../escape, /checkpointLocation",
            "checkpointLocation, cp/../../escape, /checkpointLocation",
            "checkpointLocation, link-out/cp, /checkpointLocation",
            "checkpointLocation, queries, /checkpointLocation",
            "path, /tmp/arus-escape, /sink/options/path",
            "path, ../escape, /sink/options/path",
            "path, link-out/out, /sink/options/path",
            "path, cp/inside, /sink/options/path"})
    void refusesALocationOutsideTheDataDirectoryAndChangesNothing(String field, String location, String pointer)
            throws IOException {
        Files.createDirectories(DATA);
        Files.createDirectories(OUTSIDE);
        if (!Files.isSymbolicLink(DATA.resolve("link-out"))) {
            Files.createSymbolicLink(DATA.resolve("link-out"), OUTSIDE);
        }
        Map<String, String> before = FileTree.of(TEMP);
        String spec = field.equals("path")
                ? Specs.windowsToFiles("escape", "cp", location, 2)
                : Specs.windowsToFiles("escape", location, "out/escape", 2);

        ApiClient.Response refused = new ApiClient(port).post("/api/queries", spec);

        assertThat(refused.status()).as(refused.body()).isEqualTo(400);
        assertThat(refused.json().path("type").asString()).isEqualTo("https://arus.dev/problems/invalid-path");
        assertThat(refused.json().path("pointer").asString()).isEqualTo(pointer);
        assertThat(FileTree.of(TEMP)).isEqualTo(before);
    }

    @Test
    void requiresACheckpointForAFileSink() {
        String spec = Specs.windowsToFiles("no-checkpoint", "cp", "out/x", 2).replace(",\n \"checkpointLocation\": \"cp\"", "");

        ApiClient.Response refused = new ApiClient(port).post("/api/queries", spec);

        assertThat(refused.status()).as(refused.body()).isEqualTo(400);
        assertThat(refused.json().path("pointer").asString()).isEqualTo("/checkpointLocation");
        assertThat(refused.json().path("detail").asString()).startsWith("checkpointLocation must be specified");
    }

    private static String parityToParquet(String name, String sink) {
        return """
                {"name": "%s",
                 "source": {"format": "rate-micro-batch", "options": {"rowsPerBatch": 4}},
                 "steps": [{"selectExpr": ["value %% 2 AS parity", "value"]}],
                 "trigger": {"processingTime": "50 milliseconds"},
                 "sink": %s,
                 "checkpointLocation": "cp/%s"}
                """.formatted(name, sink, name);
    }

    @Test
    void writesTheDirectoriesOfASpecsPartitionBy() {
        ApiClient api = new ApiClient(port);
        api.create(parityToParquet("parity", "{\"format\": \"parquet\", \"options\": {\"path\": \"out/parity\"}, "
                + "\"partitionBy\": [\"parity\"]}"));

        await().atMost(PATIENCE).untilAsserted(() -> assertThat(FileSinkLogReader.dataFiles(DATA.resolve("out/parity"))
                .stream().map(file -> file.getParent().getFileName().toString()).distinct().sorted())
                .containsExactly("parity=0", "parity=1"));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '~', value = {
            "{\"format\": \"console\", \"partitionBy\": [\"parity\"]}|'console' does not support partitioning: only "
                    + "the file sinks (csv, json, parquet) write partition directories. Leave partitionBy out",
            "{\"format\": \"json\", \"options\": {\"path\": \"out/p\"}, \"partitionBy\": [\"region\"]}|Partition column "
                    + "`region` not found in schema struct<parity:bigint,value:bigint>.",
            "{\"format\": \"json\", \"options\": {\"path\": \"out/p\"}, \"partitionBy\": [\"parity\", \"value\"]}|"
                    + "[ALL_PARTITION_COLUMNS_NOT_ALLOWED] Cannot use all columns for partition columns. SQLSTATE: KD005"})
    void refusesAPartitionByTheSinkCannotTakeAtTheField(String sink, String detail) {
        ApiClient.Response refused = new ApiClient(port).post("/api/queries", parityToParquet("refused", sink));

        assertThat(refused.status()).as(refused.body()).isEqualTo(400);
        assertThat(refused.json().path("pointer").asString()).isEqualTo("/sink/partitionBy");
        assertThat(refused.json().path("detail").asString()).isEqualTo(detail);
    }

    @Test
    void refusesASecondQueryOnTheCheckpointOfARegisteredOne() {
        ApiClient api = new ApiClient(port);
        api.create(Specs.windowsToFiles("first", "shared/cp", "shared-out/first", 2));

        ApiClient.Response refused = api.post("/api/queries", Specs.windowsToFiles("second", "shared/cp", "out/second", 2));

        assertThat(refused.status()).as(refused.body()).isEqualTo(409);
        assertThat(refused.json().path("type").asString()).isEqualTo("https://arus.dev/problems/location-in-use");
        assertThat(refused.json().path("pointer").asString()).isEqualTo("/checkpointLocation");
    }

    @Test
    void continuesOnTheCheckpointOfADeletedQueryAndPurgeRemovesIt() {
        ApiClient api = new ApiClient(port);
        String spec = Specs.windowsToFiles("kept", "kept/cp", "kept-out", 2);
        String id = api.create(spec);
        await().atMost(PATIENCE).until(() -> FileSinkLogReader.read(DATA.resolve("kept-out")).size() >= 3);
        assertThat(DATA.resolve("queries/" + id + ".json")).exists();

        assertThat(api.delete("/api/queries/" + id).status()).isEqualTo(204);
        assertThat(DATA.resolve("kept/cp/metadata")).exists();
        assertThat(DATA.resolve("queries/" + id + ".json")).doesNotExist();
        int batchesBefore = FileSinkLogReader.read(DATA.resolve("kept-out")).size();

        assertThat(api.create(spec)).as("the checkpoint's id").isEqualTo(id);
        await().atMost(PATIENCE).until(() -> FileSinkLogReader.read(DATA.resolve("kept-out")).size() > batchesBefore);
        assertThat(api.delete("/api/queries/" + id + "?purge=true").status()).isEqualTo(204);

        assertThat(DATA.resolve("kept/cp")).doesNotExist();
        assertThat(DATA.resolve("queries/" + id + ".json")).doesNotExist();
        assertThat(FileSinkLogReader.read(DATA.resolve("kept-out"))).as("the sink's output stays").isNotEmpty();
    }

    @Test
    void refusesAnIncompatibleRestartNamingWhatDiffersAndChangesNothing() {
        ApiClient api = new ApiClient(port);
        String id = api.create(Specs.windowsToFiles("two-seconds", "incompatible/cp", "incompatible-out", 2));
        await().atMost(PATIENCE).until(() -> FileSinkLogReader.read(DATA.resolve("incompatible-out")).size() >= 2);
        api.delete("/api/queries/" + id);
        Map<String, String> before = FileTree.of(TEMP);

        ApiClient.Response refused = api.post("/api/queries",
                Specs.windowsToFiles("three-seconds", "incompatible/cp", "incompatible-out", 3));

        assertThat(refused.status()).as(refused.body()).isEqualTo(409);
        JsonNode problem = refused.json();
        assertThat(problem.path("type").asString()).isEqualTo("https://arus.dev/problems/checkpoint-incompatible");
        assertThat(problem.path("pointer").asString()).isEqualTo("/checkpointLocation");
        assertThat(problem.path("detail").asString()).contains("3 seconds");
        assertThat(FileTree.of(TEMP)).isEqualTo(before);
        assertThat(api.names()).doesNotContain("three-seconds");
    }

    @Test
    void refusesADamagedCheckpointNamingItsFileRelativeToTheDataDirectory() throws IOException {
        ApiClient api = new ApiClient(port);
        String spec = Specs.windowsToFiles("damaged", "damaged/cp", "damaged-out", 2);
        String id = api.create(spec);
        await().atMost(PATIENCE).until(() -> FileSinkLogReader.read(DATA.resolve("damaged-out")).size() >= 1);
        api.delete("/api/queries/" + id);
        Path metadata = DATA.resolve("damaged/cp/metadata");
        Files.write(metadata, Arrays.copyOf(Files.readAllBytes(metadata), 10));

        ApiClient.Response refused = api.post("/api/queries", spec);

        assertThat(refused.status()).as(refused.body()).isEqualTo(409);
        assertThat(refused.json().path("type").asString()).isEqualTo("https://arus.dev/problems/checkpoint-damaged");
        assertThat(refused.json().path("detail").asString()).contains("Checkpoint file damaged/cp/metadata is damaged")
                .doesNotContain(DATA.toString());
    }

    private static Path temporaryDirectory() {
        try {
            return Files.createTempDirectory("arus-locations").toRealPath();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
