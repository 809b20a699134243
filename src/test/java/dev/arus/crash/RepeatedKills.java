package dev.arus.crash;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.engine.files.ProtocolProbe;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.LongSupplier;

/**
 * The kills of a crash test: a {@link CrashChild} started on the same checkpoint again and again
 * and killed with SIGKILL, first paused at each step of the checkpoint protocol, at batches
 * further and further on, then at random moments (within one trigger interval after a random
 * batch ahead), and at last run to its end. After each kill the test checks what the sink holds.
 */
final class RepeatedKills {

    private final Function<String, ChildJvm> children;
    private final long lastBatch;
    private final long intervalMs;
    private final Random random;
    private final List<String> kills = new ArrayList<>();

    /**
     * @param children starts a child, paused at {@code <step>:<batchId>} when given one, else unpaused
     * @param lastBatch the batch the children run to
     */
    RepeatedKills(Function<String, ChildJvm> children, long lastBatch, long intervalMs, long seed) {
        this.children = children;
        this.lastBatch = lastBatch;
        this.intervalMs = intervalMs;
        this.random = new Random(seed);
    }

    /**
     * Kills a child at each protocol step {@code rounds} times, then {@code randomKills} times at
     * random; calls {@code afterKill} with the kills so far after each random kill; then runs a
     * child to its end. {@code committedBatches} counts the batches the sink holds.
     *
     * @return what each kill was, for assertion messages
     */
    List<String> run(int rounds, int randomKills, LongSupplier committedBatches, Consumer<List<String>> afterKill)
            throws Exception {
        long batch = 3;
        for (int round = 0; round < rounds; round++) {
            for (ProtocolProbe.Step step : EnumSet.range(ProtocolProbe.Step.OFFSETS_WRITTEN,
                    ProtocolProbe.Step.COMMIT_WRITTEN)) {
                batch += 2 + random.nextInt(3);
                try (ChildJvm child = children.apply(step + ":" + batch)) {
                    String line = awaitLineOrDone(child, "PAUSED", 30_000);
                    assertThat(line).as("child output %s", child.output()).isEqualTo("PAUSED " + step + " " + batch);
                    child.kill();
                    kills.add(line);
                }
            }
        }
        ScheduledExecutorService killer = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "crash-test-killer");
            thread.setDaemon(true);
            return thread;
        });
        try {
            for (int i = 0; i < randomKills; i++) {
                long target = Math.min(lastBatch - 20, committedBatches.getAsLong() + random.nextInt(4));
                boolean done;
                try (ChildJvm child = children.apply(null)) {
                    awaitLineOrDone(child, "BATCH " + target, 30_000);
                    // The SIGKILL goes out on the killer's thread after the random delay; this thread
                    // waits for it to be sent (learning whether the child had finished by then) and
                    // then for the child to be gone.
                    ScheduledFuture<Boolean> kill = killer.schedule(() -> {
                        boolean finished = child.output().contains("DONE");
                        child.sendKill();
                        return finished;
                    }, random.nextInt((int) intervalMs + 1), TimeUnit.MILLISECONDS);
                    done = kill.get(10, TimeUnit.SECONDS);
                    child.awaitExit(Duration.ofSeconds(10));
                }
                kills.add("random kill " + i + " with " + committedBatches.getAsLong() + " batches in the sink"
                        + (done ? " (after it was done)" : ""));
                afterKill.accept(kills);
            }
        } finally {
            killer.shutdownNow();
        }
        try (ChildJvm last = children.apply(null)) {
            assertThat(awaitLineOrDone(last, "DONE", 60_000)).as("final run %s", last.output()).isEqualTo("DONE");
            last.awaitExit(Duration.ofSeconds(10));
        }
        System.out.println("crash test kills: " + kills);
        assertThat(kills).hasSize(rounds * 5 + randomKills);
        assertThat(kills).noneMatch(kill -> kill.contains("after it was done"));
        return List.copyOf(kills);
    }

    /** The first line starting with {@code prefix} (as a word), or {@code DONE} if the child finished first. */
    private static String awaitLineOrDone(ChildJvm child, String prefix, long timeoutMs) throws InterruptedException {
        return child.awaitLine(line -> line.equals(prefix) || line.startsWith(prefix + " ") || line.equals("DONE"),
                Duration.ofMillis(timeoutMs));
    }
}
