package dev.arus.engine.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arus.engine.api.ArusSession;
import dev.arus.engine.api.StreamFrame;
import dev.arus.engine.files.ProtocolProbe;
import dev.arus.engine.data.Row;
import dev.arus.engine.streaming.ArusException;
import dev.arus.engine.streaming.OutputMode;
import dev.arus.engine.streaming.QueryStateReader;
import dev.arus.engine.streaming.StateRead;
import dev.arus.engine.streaming.StateReadRequest;
import dev.arus.engine.streaming.StreamingQuery;
import dev.arus.engine.testing.ManualTriggerScheduler;
import dev.arus.engine.time.ManualClock;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The reader of a checkpoint's state, beside a query run batch by batch on the test thread: a
 * read made while a batch is between its state's commit and its commit entry (its state files
 * whole on disk, the batch not committed) sees the batch before, exactly.
 */
class CheckpointStateReaderTest {

    @TempDir
    Path checkpoint;

    private final ManualClock clock = new ManualClock(1_760_000_000_000L);
    private final ManualTriggerScheduler scheduler = new ManualTriggerScheduler(clock);

    @AfterEach
    void removeProbe() {
        ProtocolProbe.install(null);
    }

    /** The count of each key of {@code read}, as {@code key=count}, in the order read. */
    private static List<String> counts(StateRead read) {
        return read.rows().stream().map(row -> ((Row) row.get("key")).get(0) + "="
                + ((Row) row.get("value")).get("count")).toList();
    }

    @Test
    void aReadDuringABatchSeesTheLastCommittedBatchAndNothingOfTheOneInFlight() {
        try (ArusSession session = ArusSession.builder().clock(clock).scheduler(scheduler).parallelism(1)
                .shufflePartitions(2).timeZone(ZoneOffset.UTC).build()) {
            StreamFrame counts = session.readStream().format("rate-micro-batch").option("rowsPerBatch", 10)
                    .option("startTimestamp", clock.millis()).load().selectExpr("value % 3 AS key").groupBy("key")
                    .count();
            StreamingQuery query = counts.writeStream().format("noop").outputMode("update")
                    .option("checkpointLocation", checkpoint.toString()).start();
            QueryStateReader reader = session.streams().stateReader(counts, OutputMode.UPDATE, checkpoint, null);
            scheduler.runNext();
            List<StateRead> inFlight = new ArrayList<>();
            ProtocolProbe.install((step, batchId) -> {
                if (step == ProtocolProbe.Step.SINK_WRITTEN && batchId == 1) {
                    inFlight.add(reader.read(StateReadRequest.latest(0)));
                    assertThatThrownBy(() -> reader.read(new StateReadRequest(0, 1L, null, null, null, false, null,
                            null))).isInstanceOf(ArusException.class)
                            .extracting(e -> ((ArusException) e).errorClass())
                            .isEqualTo(QueryStateReader.INVALID_OPTION_VALUE);
                }
            });
            scheduler.runNext();
            ProtocolProbe.install(null);
            query.stop();

            assertThat(inFlight).hasSize(1);
            assertThat(inFlight.get(0).batchId()).isZero();
            assertThat(inFlight.get(0).rows().stream().mapToLong(row -> (Long) ((Row) row.get("value")).get("count"))
                    .sum()).isEqualTo(10);
            StateRead after = reader.read(StateReadRequest.latest(0));
            assertThat(after.batchId()).isEqualTo(1);
            assertThat(after.rows().stream().mapToLong(row -> (Long) ((Row) row.get("value")).get("count")).sum())
                    .isEqualTo(20);
            assertThat(counts(after)).containsExactlyInAnyOrder("0=7", "1=7", "2=6");
            assertThat(reader.metadata()).singleElement().satisfies(metadata -> {
                assertThat(metadata.numPartitions()).isEqualTo(2);
                assertThat(metadata.maxBatchId()).isEqualTo(1);
                assertThat(metadata.numRowsTotal()).isEqualTo(3);
            });
        }
    }
}
