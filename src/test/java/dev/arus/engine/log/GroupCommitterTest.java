package dev.arus.engine.log;

import static dev.arus.engine.log.LogRows.batch;
import static dev.arus.engine.log.LogRows.readAll;
import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.engine.time.ManualClock;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Group commit under real threads and real files: appends written by whichever thread finds no
 * group being written, racing with each other, with interrupted threads and with close.
 */
class GroupCommitterTest {

    private static final String SCHEMA = "writer INT, seq INT";
    private static final int WRITERS = 6;
    private static final int MAX_APPENDS = 1_500;

    @TempDir
    Path directory;

    private final ManualClock clock = new ManualClock(1_000);

    /** One writer's appends in the order it submitted them. */
    private record Submitted(int writer, List<CompletableFuture<AppendResult>> appends) {
    }

    /**
     * Writers (half of them with their interrupt flag set, whose appends go to the committer's
     * thread) append without waiting while the log closes: every append is answered, those
     * answered durable are exactly the records found on reopening, each writer's in the order it
     * submitted them, and no writer has an append acknowledged after one of its own was refused.
     */
    @Test
    void everyAppendRacingWithCloseIsAnsweredOnceAndEveryAcknowledgedOneIsKeptInOrder() throws Exception {
        for (int round = 0; round < 4; round++) {
            Path logDirectory = directory.resolve("round-" + round);
            EventLog log = EventLog.open(logDirectory, clock, EventLog.DEFAULT_SEGMENT_BYTES);
            LogStream stream = log.create(StreamDefinition.of("s", SCHEMA, 2, null, null));
            CountDownLatch underWay = new CountDownLatch(WRITERS);
            List<Submitted> submitted = new ArrayList<>();
            List<Thread> threads = new ArrayList<>();
            for (int w = 0; w < WRITERS; w++) {
                Submitted writer = new Submitted(w, new ArrayList<>());
                submitted.add(writer);
                threads.add(new Thread(() -> appendUntilRefused(stream, writer, underWay), "writer-" + w));
            }
            threads.forEach(Thread::start);
            assertThat(underWay.await(30, TimeUnit.SECONDS)).isTrue();
            log.close();
            for (Thread thread : threads) {
                thread.join(TimeUnit.SECONDS.toMillis(30));
                assertThat(thread.isAlive()).as("%s ended", thread.getName()).isFalse();
            }

            long acknowledged = 0;
            try (EventLog reopened = EventLog.open(logDirectory, clock, EventLog.DEFAULT_SEGMENT_BYTES)) {
                LogStream kept = reopened.stream("s");
                List<List<List<Object>>> partitions = List.of(readAll(kept, 0), readAll(kept, 1));
                for (Submitted writer : submitted) {
                    acknowledged += checkAnswers(writer, partitions);
                }
                assertThat(partitions.get(0).size() + partitions.get(1).size())
                        .as("round %d: nothing but the acknowledged appends is kept", round).isEqualTo(acknowledged);
                assertThat(kept.append(batch(kept.definition().schema(), List.of(List.of(0, 0)))).join().count())
                        .isEqualTo(1L);
            }
            assertThat(stream.append(batch(stream.definition().schema(), List.of(List.of(0, 0)))))
                    .as("an append after close is refused at once").isCompletedExceptionally();
        }
    }

    /**
     * A request thread interrupted while it writes a group (here just before the group's sync,
     * where the clock is read) fails that group at most: the log stays writable and keeps nothing
     * it did not acknowledge. A FileChannel closes on its user's interrupt, for every thread.
     */
    @Test
    void aThreadInterruptedWhileWritingAGroupLeavesTheLogWritable() throws Exception {
        HookedClock interruptingBeforeSync = new HookedClock(clock);
        Path logDirectory = directory.resolve("interrupted");
        long acknowledged = 0;
        try (EventLog log = EventLog.open(logDirectory, interruptingBeforeSync, EventLog.DEFAULT_SEGMENT_BYTES)) {
            LogStream stream = log.create(StreamDefinition.of("s", SCHEMA, 1, null, null));
            acknowledged += stream.append(batch(stream.definition().schema(), List.of(List.of(0, 0)))).join().count();
            interruptingBeforeSync.beforeNextNanoTime(() -> Thread.currentThread().interrupt());
            CompletableFuture<AppendResult> interrupted =
                    stream.append(batch(stream.definition().schema(), List.of(List.of(0, 1))));
            assertThat(Thread.interrupted()).as("the interrupt reached the writing thread").isTrue();
            if (!interrupted.isCompletedExceptionally()) {
                acknowledged += interrupted.get(30, TimeUnit.SECONDS).count();
            }
            CompletableFuture<AppendResult> next = stream.append(batch(stream.definition().schema(), List.of(List.of(0, 2))));
            assertThat(next).as("an append after the interrupted one").succeedsWithin(30, TimeUnit.SECONDS);
            acknowledged += next.join().count();
        }
        try (EventLog reopened = EventLog.open(logDirectory, clock, EventLog.DEFAULT_SEGMENT_BYTES)) {
            assertThat(readAll(reopened.stream("s"), 0)).as("exactly the acknowledged appends are kept")
                    .hasSize((int) acknowledged);
        }
    }

    @Test
    void anErrorInsideAGroupFailsItsAppendsAndLeavesNoneOfItsRecordsToBeReadLater() throws Exception {
        HookedClock failingBeforeSync = new HookedClock(clock);
        Path logDirectory = directory.resolve("error");
        try (EventLog log = EventLog.open(logDirectory, failingBeforeSync, EventLog.DEFAULT_SEGMENT_BYTES)) {
            LogStream stream = log.create(StreamDefinition.of("s", SCHEMA, 1, null, null));
            stream.append(batch(stream.definition().schema(), List.of(List.of(0, 0)))).join();
            failingBeforeSync.beforeNextNanoTime(() -> {
                throw new AssertionError("an Error between the group's write and its sync");
            });
            CompletableFuture<AppendResult> failed = stream.append(batch(stream.definition().schema(), List.of(List.of(0, 1))));
            assertThat(failed).failsWithin(30, TimeUnit.SECONDS).withThrowableThat().havingCause()
                    .isInstanceOf(AssertionError.class);
            assertThat(stream.append(batch(stream.definition().schema(), List.of(List.of(0, 2)))))
                    .as("an append after the failed group").succeedsWithin(30, TimeUnit.SECONDS);
        }
        try (EventLog reopened = EventLog.open(logDirectory, clock, EventLog.DEFAULT_SEGMENT_BYTES)) {
            assertThat(readAll(reopened.stream("s"), 0)).as("the failed group's record is not kept")
                    .extracting(row -> row.get(1)).containsExactly(0, 2);
        }
    }


    private static void appendUntilRefused(LogStream stream, Submitted writer, CountDownLatch underWay) {
        if (writer.writer() % 2 == 1) {
            Thread.currentThread().interrupt();
        }
        for (int seq = 0; seq < MAX_APPENDS; seq++) {
            CompletableFuture<AppendResult> done = stream.append(
                    batch(stream.definition().schema(), List.of(List.of(writer.writer(), seq))));
            writer.appends().add(done);
            if (seq == 20) {
                underWay.countDown();
            }
            if (done.isCompletedExceptionally()) {
                break;
            }
        }
        underWay.countDown();
    }

    /** Checks one writer's answers against what the log kept; returns how many were acknowledged. */
    private static long checkAnswers(Submitted writer, List<List<List<Object>>> partitions) throws Exception {
        long acknowledged = 0;
        boolean refused = false;
        long[] lastOffset = {-1, -1};
        for (int seq = 0; seq < writer.appends().size(); seq++) {
            CompletableFuture<AppendResult> done = writer.appends().get(seq);
            AppendResult result;
            try {
                result = done.get(30, TimeUnit.SECONDS);
            } catch (java.util.concurrent.ExecutionException failed) {
                assertThat(failed.getCause()).isInstanceOf(LogException.class);
                refused = true;
                continue;
            }
            assertThat(refused).as("writer %d's append %d acknowledged after a refusal", writer.writer(), seq)
                    .isFalse();
            acknowledged++;
            AppendResult.Range range = result.ranges().get(0);
            assertThat(range.firstOffset()).as("writer %d's appends kept in submission order", writer.writer())
                    .isGreaterThan(lastOffset[range.partition()]);
            lastOffset[range.partition()] = range.firstOffset();
            assertThat(partitions.get(range.partition()).get((int) range.firstOffset()).subList(0, 2))
                    .isEqualTo(List.of(writer.writer(), seq));
        }
        return acknowledged;
    }
}
