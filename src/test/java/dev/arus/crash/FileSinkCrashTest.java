package dev.arus.crash;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.engine.checkpoint.ProtocolProbe;
import dev.arus.engine.sink.FileSinkLogReader;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Kills a stateful query writing to a file sink with SIGKILL, again and again, and restarts it on
 * the same checkpoint: at chosen steps of the checkpoint protocol (the child pauses there and is
 * killed) and at random moments. In the end the sink, read through its log, must hold exactly
 * what an uncrashed run writes: no row lost, none twice. Rows are compared per batch in sorted
 * order, since a join restored from its checkpoint may emit a batch's matches in another order.
 */
class FileSinkCrashTest {

    /** Far enough beyond the batches the kills reach that a child killed at random is never already done. */
    private static final long LAST_BATCH = 120;
    private static final long INTERVAL_MS = 15;

    @TempDir
    Path directory;

    @ParameterizedTest
    @EnumSource(CrashQuery.class)
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void fileSinkHoldsEveryRowExactlyOnceAfterRepeatedKills(CrashQuery query) throws Exception {
        Path reference = directory.resolve("reference");
        CrashChild.run(query, reference.resolve("checkpoint"), reference.resolve("out"), LAST_BATCH, 0);
        Map<Long, List<String>> expected = sortedRows(reference.resolve("out"));
        assertThat(expected).hasSize((int) LAST_BATCH + 1);
        assertThat(expected.values().stream().mapToInt(List::size).sum()).isGreaterThan(40);

        Path checkpoint = directory.resolve("crashed/checkpoint");
        Path out = directory.resolve("crashed/out");
        Random random = new Random(20261016);
        List<String> kills = new ArrayList<>();
        long batch = 3;
        // Each protocol step, twice, at batches further and further on.
        for (int round = 0; round < 2; round++) {
            for (ProtocolProbe.Step step : EnumSet.range(ProtocolProbe.Step.OFFSETS_WRITTEN,
                    ProtocolProbe.Step.COMMIT_WRITTEN)) {
                batch += 2 + random.nextInt(3);
                try (ChildJvm child = startChild(query, checkpoint, out, step + ":" + batch)) {
                    String line = awaitLineOrDone(child, "PAUSED", 30_000);
                    assertThat(line).as("child output %s", child.output()).isEqualTo("PAUSED " + step + " " + batch);
                    child.kill();
                    kills.add(line);
                }
            }
        }
        // Random moments: a random time (within one trigger interval) after a random batch ahead.
        ScheduledExecutorService killer = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "crash-test-killer");
            thread.setDaemon(true);
            return thread;
        });
        try {
            for (int i = 0; i < 12; i++) {
                long logged = FileSinkLogReader.read(out).size();
                long target = Math.min(LAST_BATCH - 20, logged + random.nextInt(4));
                boolean done;
                try (ChildJvm child = startChild(query, checkpoint, out, null)) {
                    awaitLineOrDone(child, "BATCH " + target, 30_000);
                    // The SIGKILL goes out on the killer's thread after the random delay; this thread
                    // waits for it to be sent (learning whether the child had finished by then) and
                    // then for the child to be gone.
                    ScheduledFuture<Boolean> kill = killer.schedule(() -> {
                        boolean finished = child.output().contains("DONE");
                        child.sendKill();
                        return finished;
                    }, random.nextInt((int) INTERVAL_MS + 1), TimeUnit.MILLISECONDS);
                    done = kill.get(10, TimeUnit.SECONDS);
                    child.awaitExit(Duration.ofSeconds(10));
                }
                Map<Long, List<String>> partial = sortedRows(out);
                kills.add("random kill " + i + " with " + partial.size() + " batches logged"
                        + (done ? " (after it was done)" : ""));
                partial.forEach((id, rows) ->
                        assertThat(rows).as("batch %d after %s", id, kills).isEqualTo(expected.get(id)));
            }
        } finally {
            killer.shutdownNow();
        }
        try (ChildJvm last = startChild(query, checkpoint, out, null)) {
            assertThat(awaitLineOrDone(last, "DONE", 60_000)).as("final run %s", last.output()).isEqualTo("DONE");
            last.awaitExit(Duration.ofSeconds(10));
        }

        System.out.println("crash test kills: " + kills);
        assertThat(kills).hasSizeGreaterThanOrEqualTo(20);
        assertThat(kills).noneMatch(kill -> kill.contains("after it was done"));
        assertThat(sortedRows(out)).as("after kills %s", kills).isEqualTo(expected);
    }

    /** Each batch's rows in the sink, sorted. */
    private static Map<Long, List<String>> sortedRows(Path out) {
        Map<Long, List<String>> batches = new TreeMap<>();
        FileSinkLogReader.read(out).forEach((id, rows) -> batches.put(id, rows.stream().sorted().toList()));
        return batches;
    }

    /**
     * A {@link CrashChild} running {@code query} on {@code checkpoint} and {@code out}; with {@code pauseAt}
     * ({@code <step>:<batchId>}) it pauses at that protocol step of that batch.
     */
    private static ChildJvm startChild(CrashQuery query, Path checkpoint, Path out, String pauseAt) {
        return ChildJvm.start(CrashChild.class, List.of(), List.of(query.name(), checkpoint.toString(), out.toString(),
                Long.toString(LAST_BATCH), Long.toString(INTERVAL_MS)),
                Map.of("ARUS_PAUSE_AT", pauseAt == null ? "" : pauseAt));
    }

    /** The first line starting with {@code prefix} (as a word), or {@code DONE} if the child finished first. */
    private static String awaitLineOrDone(ChildJvm child, String prefix, long timeoutMs) throws InterruptedException {
        return child.awaitLine(line -> line.equals(prefix) || line.startsWith(prefix + " ") || line.equals("DONE"),
                Duration.ofMillis(timeoutMs));
    }
}
