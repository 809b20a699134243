package dev.arus.server.spark;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.engine.streaming.ResultBatch;
import dev.arus.engine.streaming.StreamingQuery;
import dev.arus.server.query.QueryFiles;
import dev.arus.server.query.QuerySpec;
import dev.arus.server.query.RunEvents;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.json.JsonMapper;

/**
 * A Spark query translated and started on a thread without an active Spark session (any request
 * thread but the one that started Spark) still runs with its own session's settings. Spark
 * resolves a DataFrame's row encoder lazily, from the settings of the session active on the
 * calling thread, or from Spark's defaults when none is: timestamps then came as
 * {@code java.sql.Timestamp}, and a query on both engines differed from Arus on every window.
 */
@SparkService
class SparkActiveSessionTest {

    private static final String SPEC = """
            {"name": "no-active-session", "engine": "spark",
             "source": {"format": "rate-micro-batch", "options": {"rowsPerBatch": 2, "advanceMillisPerBatch": 1000}},
             "steps": [{"selectExpr": ["timestamp", "to_date(timestamp) AS day", "value"]}],
             "trigger": {"once": true}, "sink": {"format": "noop"}}
            """;

    @Autowired
    SparkQueryEngine engine;

    @Autowired
    JsonMapper json;

    @Autowired
    SparkSessions sessions;

    @Test
    void deliversJavaTimeValuesWhenStartedFromAThreadWithoutAnActiveSession() throws Exception {
        QuerySpec spec = json.readValue(SPEC, QuerySpec.class);
        sessions.newSession(); // Spark runs, started here and not on the thread below
        CompletableFuture<ResultBatch> firstBatch = new CompletableFuture<>();
        FutureTask<StreamingQuery> start = new FutureTask<>(() -> {
            SparkSession.clearActiveSession(); // a new thread inherits its starter's otherwise
            return engine.translate(spec, Map.of(), QueryFiles.NONE)
                    .start(spec.name(), UUID.randomUUID(), (batch, batchId) -> firstBatch.complete(batch), 10,
                            new EndOnly(firstBatch));
        });
        new Thread(start, "no-active-spark-session").start();
        StreamingQuery run = start.get(2, TimeUnit.MINUTES);
        try {
            ResultBatch batch = firstBatch.get(2, TimeUnit.MINUTES);
            assertThat(batch.rows()).isNotEmpty();
            assertThat(batch.rows().get(0).get("timestamp")).isInstanceOf(Instant.class);
            assertThat(batch.rows().get(0).get("day")).isInstanceOf(LocalDate.class);
        } finally {
            run.stop();
        }
    }

    /** Hears only the end of the run, which fails the wait for its first batch if it came first. */
    private record EndOnly(CompletableFuture<ResultBatch> firstBatch) implements RunEvents {

        @Override
        public void runEnded(UUID runId) {
            firstBatch.completeExceptionally(new AssertionError("the run ended before its first batch; its error is logged"));
        }
    }
}
