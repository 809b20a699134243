package dev.arus.crash;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * A child JVM for the crash tests and for what a real start prints ({@code StartLogTest}): a main class of this test classpath run in a process of its
 * own, so that it can be killed with SIGKILL, its output (stdout and stderr) collected line by
 * line. Close it in a {@code finally} block or with try-with-resources: a child still alive then
 * is killed, so a failing test leaves no process behind.
 */
public final class ChildJvm implements AutoCloseable {

    /** How a JVM killed by SIGKILL (signal 9) exits, as {@link Process#exitValue()} reports it. */
    static final int KILLED_BY_SIGKILL = 128 + 9;

    private final Process process;
    // Guarded by itself: the lines read so far, and whether the reader has reached the end.
    private final List<String> output = new ArrayList<>();
    private boolean outputEnded;

    private ChildJvm(Process process) {
        this.process = process;
        Thread reader = new Thread(this::readOutput, "child-" + process.pid() + "-output");
        reader.setDaemon(true);
        reader.start();
    }

    /**
     * Starts {@code mainClass} with {@code arguments}, with {@code environment} added to this
     * JVM's, the JVM options {@code jvmOptions} and this JVM's classpath. C1 only and class data
     * sharing: the child starts fast and runs briefly.
     */
    public static ChildJvm start(Class<?> mainClass, List<String> jvmOptions, List<String> arguments,
                          Map<String, String> environment) {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", "-Xshare:auto"));
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), mainClass.getName()));
        command.addAll(arguments);
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().putAll(environment);
        try {
            return new ChildJvm(builder.start());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + command, e);
        }
    }

    private void readOutput() {
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
    }

    long pid() {
        return process.pid();
    }

    /** The lines the child has written so far. */
    public List<String> output() {
        synchronized (output) {
            return List.copyOf(output);
        }
    }

    /**
     * The first line {@code wanted} accepts. Fails at the deadline, or once the child has ended
     * and the reader has read its output to the end (its last lines included) without such a line.
     */
    public String awaitLine(Predicate<String> wanted, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        synchronized (output) {
            while (true) {
                for (String line : output) {
                    if (wanted.test(line)) {
                        return line;
                    }
                }
                long leftMs = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
                if (leftMs <= 0 || outputEnded) {
                    if (outputEnded) {
                        // The end of its output comes as the child exits; wait for the exit itself.
                        process.waitFor(Math.max(leftMs, 1), TimeUnit.MILLISECONDS);
                    }
                    throw new AssertionError("no such line from child " + pid() + " within " + timeout + "; exit "
                            + (process.isAlive() ? "none" : process.exitValue()) + ", output " + output);
                }
                // Woken by each line the reader adds and by the end of the output.
                output.wait(leftMs);
            }
        }
    }

    /** Sends SIGKILL, as {@code kill -9} does, without waiting for the child to be gone. */
    void sendKill() {
        process.destroyForcibly();
    }

    /**
     * SIGKILL, as {@code kill -9}, and waits for the child to be gone; fails unless it was
     * SIGKILL that ended it (a child that had exited or crashed on its own exits otherwise).
     */
    void kill() throws InterruptedException {
        sendKill();
        assertThat(awaitExit(Duration.ofSeconds(10)))
                .as("exit of child %d, killed with SIGKILL; output %s", pid(), output())
                .isEqualTo(KILLED_BY_SIGKILL);
    }

    /** Waits for the child to exit by itself and returns its exit value; fails at the deadline. */
    int awaitExit(Duration timeout) throws InterruptedException {
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new AssertionError("child " + pid() + " still runs after " + timeout + "; output " + output());
        }
        return process.exitValue();
    }

    /** Kills the child if it is still alive. */
    @Override
    public void close() {
        if (process.isAlive()) {
            process.destroyForcibly();
        }
    }
}
