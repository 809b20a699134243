package dev.arus.engine.sink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arus.engine.streaming.ArusException;
import dev.arus.engine.time.ManualClock;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The file sink's log as Spark's {@code CompactibleFileStreamLog} writes it: the compactions
 * Spark's reader needs (issue: Spark failed on {@code 9.compact} after batch 8), and the
 * deletion of old log files.
 */
class FileSinkLogTest {

    private static final long WRITTEN_AT = 1_792_000_000_000L;

    @TempDir
    Path directory;

    private final ManualClock clock = new ManualClock(WRITTEN_AT);

    private FileSinkLog log(int minBatchesToRetain) {
        return new FileSinkLog(directory, clock, FileSinkLog.DEFAULT_COMPACT_INTERVAL,
                FileSinkLog.DEFAULT_CLEANUP_DELAY, minBatchesToRetain);
    }

    private static String entry(long batch) {
        return "{\"path\":\"file:/out/part-00000-b" + batch + "-c000.json\",\"action\":\"add\"}";
    }

    private List<String> files() throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            return files.map(file -> file.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void everyTenthBatchIsACompactionHoldingEveryBatchBeforeIt() throws IOException {
        FileSinkLog log = log(FileSinkLog.DEFAULT_MIN_BATCHES_TO_RETAIN);
        for (long batch = 0; batch < 25; batch++) {
            // Batch 13 wrote no data file: its entry is the version line alone.
            log.add(batch, batch == 13 ? List.of() : List.of(entry(batch)));
        }

        assertThat(files()).contains("8", "9.compact", "18", "19.compact", "24").doesNotContain("9", "19");
        assertThat(Files.readString(directory.resolve("8"))).isEqualTo("v1\n" + entry(8));
        assertThat(Files.readString(directory.resolve("13"))).isEqualTo("v1");
        List<String> expected = new ArrayList<>(List.of("v1"));
        LongStream.rangeClosed(0, 19).filter(batch -> batch != 13).mapToObj(FileSinkLogTest::entry)
                .forEach(expected::add);
        assertThat(Files.readAllLines(directory.resolve("19.compact"))).isEqualTo(expected);
        assertThat(log.latestBatchId()).isEqualTo(24);
        assertThat(log(FileSinkLog.DEFAULT_MIN_BATCHES_TO_RETAIN).latestBatchId()).isEqualTo(24);
    }

    /**
     * Spark's deleteExpiredLog: with 5 batches to retain, batch 24 keeps the compaction 19 and
     * what follows it, and deletes older files only once they are 10 minutes old.
     */
    @Test
    void deletesFilesBeforeTheCompactionItKeepsOnceTheyAreOldEnough() throws IOException {
        FileSinkLog log = log(5);
        for (long batch = 0; batch < 24; batch++) {
            log.add(batch, List.of(entry(batch)));
        }
        try (Stream<Path> files = Files.list(directory)) {
            for (Path file : files.toList()) {
                Files.setLastModifiedTime(file, FileTime.fromMillis(WRITTEN_AT));
            }
        }
        clock.advanceMillis(Duration.ofMinutes(10).toMillis() - 1);
        log.add(24, List.of(entry(24)));
        assertThat(files()).contains("0", "9.compact");

        clock.advanceMillis(1);
        log.add(25, List.of(entry(25)));

        assertThat(files()).containsExactly("19.compact", "20", "21", "22", "23", "24", "25");
    }

    @Test
    void aCompactionWhoseBatchIsGoneFailsWithSparksWords() throws IOException {
        FileSinkLog log = log(FileSinkLog.DEFAULT_MIN_BATCHES_TO_RETAIN);
        for (long batch = 0; batch < 9; batch++) {
            log.add(batch, List.of(entry(batch)));
        }
        Files.delete(directory.resolve("4"));

        assertThatThrownBy(() -> log.add(9, List.of(entry(9)))).isInstanceOf(ArusException.class)
                .hasMessage(directory.resolve("4") + " doesn't exist when compacting batch 9 (compactInterval: 10)");
        assertThat(files()).doesNotContain("9.compact");
    }

    /** Spark's deriveCompactInterval: a log keeps the interval its compactions were written with. */
    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
        "10;;10",
        "10;4;5",
        "5;11;6",
        "3;9;5",
        "7;9;10",
        "10;9,19;10",
        "10;2,5;3",
    })
    void derivesTheIntervalFromTheCompactionsThere(int defaultInterval, String compactions, int expected) {
        List<Long> ids = compactions == null ? List.of()
                : Stream.of(compactions.split(",")).map(Long::parseLong).toList();

        assertThat(FileSinkLog.compactInterval(defaultInterval, ids)).isEqualTo(expected);
    }

    @Test
    void aLogWrittenWithAnotherIntervalIsCompactedAtItsOwn() throws IOException {
        Files.writeString(directory.resolve("2.compact"), "v1\n" + entry(0));
        Files.writeString(directory.resolve("5.compact"), "v1\n" + entry(0));

        FileSinkLog log = log(FileSinkLog.DEFAULT_MIN_BATCHES_TO_RETAIN);
        log.add(6, List.of(entry(6)));
        log.add(7, List.of(entry(7)));
        log.add(8, List.of(entry(8)));

        assertThat(log.compactInterval()).isEqualTo(3);
        assertThat(Files.readAllLines(directory.resolve("8.compact"))).containsExactly("v1", entry(0), entry(6),
                entry(7), entry(8));
    }
}
