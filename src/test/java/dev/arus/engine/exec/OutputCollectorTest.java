package dev.arus.engine.exec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.engine.api.ArusSession;
import dev.arus.engine.api.SqlTables;
import dev.arus.engine.api.StreamFrame;
import dev.arus.engine.streaming.ResultBatch;
import dev.arus.engine.streaming.StreamingQuery;
import dev.arus.engine.streaming.StreamingQueryException;
import dev.arus.engine.testing.ManualTriggerScheduler;
import dev.arus.engine.time.ManualClock;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A batch's output reaches its sink bounded: a sink that takes every row gets at most the
 * session's limit (a larger batch fails that query alone), and a sink that shows a few rows is
 * handed only those, with the count of all: the first ones in a sorted result's order.
 */
class OutputCollectorTest {

    private final ManualClock clock = new ManualClock(1_792_157_400_000L);
    private final ManualTriggerScheduler scheduler = new ManualTriggerScheduler(clock);
    private final ByteArrayOutputStream console = new ByteArrayOutputStream();
    private final ArusSession session = ArusSession.builder().clock(clock).scheduler(scheduler)
            .timeZone(ZoneOffset.UTC).console(new PrintStream(console, true, StandardCharsets.UTF_8))
            .maxBatchOutputRows(100).build();

    @AfterEach
    void close() {
        session.close();
    }

    @Test
    void aBatchWithMoreRowsThanASinkThatTakesEveryRowMayHaveFailsItsQuery() {
        List<ResultBatch> seen = new ArrayList<>();
        StreamingQuery small = rows(100).writeStream().foreachBatch((batch, id) -> seen.add(batch)).start();
        StreamingQuery large = rows(101).writeStream().foreachBatch((batch, id) -> seen.add(batch)).start();

        scheduler.runNext();
        scheduler.runNext();

        assertThat(large.exception()).get().extracting(StreamingQueryException::causeErrorClass)
                .isEqualTo(OutputCollector.ROWS_LIMIT_EXCEEDED);
        assertThat(large.exception().get().getMessage()).contains("more than 100 rows");
        assertThat(small.isActive()).isTrue();
        assertThat(seen).singleElement().satisfies(batch -> {
            assertThat(batch.rows()).hasSize(100);
            assertThat(batch.count()).isEqualTo(100);
        });
    }

    @Test
    void aConsoleIsHandedTheRowsItShowsWhateverTheSizeOfTheBatch() {
        List<ResultBatch> observed = new ArrayList<>();
        rows(5_000).writeStream().format("console").option("numRows", 3)
                .observeBatches((batch, id) -> observed.add(batch), 10).start();

        scheduler.runNext();

        assertThat(console.toString(StandardCharsets.UTF_8)).contains("only showing top 3 rows");
        assertThat(observed).singleElement().satisfies(batch -> {
            assertThat(batch.rows()).hasSize(10);
            assertThat(batch.count()).isEqualTo(5_000);
            // partition 0 comes first: 0, 3, 6, ...
            assertThat(batch.rows().get(9).get("value")).isEqualTo(27L);
        });
    }

    /** The rows handed over are a copy: the chunks' vectors, reused by later batches, do not change them. */
    @Test
    void aBatchHandedOverKeepsItsRowsInTaskOrderWhileLaterBatchesRun() {
        List<ResultBatch> seen = new ArrayList<>();
        rows(30).writeStream().foreachBatch((batch, id) -> seen.add(batch)).start();

        scheduler.runNext();
        scheduler.runNext();

        assertThat(seen).hasSize(2);
        // partition by partition, as one thread would have run the tasks
        List<Long> first = new ArrayList<>();
        for (long partition = 0; partition < 3; partition++) {
            for (long value = partition; value < 30; value += 3) {
                first.add(value);
            }
        }
        assertThat(seen.get(0).rows()).extracting(row -> row.get("value")).containsExactlyElementsOf(first);
        assertThat(seen.get(1).rows()).extracting(row -> (Long) row.get("value"))
                .containsExactlyElementsOf(first.stream().map(value -> value + 30).toList());
    }

    @Test
    void aSortedResultShowsItsFirstRowsInOrderWhileKeepingOnlyAsManyAsTheConsoleShows() {
        StreamFrame sorted = session.sql("SELECT value AS k, count(*) AS n FROM numbers GROUP BY value ORDER BY k DESC",
                SqlTables.none().stream("numbers", rows(5_000)));
        List<ResultBatch> observed = new ArrayList<>();
        StreamingQuery query = sorted.writeStream().outputMode("complete").format("console").option("numRows", 3)
                .observeBatches((batch, id) -> observed.add(batch), 5).start();

        scheduler.runNext();

        assertThat(query.exception()).isEmpty();
        assertThat(console.toString(StandardCharsets.UTF_8)).contains("|4999|  1|\n|4998|  1|\n|4997|  1|\n");
        assertThat(observed).singleElement().satisfies(batch -> {
            assertThat(batch.count()).isEqualTo(5_000);
            assertThat(batch.rows()).extracting(row -> row.get("k")).containsExactly(4999L, 4998L, 4997L, 4996L, 4995L);
        });
    }

    private StreamFrame rows(int perBatch) {
        return session.readStream().format("rate-micro-batch").option("rowsPerBatch", perBatch)
                .option("numPartitions", 3).option("startTimestamp", clock.millis()).load();
    }
}
