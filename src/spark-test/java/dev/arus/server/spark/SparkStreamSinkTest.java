package dev.arus.server.spark;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.server.ApiClient;
import dev.arus.server.query.QueryRegistry;
import dev.arus.server.storage.DataDirectory;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * The {@code stream} sink on Spark: a Spark query writes each batch into a stream of the
 * service's event log through Arus's own stream sink, as the query's producer with the batch id
 * as sequence, so that a batch Spark runs again (its commit entry gone, as after a crash) is
 * stored once; and a query on Arus's engine reads what the Spark query wrote, one query feeding
 * another across the engines.
 */
@SparkService
class SparkStreamSinkTest {

    @LocalServerPort
    int port;

    @Autowired
    QueryRegistry registry;

    @Autowired
    DataDirectory dataDirectory;

    private final RegistryEvents events = new RegistryEvents();
    private final List<String> created = new ArrayList<>();

    @BeforeEach
    void hear() {
        registry.addListener(events);
    }

    @AfterEach
    void deleteQueriesAndStream() {
        ApiClient api = new ApiClient(port);
        created.forEach(id -> api.delete("/api/queries/" + id + "?purge=true"));
        api.delete("/api/streams/spark-values");
    }

    @Test
    void writesEachBatchIntoTheStreamOnceEvenWhenSparkRunsItAgainAndAnArusQueryReadsIt() throws Exception {
        ApiClient api = new ApiClient(port);
        ApiClient.Response stream = api.post("/api/streams", """
                {"name": "spark-values", "schema": "value BIGINT NOT NULL, parity BIGINT", "partitions": 1}""");
        assertThat(stream.status()).as(stream.body()).isEqualTo(201);
        String writer = api.create("""
                {"name": "spark-into-stream", "engine": "spark",
                 "source": {"format": "rate-micro-batch", "options": {"rowsPerBatch": 5}},
                 "steps": [{"selectExpr": ["value", "value % 2 AS parity"]}],
                 "trigger": {"processingTime": "200 milliseconds"},
                 "checkpointLocation": "checkpoints/spark-into-stream",
                 "sink": {"format": "stream", "options": {"stream": "spark-values"}}}
                """);
        created.add(writer);
        events.awaitBatches(writer, 3);
        assertThat(api.post("/api/queries/" + writer + "/stop").status()).isEqualTo(200);
        // As after a crash between the sink's write and the commit entry: Spark runs batch `last` again.
        long last = CommittedBatches.forgetLatest(dataDirectory.resolve("checkpoints/spark-into-stream"));
        int heard = events.outputs(writer);
        assertThat(api.post("/api/queries/" + writer + "/start").status()).isEqualTo(200);
        events.awaitBatches(writer, heard + 2); // batch `last` again, then the one after it
        assertThat(api.post("/api/queries/" + writer + "/stop").status()).isEqualTo(200);
        JsonNode outputs = api.get("/api/queries/" + writer + "/batches?limit=1000").json();
        long batches = outputs.get(outputs.size() - 1).path("batchId").asLong() + 1;
        List<Long> outputIds = new ArrayList<>();
        outputs.forEach(output -> outputIds.add(output.path("batchId").asLong()));
        assertThat(outputIds).as("batch %d computed by both runs", last).filteredOn(batchId -> batchId == last)
                .hasSize(2);

        String reader = api.create("""
                {"name": "arus-reads-spark", "engine": "arus",
                 "source": {"format": "stream", "options": {"stream": "spark-values", "startingOffsets": "earliest"}},
                 "trigger": {"availableNow": true}, "sink": {"format": "memory"}}
                """);
        created.add(reader);
        events.awaitRunsEnded(reader, 1);
        JsonNode table = api.get("/api/queries/" + reader + "/table?limit=1000").json();
        List<Long> values = new ArrayList<>();
        table.path("rows").forEach(row -> {
            assertThat(row.path("parity").asLong()).isEqualTo(row.path("value").asLong() % 2);
            values.add(row.path("value").asLong());
        });
        values.sort(null);
        assertThat(values).as("each of %d batches once, batch %d run twice", batches, last)
                .containsExactlyElementsOf(LongStream.range(0, batches * 5).boxed().toList());
    }
}
