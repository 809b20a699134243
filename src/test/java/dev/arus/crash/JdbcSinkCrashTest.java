package dev.arus.crash;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.engine.jdbc.PostgresTestServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kills the windowed aggregation writing to the {@code jdbc} sink in update mode with SIGKILL, 20
 * times: twice at each step of the checkpoint protocol (after the sink's transaction committed and
 * before the commit log entry, most of all) and ten times at random, some in the middle of a
 * transaction. The table, read with SQL, must then equal the table of a run that never crashed:
 * each window and key once, with the final count, sum and maximum.
 */
class JdbcSinkCrashTest {

    private static final long LAST_BATCH = 120;
    private static final long INTERVAL_MS = 15;
    private static final String ROWS = "SELECT window_start, window_end, key, count, total, top FROM %s "
            + "ORDER BY window_start, key";

    @TempDir
    Path directory;

    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void tableEqualsAnUncrashedRunsAfterTwentyKills() throws Exception {
        PostgresTestServer database = PostgresTestServer.shared();
        CrashChild.run(CrashQuery.AGGREGATE, directory.resolve("reference"), CrashSink.JDBC_UPDATE, "crash_reference",
                LAST_BATCH, 0, database.url());
        List<String> expected = database.rows(ROWS.formatted("crash_reference"));
        assertThat(expected).hasSizeGreaterThan(40);
        List<String> expectedKeys = expected.stream().map(JdbcSinkCrashTest::windowAndKey).toList();

        Path checkpoint = directory.resolve("crashed");
        RepeatedKills kills = new RepeatedKills(pauseAt -> ChildJvm.start(CrashChild.class, List.of(),
                List.of(CrashQuery.AGGREGATE.name(), checkpoint.toString(), CrashSink.JDBC_UPDATE.name(),
                        "crash_crashed", Long.toString(LAST_BATCH), Long.toString(INTERVAL_MS), database.url()),
                Map.of("ARUS_PAUSE_AT", pauseAt == null ? "" : pauseAt)), LAST_BATCH, INTERVAL_MS, 20261206);
        List<String> killed = kills.run(2, 10, () -> committedBatches(checkpoint), sofar -> {
            List<String> keys = database.rows(ROWS.formatted("crash_crashed")).stream()
                    .map(JdbcSinkCrashTest::windowAndKey).toList();
            assertThat(keys).as("after %s", sofar).doesNotHaveDuplicates();
            assertThat(expectedKeys).as("after %s", sofar).containsAll(keys);
        });

        assertThat(database.rows(ROWS.formatted("crash_crashed"))).as("after kills %s", killed)
                .containsExactlyElementsOf(expected);
    }

    private static String windowAndKey(String row) {
        String[] values = row.split("\\|");
        return values[0] + "|" + values[1] + "|" + values[2];
    }

    /** How many entries the checkpoint's commit log has. */
    private static long committedBatches(Path checkpoint) {
        Path commits = checkpoint.resolve("commits");
        if (!Files.isDirectory(commits)) {
            return 0;
        }
        try (Stream<Path> entries = Files.list(commits)) {
            return entries.filter(entry -> entry.getFileName().toString().matches("\\d+")).count();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
