package dev.arus.engine.log;

import static dev.arus.engine.log.LogRows.append;
import static dev.arus.engine.log.LogRows.batch;
import static dev.arus.engine.log.LogRows.readAll;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.arus.engine.time.ManualClock;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The zeros a partition's active segment reserves ahead of its last batch, on a real filesystem:
 * appends land inside the file's length instead of growing it, and no file keeps them once full
 * or closed, nor loses a batch to them, whether the log is closed or killed.
 */
class ReservedZerosTest {

    private static final String SCHEMA = "id BIGINT, name STRING";

    @TempDir
    Path root;

    private final ManualClock clock = new ManualClock(1_700_000_000_000L);

    private static List<List<Object>> rows(int from, int count) {
        return IntStream.range(from, from + count).mapToObj(i -> Arrays.<Object>asList((long) i, "name-" + i)).toList();
    }

    private static Path firstSegment(Path logDirectory) {
        return logDirectory.resolve("s").resolve("0").resolve(Segment.fileName(0, ".log"));
    }

    @Test
    void anAppendLandsInTheZerosReservedAheadWithoutGrowingTheFileAndClosingCutsThem() throws IOException {
        Path directory = root.resolve("log");
        long end;
        try (EventLog log = EventLog.open(directory, clock, EventLog.DEFAULT_SEGMENT_BYTES)) {
            LogStream stream = log.create(StreamDefinition.of("s", SCHEMA, 1, null, null));
            append(stream, batch(stream.definition().schema(), rows(0, 10)));
            long reserved = stream.sizeBytes() + Segment.RESERVE_BYTES;
            await().atMost(Duration.ofSeconds(10)).until(() -> Files.size(firstSegment(directory)) == reserved);
            append(stream, batch(stream.definition().schema(), rows(10, 10)));
            assertThat(Files.size(firstSegment(directory))).as("the file's length after an append into its zeros")
                    .isEqualTo(reserved);
            end = stream.sizeBytes();
            assertThat(readAll(stream, 0)).hasSize(20);
        }
        assertThat(Files.size(firstSegment(directory))).as("closed, the file ends at its last batch").isEqualTo(end);
    }

    /**
     * Four writers race with the zeros reserved ahead in 8 KiB segments, so that appends reach the
     * zeros being written and segments fill while a reservation may run: the log copied while
     * live (as a kill -9 leaves it: the page cache holds every write made) and the log closed both
     * open again with every acknowledged row of each writer, in order; a full segment that kept
     * zeros would fail to open, as its file would not end at its last batch.
     */
    @Test
    void appendsRacingWithTheReservationsKeepEveryAcknowledgedRowClosedOrKilled() throws Exception {
        Path directory = root.resolve("log");
        Path killed = root.resolve("killed");
        int writers = 4;
        int batches = 150;
        ExecutorService threads = Executors.newFixedThreadPool(writers);
        try (EventLog log = EventLog.open(directory, clock, 8 * 1024)) {
            LogStream stream = log.create(StreamDefinition.of("s", SCHEMA, 1, null, null));
            List<Future<?>> done = new ArrayList<>();
            for (int w = 0; w < writers; w++) {
                int writer = w;
                done.add(threads.submit(() -> {
                    for (int b = 0; b < batches; b++) {
                        append(stream, batch(stream.definition().schema(), rows(writer * 1_000_000 + b * 3, 3)));
                    }
                    return null;
                }));
            }
            for (Future<?> writer : done) {
                writer.get();
            }
            LogDirectories.copy(directory, killed);
        } finally {
            threads.shutdown();
        }
        assertHoldsEveryRow(killed, writers, batches * 3);
        assertHoldsEveryRow(directory, writers, batches * 3);
    }

    private void assertHoldsEveryRow(Path directory, int writers, int rowsEach) {
        try (EventLog log = EventLog.open(directory, clock, 8 * 1024)) {
            LogStream stream = log.stream("s");
            List<List<Object>> all = readAll(stream, 0);
            assertThat(all).as(directory.getFileName().toString()).hasSize(writers * rowsEach);
            for (int w = 0; w < writers; w++) {
                long first = w * 1_000_000L;
                List<Object> ids = all.stream().map(row -> row.get(0)).filter(id -> (long) id >= first
                        && (long) id < first + 1_000_000).toList();
                assertThat(ids).as("writer " + w + " in " + directory.getFileName())
                        .isEqualTo(consecutive(first, rowsEach));
            }
            assertThat(append(stream, batch(stream.definition().schema(), rows(9_000_000, 1))).ranges())
                    .as("appending goes on").hasSize(1);
        }
    }

    private static List<Object> consecutive(long first, int count) {
        return IntStream.range(0, count).mapToObj(i -> (Object) (first + i)).toList();
    }
}
