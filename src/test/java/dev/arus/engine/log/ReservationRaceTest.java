package dev.arus.engine.log;

import static dev.arus.engine.log.LogRows.batch;
import static dev.arus.engine.log.LogRows.readAll;
import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.engine.time.ManualClock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The zeros a partition reserves ahead, claimed but not yet written (their thread busy elsewhere,
 * or slow to write and sync them), while the partition appends, fills a segment, rolls back a
 * failed group or closes: on a real filesystem, the claim held back by an executor that keeps
 * its task until the test runs it. No append waits for the zeros, none is written over, and no
 * full or closed segment keeps them.
 */
class ReservationRaceTest {

    private static final String SCHEMA = "id BIGINT, name STRING";

    @TempDir
    Path root;

    private final ManualClock clock = new ManualClock(1_700_000_000_000L);
    /** The zero writer's tasks, run when the test says. */
    private final List<Runnable> heldReservations = new ArrayList<>();
    private final Executor heldZeroWriter = heldReservations::add;
    private EventLog log;
    private LogStream stream;

    private LogStream open(Path directory, long segmentBytes) {
        log = EventLog.open(directory, clock, segmentBytes);
        stream = log.streams().isEmpty() ? log.create(StreamDefinition.of("s", SCHEMA, 1, null, null)) : log.stream("s");
        return stream;
    }

    @AfterEach
    void runHeldReservationsAndClose() {
        heldReservations.forEach(Runnable::run);
        if (log != null) {
            log.close();
        }
    }

    private static List<List<Object>> rows(int from, int count) {
        return IntStream.range(from, from + count).mapToObj(i -> Arrays.<Object>asList((long) i, "name-" + i)).toList();
    }

    /** Appends {@code count} rows from {@code from} to partition 0, synced and published, as a group of one does. */
    private void appendDurably(int from, int count) {
        PartitionLog partition = stream.partition(0);
        partition.append(RecordBatchCodec.encode(stream.definition().schema(), batch(stream.definition().schema(),
                rows(from, count))), clock.millis() * 1000, null);
        partition.sync();
        partition.publish();
    }

    /** Appends on another thread, and waits for it with a deadline: an append waiting for the zeros fails here. */
    private void appendDurablyWithoutWaitingForTheZeros(int from, int count) throws Exception {
        CompletableFuture.runAsync(() -> appendDurably(from, count)).get(20, TimeUnit.SECONDS);
    }

    private List<Object> ids() {
        return readAll(stream, 0).stream().map(row -> row.get(0)).toList();
    }

    private static List<Object> ids(int count) {
        return IntStream.range(0, count).mapToObj(i -> (Object) (long) i).toList();
    }

    private void claimZerosAhead() {
        int held = heldReservations.size();
        stream.partition(0).reserveAhead(heldZeroWriter);
        assertThat(heldReservations).as("zeros claimed ahead of the last batch").hasSize(held + 1);
    }

    private void writeHeldZeros() {
        List<Runnable> tasks = List.copyOf(heldReservations);
        heldReservations.clear();
        tasks.forEach(Runnable::run);
    }

    @Test
    void anAppendGoesOnWhileTheZerosClaimedAheadOfItAreNotYetWrittenAndTheyDoNotOverwriteIt() throws Exception {
        Path directory = root.resolve("log");
        open(directory, EventLog.DEFAULT_SEGMENT_BYTES);
        appendDurably(0, 10);
        claimZerosAhead();

        appendDurablyWithoutWaitingForTheZeros(10, 10);
        writeHeldZeros();

        assertThat(ids()).isEqualTo(ids(20));
        Path segment = stream.partition(0).segments().get(0).logFile();
        assertThat(Files.size(segment)).as("zeros reserved after the batches")
                .isGreaterThan(stream.partition(0).sizeBytes());
        Path killed = LogDirectories.copy(directory, root.resolve("killed"));
        log.close();
        log = null;
        assertThat(Files.size(segment)).as("closed, the file ends at its last batch").isEqualTo(sizeOnReopen(directory));
        open(killed, EventLog.DEFAULT_SEGMENT_BYTES);
        assertThat(ids()).as("killed").isEqualTo(ids(20));
    }

    @Test
    void aSegmentThatFillsWhileItsZerosAreClaimedEndsAtItsLastBatchAndOpensAfterAKill() throws Exception {
        Path directory = root.resolve("log");
        open(directory, 4 * 1024);
        appendDurably(0, 3);
        claimZerosAhead();
        int rows = 3;
        while (stream.partition(0).segments().size() < 2) {
            appendDurablyWithoutWaitingForTheZeros(rows, 3);
            rows += 3;
        }
        writeHeldZeros();

        Segment full = stream.partition(0).segments().get(0);
        assertThat(Files.size(full.logFile())).as("the full segment's file ends at its last batch").isEqualTo(full.size());
        Path killed = LogDirectories.copy(directory, root.resolve("killed"));
        log.close();
        log = null;
        open(killed, 4 * 1024);
        assertThat(ids()).as("killed").isEqualTo(ids(rows));
    }

    @Test
    void aGroupCutOffWhileZerosAreClaimedLeavesTheBatchesBeforeItWhole() throws Exception {
        Path directory = root.resolve("log");
        open(directory, EventLog.DEFAULT_SEGMENT_BYTES);
        appendDurably(0, 5);
        claimZerosAhead();
        PartitionLog partition = stream.partition(0);
        PartitionLog.Mark mark = partition.mark();
        CompletableFuture.runAsync(() -> {
            partition.append(RecordBatchCodec.encode(stream.definition().schema(),
                    batch(stream.definition().schema(), rows(100, 50))), 0, null);
            partition.rollback(mark);
        }).get(20, TimeUnit.SECONDS);
        writeHeldZeros();
        appendDurably(5, 5);

        assertThat(ids()).isEqualTo(ids(10));
        Path killed = LogDirectories.copy(directory, root.resolve("killed"));
        log.close();
        log = null;
        open(killed, EventLog.DEFAULT_SEGMENT_BYTES);
        assertThat(ids()).as("killed").isEqualTo(ids(10));
    }

    @Test
    void zerosClaimedBeforeTheLogClosesAreNotWrittenAfterItsCut() throws Exception {
        Path directory = root.resolve("log");
        open(directory, EventLog.DEFAULT_SEGMENT_BYTES);
        appendDurably(0, 5);
        long end = stream.partition(0).sizeBytes();
        Path segment = stream.partition(0).segments().get(0).logFile();
        claimZerosAhead();
        CompletableFuture<Void> closing = CompletableFuture.runAsync(log::close);
        // The claim's task runs whether the close waits for it or not.
        writeHeldZeros();
        closing.get(20, TimeUnit.SECONDS);
        log = null;

        assertThat(Files.size(segment)).as("closed, the file ends at its last batch").isEqualTo(end);
        open(directory, EventLog.DEFAULT_SEGMENT_BYTES);
        assertThat(ids()).isEqualTo(ids(5));
    }

    @Test
    void anInterruptPendingOnTheZeroWriterNeitherFailsItsWriteNorIsLost() throws Exception {
        Path directory = root.resolve("log");
        open(directory, EventLog.DEFAULT_SEGMENT_BYTES);
        appendDurably(0, 5);
        claimZerosAhead();
        Runnable reservation = heldReservations.remove(0);
        CompletableFuture<Boolean> stillInterrupted = CompletableFuture.supplyAsync(() -> {
            Thread.currentThread().interrupt();
            reservation.run();
            return Thread.interrupted();
        });
        assertThat(stillInterrupted.get(20, TimeUnit.SECONDS)).as("the interrupt set again").isTrue();
        long end = stream.partition(0).sizeBytes();
        Path segment = stream.partition(0).segments().get(0).logFile();
        assertThat(Files.size(segment)).as("the zeros written").isEqualTo(end + Segment.RESERVE_BYTES);

        appendDurablyWithoutWaitingForTheZeros(5, 5);
        assertThat(ids()).isEqualTo(ids(10));
        assertThat(Files.size(segment)).as("the append landed in the zeros").isEqualTo(end + Segment.RESERVE_BYTES);
    }

    private long sizeOnReopen(Path directory) {
        try (EventLog reopened = EventLog.open(directory, clock, EventLog.DEFAULT_SEGMENT_BYTES)) {
            return reopened.stream("s").sizeBytes();
        }
    }
}
