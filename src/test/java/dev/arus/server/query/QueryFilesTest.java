package dev.arus.server.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.arus.server.ApiClient;
import dev.arus.server.ArusProperties;
import dev.arus.server.storage.FileTree;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.util.FileSystemUtils;

/**
 * What the service owns in the data directory (the event log's streams, every checkpoint, the
 * saved definitions) is out of reach of every location a spec names, on the started service
 * over real HTTP and a real file system: a spec that would read, clean or write there is refused
 * with {@code 400} and the pointer of its field, and nothing on disk changes. Between queries, a
 * source may clean only a directory no other query writes, and a sink may write only where no
 * other query writes or cleans; reading another query's sink output stays allowed, as in Spark.
 * Each test starts with the stream {@code s1} holding 12 acknowledged events.
 */
@StartedService
class QueryFilesTest {

    private static final Duration PATIENCE = Duration.ofSeconds(30);
    private static final String INVALID_PATH = "https://arus.dev/problems/invalid-path";
    private static final String LOCATION_IN_USE = "https://arus.dev/problems/location-in-use";

    @LocalServerPort
    int port;

    @Autowired
    ArusProperties properties;

    private ApiClient api() {
        return new ApiClient(port);
    }

    private Path data() {
        return properties.dataDir();
    }

    @BeforeEach
    void streamWithTwelveAcknowledgedEvents() {
        ApiClient api = api();
        assertThat(api.post("/api/streams", "{\"name\": \"s1\", \"schema\": \"line STRING\"}").status()).isEqualTo(201);
        String events = IntStream.range(0, 12).mapToObj(i -> "{\"line\": \"event " + i + "\"}")
                .collect(Collectors.joining(",", "[", "]"));
        assertThat(api.post("/api/streams/s1/events", events).status()).isEqualTo(200);
    }

    /** Every query with its checkpoint, the stream, and what the queries wrote: the next test finds none of it. */
    @AfterEach
    void deleteEverything() throws IOException {
        api().deleteEverything();
        for (String directory : List.of("cp", "out", "drops")) {
            FileSystemUtils.deleteRecursively(data().resolve(directory));
        }
    }

    /** A csv source over {@code sourceOptions}, written to {@code sink}, once over what is there. */
    private static String csvQuery(String name, String sourceOptions, String sink, String checkpoint) {
        return """
                {"name": "%s",
                 "source": {"format": "csv", "schema": "line STRING", "options": {%s}},
                 "sink": %s,
                 "trigger": {"availableNow": true}%s}
                """.formatted(name, sourceOptions, sink,
                checkpoint == null ? "" : ", \"checkpointLocation\": \"" + checkpoint + "\"");
    }

    /** Every event of {@code s1}, once, into {@code sink}, with the checkpoint {@code checkpoint}. */
    private static String streamQuery(String name, String sink, String checkpoint) {
        return """
                {"name": "%s",
                 "source": {"format": "stream", "options": {"stream": "s1", "startingOffsets": "earliest"}},
                 "steps": [{"select": ["line"]}],
                 "sink": %s,
                 "trigger": {"availableNow": true},
                 "checkpointLocation": "%s"}
                """.formatted(name, sink, checkpoint);
    }

    /** The rows of a query's memory table, once it has read {@code rows} of them. */
    private void awaitTableRows(String id, int rows) {
        await().atMost(PATIENCE).until(() ->
                api().get("/api/queries/" + id + "/table").json().path("numRows").asInt() == rows);
    }

    private static void assertRefused(ApiClient.Response refused, int status, String type, String pointer) {
        assertThat(refused.status()).as(refused.body()).isEqualTo(status);
        assertThat(refused.json().path("type").asString()).as(refused.body()).isEqualTo(type);
        assertThat(refused.json().path("pointer").asString()).as(refused.body()).isEqualTo(pointer);
    }

    @Test
    void aSourceThatWouldCleanAStreamIsRefusedAndEveryAcknowledgedEventStays() {
        ApiClient api = api();
        Map<String, String> before = FileTree.of(data().resolve("streams"));

        ApiClient.Response refused = api.post("/api/queries", """
                {"name":"del","source":{"format":"csv","schema":"line STRING","options":{"path":"streams/s1",
                "cleanSource":"delete"}},"sink":{"format":"memory"},"trigger":{"availableNow":true},
                "checkpointLocation":"cp/del"}""");

        assertRefused(refused, 400, INVALID_PATH, "/source/options/path");
        assertThat(refused.json().path("detail").asString()).contains("'streams/s1'").contains("event log");
        assertThat(FileTree.of(data().resolve("streams"))).isEqualTo(before);
        assertThat(data().resolve("cp/del")).doesNotExist();
        assertThat(api.names()).isEmpty();
        assertThat(api.post("/api/streams/s1/events", "[{\"line\": \"event 12\"}]").status()).isEqualTo(200);
        String reader = api.create(streamQuery("reader", "{\"format\": \"memory\"}", "cp/reader"));
        awaitTableRows(reader, 13);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "a csv source reading a stream's segment files | "
                    + "{\"format\": \"csv\", \"schema\": \"line STRING\", \"options\": {\"path\": \"streams/s1\"}} "
                    + "| {\"format\": \"memory\"} | | /source/options/path",
            "a source reading the whole data directory | "
                    + "{\"format\": \"csv\", \"schema\": \"line STRING\", \"options\": {\"path\": \"cp/..\"}} "
                    + "| {\"format\": \"memory\"} | | /source/options/path",
            "a source reading the data directory through a dot | "
                    + "{\"format\": \"csv\", \"schema\": \"line STRING\", \"options\": {\"path\": \"./\"}} "
                    + "| {\"format\": \"memory\"} | | /source/options/path",
            "a source reading every stream | "
                    + "{\"format\": \"json\", \"schema\": \"line STRING\", \"options\": {\"Path\": \"streams\"}} "
                    + "| {\"format\": \"memory\"} | | /source/options/Path",
            "a source archiving into the event log | "
                    + "{\"format\": \"csv\", \"schema\": \"line STRING\", \"options\": {\"path\": \"drops\", "
                    + "\"cleanSource\": \"archive\", \"sourceArchiveDir\": \"streams/archive\"}} "
                    + "| {\"format\": \"memory\"} | | /source/options/sourceArchiveDir",
            "a file sink writing into a stream's directory | "
                    + "{\"format\": \"rate-micro-batch\", \"options\": {\"rowsPerBatch\": 1}} "
                    + "| {\"format\": \"json\", \"options\": {\"path\": \"streams/s1\"}} | cp/sink | /sink/options/path",
            "a file sink writing a directory the event log would take for a stream | "
                    + "{\"format\": \"rate-micro-batch\", \"options\": {\"rowsPerBatch\": 1}} "
                    + "| {\"format\": \"csv\", \"options\": {\"path\": \"streams/s2\"}} | cp/sink | /sink/options/path",
            "a checkpoint in a stream's directory | "
                    + "{\"format\": \"rate-micro-batch\", \"options\": {\"rowsPerBatch\": 1}} "
                    + "| {\"format\": \"noop\"} | streams/s1/cp | /checkpointLocation",
            "a checkpoint among the saved definitions | "
                    + "{\"format\": \"rate-micro-batch\", \"options\": {\"rowsPerBatch\": 1}} "
                    + "| {\"format\": \"noop\"} | queries/cp | /checkpointLocation"})
    void noLocationReachesTheEventLogNorTheSavedDefinitions(String kind, String source, String sink, String checkpoint,
                                                            String pointer) {
        ApiClient api = api();
        Map<String, String> before = FileTree.of(data());

        ApiClient.Response refused = api.post("/api/queries", """
                {"name": "reaching", "source": %s, "sink": %s%s}"""
                .formatted(source, sink, checkpoint == null ? "" : ", \"checkpointLocation\": \"" + checkpoint + "\""));

        assertRefused(refused, 400, INVALID_PATH, pointer);
        assertThat(FileTree.of(data())).isEqualTo(before);
        assertThat(api.names()).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "a static table of a stream's files | {\"static\": {\"format\": \"csv\", \"schema\": \"line STRING\", "
                    + "\"options\": {\"path\": \"streams/s1\"}}} | /steps/0/join/with/static/options/path",
            "a joined file stream over a stream's files | {\"source\": {\"format\": \"csv\", \"schema\": \"line STRING\", "
                    + "\"options\": {\"path\": \"streams/s1\"}}} | /steps/0/join/with/source/options/path"})
    void aJoinReachesNoStreamEither(String kind, String with, String pointer) {
        ApiClient.Response refused = api().post("/api/queries", """
                {"name": "joining", "source": {"format": "stream", "options": {"stream": "s1"}},
                 "steps": [{"join": {"with": %s, "on": ["line"]}}], "sink": {"format": "memory"}}"""
                .formatted(with));

        assertRefused(refused, 400, INVALID_PATH, pointer);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "a static table of a stream's files | {\"format\": \"csv\", \"static\": true, "
                    + "\"schema\": \"line STRING\", \"options\": {\"path\": \"streams/s1\"}} | /tables/t/options/path",
            "a file stream cleaning a stream's files | {\"format\": \"csv\", \"schema\": \"line STRING\", "
                    + "\"options\": {\"path\": \"streams/s1\", \"cleanSource\": \"delete\"}} | /tables/t/options/path"})
    void aSqlTableReachesNoStreamEither(String kind, String table, String pointer) {
        Map<String, String> before = FileTree.of(data().resolve("streams"));

        ApiClient.Response refused = api().post("/api/queries", """
                {"name": "in-sql", "sql": "SELECT line FROM t", "tables": {"t": %s}, "sink": {"format": "memory"},
                 "trigger": {"availableNow": true}}""".formatted(table));

        assertRefused(refused, 400, INVALID_PATH, pointer);
        assertThat(FileTree.of(data().resolve("streams"))).isEqualTo(before);
    }

    @Test
    void aSourceOnAnotherQuerysCheckpointIsRefusedWhileTheQueryLivesAndAfter() {
        ApiClient api = api();
        String owner = api.create(streamQuery("u", "{\"format\": \"memory\"}", "cp/u"));
        awaitTableRows(owner, 12);
        api.post("/api/queries/" + owner + "/stop");
        Map<String, String> before = FileTree.of(data().resolve("cp/u"));
        String cleaning = csvQuery("del", "\"path\": \"cp/u\", \"cleanSource\": \"delete\"", "{\"format\": \"memory\"}",
                "cp/del");

        assertRefused(api.post("/api/queries", cleaning), 400, INVALID_PATH, "/source/options/path");
        assertThat(api.delete("/api/queries/" + owner).status()).isEqualTo(204);
        assertRefused(api.post("/api/queries", cleaning), 400, INVALID_PATH, "/source/options/path");
        assertRefused(api.post("/api/queries", csvQuery("del", "\"path\": \"cp\", \"cleanSource\": \"delete\"",
                "{\"format\": \"memory\"}", "elsewhere/del")), 400, INVALID_PATH, "/source/options/path");

        assertThat(FileTree.of(data().resolve("cp/u"))).isEqualTo(before);
        assertThat(api.create(streamQuery("u", "{\"format\": \"memory\"}", "cp/u"))).as("the checkpoint continues")
                .isEqualTo(owner);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "a sink inside it | {\"format\": \"json\", \"options\": {\"path\": \"cp/u/out\"}} | cp/w "
                    + "| /sink/options/path",
            "a sink around it | {\"format\": \"json\", \"options\": {\"path\": \"cp\"}} | elsewhere/w "
                    + "| /sink/options/path",
            "a checkpoint inside it | {\"format\": \"noop\"} | cp/u/nested | /checkpointLocation",
            "a checkpoint around it | {\"format\": \"noop\"} | cp | /checkpointLocation"})
    void noLocationReachesAnotherQuerysCheckpoint(String kind, String sink, String checkpoint, String pointer) {
        ApiClient api = api();
        String owner = api.create(streamQuery("u", "{\"format\": \"memory\"}", "cp/u"));
        awaitTableRows(owner, 12);

        assertRefused(api.post("/api/queries", streamQuery("w", sink, checkpoint)), 400, INVALID_PATH, pointer);
    }

    @Test
    void anotherQuerysSinkOutputMayBeReadButNotCleaned() {
        ApiClient api = api();
        String writer = api.create(streamQuery("w", "{\"format\": \"json\", \"options\": {\"path\": \"out/w\"}}", "cp/w"));
        await().atMost(PATIENCE).until(() -> api.query(writer).path("lastProgress").path("numInputRows").asInt() == 12);

        assertRefused(api.post("/api/queries", csvQuery("cleaner", "\"path\": \"out/w\", \"cleanSource\": \"delete\"",
                "{\"format\": \"memory\"}", null)), 409, LOCATION_IN_USE, "/source/options/path");
        assertRefused(api.post("/api/queries", csvQuery("cleaner", "\"path\": \"out\", \"cleanSource\": \"archive\", "
                + "\"sourceArchiveDir\": \"archive\"", "{\"format\": \"memory\"}", null)),
                409, LOCATION_IN_USE, "/source/options/path");
        assertRefused(api.post("/api/queries", csvQuery("archiver", "\"path\": \"drops\", \"cleanSource\": \"archive\", "
                + "\"sourceArchiveDir\": \"out/w/archive\"", "{\"format\": \"memory\"}", null)),
                409, LOCATION_IN_USE, "/source/options/sourceArchiveDir");
        assertRefused(api.post("/api/queries", streamQuery("second", "{\"format\": \"json\", \"options\": {\"path\": "
                + "\"out/w/more\"}}", "cp/second")), 409, LOCATION_IN_USE, "/sink/options/path");

        String reader = api.create("""
                {"name": "reader", "source": {"format": "json", "schema": "line STRING", "options": {"path": "out/w"}},
                 "sink": {"format": "memory"}, "trigger": {"availableNow": true}}""");
        awaitTableRows(reader, 12);
    }

    @Test
    void aSinkMayNotWriteWhereAnotherQueryCleans() throws IOException {
        Files.createDirectories(data().resolve("drops"));
        ApiClient api = api();
        api.create(csvQuery("cleaner", "\"path\": \"drops\", \"cleanSource\": \"delete\"", "{\"format\": \"memory\"}",
                null));

        assertRefused(api.post("/api/queries", streamQuery("w", "{\"format\": \"json\", \"options\": {\"path\": "
                + "\"drops/w\"}}", "cp/w")), 409, LOCATION_IN_USE, "/sink/options/path");
    }

    @Test
    void aQueryMayNotCleanTheDirectoryItWritesNorReadItsOwnCheckpoint() {
        ApiClient api = api();

        assertRefused(api.post("/api/queries", csvQuery("loop", "\"path\": \"loop\", \"cleanSource\": \"delete\"",
                "{\"format\": \"json\", \"options\": {\"path\": \"loop/out\"}}", "cp/loop")),
                400, INVALID_PATH, "/sink/options/path");
        assertRefused(api.post("/api/queries", csvQuery("self", "\"path\": \"cp/self\"", "{\"format\": \"memory\"}",
                "cp/self")), 400, INVALID_PATH, "/source/options/path");
    }

    @Test
    void onlyOneOfTheCreatesRacingForOneSinkPathWins() throws Exception {
        int racers = 6;
        CountDownLatch go = new CountDownLatch(1);
        ExecutorService threads = Executors.newFixedThreadPool(racers);
        try {
            List<Future<Integer>> statuses = new ArrayList<>();
            for (int i = 0; i < racers; i++) {
                String spec = streamQuery("racer-" + i, "{\"format\": \"json\", \"options\": {\"path\": \"out/race\"}}",
                        "cp/racer-" + i);
                statuses.add(threads.submit(() -> {
                    go.await();
                    return api().post("/api/queries", spec).status();
                }));
            }
            go.countDown();
            List<Integer> answered = new ArrayList<>();
            for (Future<Integer> status : statuses) {
                answered.add(status.get());
            }
            assertThat(answered).filteredOn(status -> status == 201).hasSize(1);
            assertThat(answered).filteredOn(status -> status == 409).hasSize(racers - 1);
        } finally {
            threads.shutdownNow();
        }
    }
}
