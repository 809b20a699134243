package dev.arus.crash;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.engine.sink.FileSinkLogReader;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Kills a stateful query writing to a file sink (json, and parquet read back by DuckDB) with SIGKILL, again and again, and restarts it on
 * the same checkpoint: at chosen steps of the checkpoint protocol (the child pauses there and is
 * killed) and at random moments. In the end the sink, read through its log, must hold exactly
 * what an uncrashed run writes: no row lost, none twice. Rows are compared per batch in sorted
 * order, since a join restored from its checkpoint may emit a batch's matches in another order.
 * The Kafka query reads a topic of the test JVM's broker over loopback; its output must also count
 * each record of the topic once.
 */
class FileSinkCrashTest {

    /** Far enough beyond the batches the kills reach that a child killed at random is never already done. */
    private static final long LAST_BATCH = 120;
    private static final long INTERVAL_MS = 15;

    @TempDir
    Path directory;

    /**
     * Every query into the json sink; into the parquet sink the aggregation (the window struct)
     * and the outer join (NULLs), read back by DuckDB, as the Kafka query's rows are checked as JSON.
     */
    static Stream<Arguments> queriesAndSinks() {
        return Stream.concat(Stream.of(CrashQuery.values()).map(query -> Arguments.of(query, CrashSink.JSON_FILE)),
                Stream.of(CrashQuery.AGGREGATE, CrashQuery.JOIN).map(query -> Arguments.of(query, CrashSink.PARQUET_FILE)));
    }

    @ParameterizedTest(name = "{0} into {1}")
    @MethodSource("queriesAndSinks")
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void fileSinkHoldsEveryRowExactlyOnceAfterRepeatedKills(CrashQuery query, CrashSink sink) throws Exception {
        String kafkaServers = query.readsKafka() ? CrashTopic.servers() : null;
        Path reference = directory.resolve("reference");
        CrashChild.run(query, reference.resolve("checkpoint"), sink, reference.resolve("out").toString(),
                LAST_BATCH, 0, kafkaServers);
        Map<Long, List<String>> expected = sortedRows(sink, reference.resolve("out"));
        assertThat(expected).hasSize((int) LAST_BATCH + 1);
        assertThat(expected.values().stream().mapToInt(List::size).sum()).isGreaterThan(40);

        Path checkpoint = directory.resolve("crashed/checkpoint");
        Path out = directory.resolve("crashed/out");
        RepeatedKills kills = new RepeatedKills(pauseAt -> ChildJvm.start(CrashChild.class, List.of(),
                List.of(query.name(), checkpoint.toString(), sink.name(), out.toString(),
                        Long.toString(LAST_BATCH), Long.toString(INTERVAL_MS), kafkaServers == null ? "-" : kafkaServers),
                Map.of("ARUS_PAUSE_AT", pauseAt == null ? "" : pauseAt)), LAST_BATCH, INTERVAL_MS, 20261016);
        List<String> killed = kills.run(2, 12, () -> FileSinkLogReader.read(out, file -> List.of()).size(), sofar ->
                sortedRows(sink, out).forEach((id, rows) ->
                        assertThat(rows).as("batch %d after %s", id, sofar).isEqualTo(expected.get(id))));

        assertThat(sortedRows(sink, out)).as("after kills %s", killed).isEqualTo(expected);
        if (query.readsKafka()) {
            assertEveryRecordCountedOnce(expected);
        }
    }

    /**
     * Each window and key of the Kafka query once, with the count of the records of
     * {@link CrashTopic} in it, and every record up to the last window's end counted.
     */
    private static void assertEveryRecordCountedOnce(Map<Long, List<String>> output) {
        Pattern row = Pattern.compile("\\{\"start\":\"([^\"]+)\",\"key\":(\\d+),\"count\":(\\d+),\"total\":(\\d+)}");
        Map<String, Long> counted = new TreeMap<>();
        long lastStart = Long.MIN_VALUE;
        for (List<String> rows : output.values()) {
            for (String line : rows) {
                Matcher matched = row.matcher(line);
                assertThat(matched.matches()).as(line).isTrue();
                long start = Instant.parse(matched.group(1)).getEpochSecond();
                lastStart = Math.max(lastStart, start);
                assertThat(counted.put(start + "/" + matched.group(2), Long.parseLong(matched.group(3))))
                        .as("window %s key %s emitted twice", matched.group(1), matched.group(2)).isNull();
            }
        }
        Map<String, Long> expected = new TreeMap<>();
        for (int i = 0; i < CrashTopic.RECORDS; i++) {
            long second = CrashTopic.eventSeconds(i);
            long start = Math.floorDiv(second, 5) * 5;
            if (start <= lastStart) {
                expected.merge(start + "/" + CrashTopic.key(i), 1L, Long::sum);
            }
        }
        assertThat(counted).isEqualTo(expected);
    }

    /** Each batch's rows in the sink, sorted. */
    private static Map<Long, List<String>> sortedRows(CrashSink sink, Path out) {
        Map<Long, List<String>> batches = new TreeMap<>();
        sink.batches(out).forEach((id, rows) -> batches.put(id, rows.stream().sorted().toList()));
        return batches;
    }
}
