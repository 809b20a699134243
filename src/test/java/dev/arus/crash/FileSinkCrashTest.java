package dev.arus.crash;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.engine.checkpoint.ProtocolProbe;
import dev.arus.engine.sink.FileSinkLogReader;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kills a query writing to a file sink with SIGKILL, again and again, and restarts it on the same
 * checkpoint: at chosen steps of the checkpoint protocol (the child pauses there and is killed)
 * and at random moments. In the end the sink, read through its log, must hold exactly what an
 * uncrashed run writes: no row lost, none twice.
 */
class FileSinkCrashTest {

    /** Far enough beyond the batches the kills reach that a child killed at random is never already done. */
    private static final long LAST_BATCH = 120;
    private static final long INTERVAL_MS = 15;

    @TempDir
    Path directory;

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void fileSinkHoldsEveryRowExactlyOnceAfterRepeatedKills() throws Exception {
        Path reference = directory.resolve("reference");
        CrashChild.run(reference.resolve("checkpoint"), reference.resolve("out"), LAST_BATCH, 0);
        Map<Long, List<String>> expected = FileSinkLogReader.read(reference.resolve("out"));
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
                Run run = Run.start(checkpoint, out, step + ":" + batch);
                String line = run.awaitLine("PAUSED", 30_000);
                assertThat(line).as("child output %s", run.output).isEqualTo("PAUSED " + step + " " + batch);
                run.kill();
                kills.add(line);
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
                Run run = Run.start(checkpoint, out, null);
                run.awaitLine("BATCH " + target, 30_000);
                // The SIGKILL goes out on the killer's thread after the random delay; this thread
                // waits for it to be sent (learning whether the child had finished by then) and
                // then for the child to be gone.
                ScheduledFuture<Boolean> kill = killer.schedule(() -> {
                    boolean finished = run.output.contains("DONE");
                    run.process.destroyForcibly();
                    return finished;
                }, random.nextInt((int) INTERVAL_MS + 1), TimeUnit.MILLISECONDS);
                boolean done = kill.get(10, TimeUnit.SECONDS);
                run.process.waitFor(10, TimeUnit.SECONDS);
                Map<Long, List<String>> partial = FileSinkLogReader.read(out);
                kills.add("random kill " + i + " with " + partial.size() + " batches logged"
                        + (done ? " (after it was done)" : ""));
                partial.forEach((id, rows) -> assertThat(rows).as("batch %d after %s", id, kills).isEqualTo(expected.get(id)));
            }
        } finally {
            killer.shutdownNow();
        }
        Run last = Run.start(checkpoint, out, null);
        assertThat(last.awaitLine("DONE", 60_000)).as("final run %s", last.output).isEqualTo("DONE");
        last.process.waitFor(10, TimeUnit.SECONDS);

        System.out.println("crash test kills: " + kills);
        assertThat(kills).hasSizeGreaterThanOrEqualTo(20);
        assertThat(kills).noneMatch(kill -> kill.contains("after it was done"));
        assertThat(FileSinkLogReader.read(out)).as("after kills %s", kills).isEqualTo(expected);
    }

    /** One child JVM, its output collected line by line. */
    private static final class Run {
        final Process process;
        final List<String> output = java.util.Collections.synchronizedList(new ArrayList<>());
        /** Whether the reader has read the child's output to its end; guarded by {@code output}. */
        private boolean outputEnded;

        private Run(Process process) {
            this.process = process;
            Thread reader = new Thread(() -> {
                try (BufferedReader lines = new BufferedReader(
                        new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                    for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                        synchronized (output) {
                            output.add(line);
                            output.notifyAll();
                        }
                    }
                } catch (IOException ignored) {
                    // the process was killed
                } finally {
                    synchronized (output) {
                        outputEnded = true;
                        output.notifyAll();
                    }
                }
            });
            reader.setDaemon(true);
            reader.start();
        }

        static Run start(Path checkpoint, Path out, String pauseAt) throws IOException {
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            ProcessBuilder builder = new ProcessBuilder(java, "-XX:TieredStopAtLevel=1", "-Xshare:auto",
                    "-cp", System.getProperty("java.class.path"), CrashChild.class.getName(),
                    checkpoint.toString(), out.toString(), Long.toString(LAST_BATCH), Long.toString(INTERVAL_MS));
            builder.redirectError(ProcessBuilder.Redirect.DISCARD);
            if (pauseAt != null) {
                builder.environment().put("ARUS_PAUSE_AT", pauseAt);
            } else {
                builder.environment().remove("ARUS_PAUSE_AT");
            }
            return new Run(builder.start());
        }

        /**
         * The first line starting with {@code prefix}, or {@code DONE} if the child finished first.
         * Fails at the deadline, or once the child has ended and the reader has read its output to
         * the end (its last lines included) without such a line.
         */
        String awaitLine(String prefix, long timeoutMs) throws InterruptedException {
            long deadline = System.currentTimeMillis() + timeoutMs;
            synchronized (output) {
                while (true) {
                    for (String line : output) {
                        if (matches(line, prefix)) {
                            return line;
                        }
                    }
                    long left = deadline - System.currentTimeMillis();
                    if (left <= 0 || outputEnded) {
                        if (outputEnded) {
                            // The end of its output comes as the child exits; wait for the exit itself.
                            process.waitFor(Math.max(left, 1), TimeUnit.MILLISECONDS);
                        }
                        throw new AssertionError("no line '" + prefix + "' from the child; exit "
                                + (process.isAlive() ? "none" : process.exitValue()) + ", output " + output);
                    }
                    // Woken by each line the reader adds and by the end of the output.
                    output.wait(left);
                }
            }
        }

        private static boolean matches(String line, String prefix) {
            return line.equals(prefix) || line.startsWith(prefix + " ") || line.equals("DONE");
        }

        /** SIGKILL, as {@code kill -9}. */
        void kill() throws InterruptedException {
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
        }
    }

    static {
        // The child needs the test classpath as this JVM sees it.
        assert System.getProperty("java.class.path").contains(File.pathSeparator)
                || !System.getProperty("java.class.path").isEmpty();
    }
}
