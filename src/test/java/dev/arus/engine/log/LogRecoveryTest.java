package dev.arus.engine.log;

import static dev.arus.engine.log.LogRows.append;
import static dev.arus.engine.log.LogRows.batch;
import static dev.arus.engine.log.LogRows.readAll;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arus.engine.data.Schema;
import dev.arus.engine.time.ManualClock;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Opening the log after a crash, on a real filesystem: a torn last batch is cut off wherever the
 * crash tore it, and damage anywhere else is refused, naming the file.
 */
class LogRecoveryTest {

    private static final String SCHEMA = "id BIGINT, name STRING, score DOUBLE";

    @TempDir
    Path root;

    private final ManualClock clock = new ManualClock(1_700_000_000_000L);
    private Path original;
    private long lastBatchStart;
    private long lastBatchEnd;
    private List<List<Object>> kept;

    private static List<List<Object>> rows(int from, int count) {
        return IntStream.range(from, from + count)
                .mapToObj(i -> Arrays.<Object>asList((long) i, i % 4 == 0 ? null : "name-" + i, i / 3.0)).toList();
    }

    /** A one-partition stream of three batches, then a fourth whose bytes the tests tear. */
    @BeforeEach
    void writeFourBatches() throws IOException {
        original = root.resolve("original");
        try (EventLog log = EventLog.open(original, clock, EventLog.DEFAULT_SEGMENT_BYTES)) {
            LogStream stream = log.create(StreamDefinition.of("s", SCHEMA, 1, null, null));
            Schema schema = stream.definition().schema();
            for (int b = 0; b < 3; b++) {
                append(stream, batch(schema, rows(b * 20, 20)));
            }
            kept = readAll(stream, 0);
            lastBatchStart = Files.size(segment(original));
            append(stream, batch(schema, rows(60, 7)));
            lastBatchEnd = Files.size(segment(original));
        }
    }

    private static Path segment(Path logDirectory) {
        return logDirectory.resolve("s").resolve("0").resolve(Segment.fileName(0, ".log"));
    }

    private Path copy(String name) throws IOException {
        Path target = root.resolve(name);
        try (Stream<Path> files = Files.walk(original)) {
            for (Path file : files.toList()) {
                Path to = target.resolve(original.relativize(file).toString());
                if (Files.isDirectory(file)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(file, to);
                }
            }
        }
        return target;
    }

    /** Opens the log, checks it holds exactly the three whole batches, and that appending goes on from there. */
    private void assertTornBatchCut(Path logDirectory, String what) {
        try (EventLog log = EventLog.open(logDirectory, clock, EventLog.DEFAULT_SEGMENT_BYTES)) {
            LogStream stream = log.stream("s");
            assertThat(readAll(stream, 0)).as(what).isEqualTo(kept);
            assertThat(stream.durableEnds()).as(what).containsExactly(60);
            AppendResult next = append(stream, batch(stream.definition().schema(), rows(100, 2)));
            assertThat(next.ranges()).as(what).containsExactly(new AppendResult.Range(0, 60, 2));
            assertThat(readAll(stream, 0)).as(what).hasSize(62);
        }
    }

    @Test
    void aLastBatchCutShortAtAnyByteIsCutOff() throws IOException {
        for (long cut = lastBatchStart; cut < lastBatchEnd; cut++) {
            Path copy = copy("cut-" + cut);
            try (RandomAccessFile file = new RandomAccessFile(segment(copy).toFile(), "rw")) {
                file.setLength(cut);
            }
            assertTornBatchCut(copy, "cut at byte " + cut);
        }
    }

    @Test
    void aLastBatchWhosePagesAreStillZerosIsCutOff() throws IOException {
        for (long zerosFrom : new long[] {lastBatchStart, lastBatchStart + 3, lastBatchStart + 40, lastBatchEnd - 1}) {
            Path copy = copy("zeros-" + zerosFrom);
            try (RandomAccessFile file = new RandomAccessFile(segment(copy).toFile(), "rw")) {
                file.seek(zerosFrom);
                file.write(new byte[(int) (lastBatchEnd - zerosFrom)]);
            }
            assertTornBatchCut(copy, "zeros from byte " + zerosFrom);
        }
    }

    @Test
    void aBatchBeforeTheLastThatDoesNotMatchItsChecksumIsRefusedNamingTheFileWhileOtherStreamsWork()
            throws IOException {
        Path copy = copy("flipped");
        flipByte(segment(copy), lastBatchStart - 5);
        try (EventLog log = EventLog.open(copy, clock, EventLog.DEFAULT_SEGMENT_BYTES)) {
            assertThat(log.damaged()).containsOnlyKeys("s");
            assertThatThrownBy(() -> log.stream("s"))
                    .isInstanceOfSatisfying(LogException.class,
                            e -> assertThat(e.errorClass()).isEqualTo(LogException.LOG_DAMAGED))
                    .hasMessageContaining(segment(copy).toString())
                    .hasMessageContaining("does not match its checksum");
            assertThatThrownBy(() -> log.create(StreamDefinition.of("s", SCHEMA, 1, null, null)))
                    .hasMessageContaining("STREAM_ALREADY_EXISTS");
            LogStream other = log.create(StreamDefinition.of("other", SCHEMA, 1, null, null));
            append(other, batch(other.definition().schema(), rows(0, 3)));
            log.delete("s");
            assertThat(log.damaged()).isEmpty();
            assertThat(copy.resolve("s")).doesNotExist();
        }
    }

    @Test
    void aDamagedHeaderInTheMiddleIsRefusedRatherThanTakenForATornTail() throws IOException {
        Path copy = copy("header");
        flipByte(segment(copy), 0);
        try (EventLog log = EventLog.open(copy, clock, EventLog.DEFAULT_SEGMENT_BYTES)) {
            assertThatThrownBy(() -> log.stream("s"))
                    .isInstanceOf(LogException.class)
                    .hasMessageContaining(segment(copy).toString())
                    .hasMessageContaining("is not a whole batch");
        }
    }

    @Test
    void aDamagedBatchInAFullSegmentIsRefusedWhenReadNamingTheFile() throws IOException {
        Path logDirectory = root.resolve("segments");
        List<Path> segments = new ArrayList<>();
        try (EventLog log = EventLog.open(logDirectory, clock, 1024)) {
            LogStream stream = log.create(StreamDefinition.of("s", SCHEMA, 1, null, null));
            for (int b = 0; b < 10; b++) {
                append(stream, batch(stream.definition().schema(), rows(b * 20, 20)));
            }
        }
        try (Stream<Path> files = Files.list(logDirectory.resolve("s").resolve("0"))) {
            files.filter(f -> f.toString().endsWith(".log")).sorted().forEach(segments::add);
        }
        assertThat(segments).hasSizeGreaterThan(2);
        flipByte(segments.get(0), RecordBatchCodec.HEADER_BYTES + 10);
        try (EventLog log = EventLog.open(logDirectory, clock, 1024)) {
            LogStream stream = log.stream("s");
            assertThatThrownBy(() -> readAll(stream, 0))
                    .isInstanceOfSatisfying(LogException.class,
                            e -> assertThat(e.errorClass()).isEqualTo(LogException.LOG_DAMAGED))
                    .hasMessageContaining(segments.get(0).toString());
            assertThat(LogRows.read(stream, 0, 100, 200)).as("the other segments stay readable").hasSize(100);
        }
    }

    private static void flipByte(Path file, long position) throws IOException {
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
            raf.seek(position);
            int value = raf.read();
            raf.seek(position);
            raf.write(value ^ 0x40);
        }
    }
}
