package dev.arus.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The built service as a child process, started the way a user starts it: its own JVM, a fresh
 * data directory, a free port ({@code --server.port=0}, read back from Tomcat's log line), and
 * its console read line by line as it comes. RSS and CPU time are read from {@code /proc}, so
 * the figures that need them run on Linux only. Not thread-safe, except {@link #awaitLine}.
 */
public final class ServiceProcess implements AutoCloseable {

    private static final Pattern PORT = Pattern.compile("Tomcat started on port (\\d+)");

    /** A launch: the JVM's options and the jar, as a user types them. */
    public record Command(String name, List<String> jvmOptions, Path jar) {

        /**
         * The start command the README gives: the project's JVM settings ({@code jvm.options}),
         * the class data sharing archive trained at build time, and the extracted jar they belong to;
         * then the options of the system property {@code bench.service.jvm}, if any, separated by
         * spaces (for a profile: {@code -XX:StartFlightRecording=settings=profile,filename=service.jfr}).
         */
        public static Command documented(Path app) {
            List<String> options = new ArrayList<>(List.of("@" + app.resolve("jvm.options"),
                    "-XX:SharedArchiveFile=" + app.resolve("arus.jsa")));
            String extra = System.getProperty("bench.service.jvm", "").trim();
            if (!extra.isEmpty()) {
                options.addAll(List.of(extra.split("\\s+")));
            }
            return new Command("documented", options, app.resolve("arus.jar"));
        }

        /** {@code java -jar} of the fat jar with the JVM's own defaults: what the figures are compared with. */
        static Command plain(Path fatJar) {
            return new Command("plain", List.of(), fatJar);
        }
    }

    private final Process process;
    private final long startNanos;
    private final Path dataDir;
    private final List<TimedLine> lines = new ArrayList<>();
    private final Thread reader;

    private record TimedLine(long nanos, String text) {
    }

    private ServiceProcess(Process process, long startNanos, Path dataDir) {
        this.process = process;
        this.startNanos = startNanos;
        this.dataDir = dataDir;
        this.reader = new Thread(this::readConsole, "service-console");
        this.reader.setDaemon(true);
        this.reader.start();
    }

    /** Starts {@code command} with {@code arguments} (Spring properties as {@code --name=value}) after the defaults. */
    public static ServiceProcess start(Command command, List<String> arguments) {
        Path dataDir = BenchFiles.temporaryDirectory("arus-bench-service");
        List<String> line = new ArrayList<>();
        line.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        line.addAll(command.jvmOptions());
        line.add("-jar");
        line.add(command.jar().toString());
        line.add("--arus.data-dir=" + dataDir);
        line.add("--server.port=0");
        line.addAll(arguments);
        ProcessBuilder builder = new ProcessBuilder(line).redirectErrorStream(true);
        builder.environment().remove("JAVA_TOOL_OPTIONS");
        builder.environment().remove("JDK_JAVA_OPTIONS");
        try {
            long start = System.nanoTime();
            return new ServiceProcess(builder.start(), start, dataDir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Nanoseconds from the launch until the first console line matching {@code line}.
     *
     * @throws IllegalStateException if the process ends or {@code timeout} passes first; with its console
     */
    public long awaitLine(Predicate<String> line, Duration timeout) {
        return awaitLine(line, Duration.ZERO, timeout);
    }

    /**
     * Nanoseconds from the launch until the first console line matching {@code line} printed
     * {@code notBefore} or later after the launch.
     *
     * @throws IllegalStateException if the process ends or {@code timeout} passes first; with its console
     */
    long awaitLine(Predicate<String> line, Duration notBefore, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        synchronized (lines) {
            int seen = 0;
            while (true) {
                for (; seen < lines.size(); seen++) {
                    long at = lines.get(seen).nanos() - startNanos;
                    if (at >= notBefore.toNanos() && line.test(lines.get(seen).text())) {
                        return at;
                    }
                }
                long left = deadline - System.nanoTime();
                if (left <= 0 || (!process.isAlive() && !reader.isAlive())) {
                    throw new IllegalStateException("the service printed no such line; its console:\n" + console());
                }
                try {
                    lines.wait(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException(e);
                }
            }
        }
    }

    /** The port Tomcat listens on, once it has said so. */
    public int port() {
        awaitLine(text -> PORT.matcher(text).find(), Duration.ofSeconds(60));
        synchronized (lines) {
            for (TimedLine timed : lines) {
                Matcher matcher = PORT.matcher(timed.text());
                if (matcher.find()) {
                    return Integer.parseInt(matcher.group(1));
                }
            }
        }
        throw new IllegalStateException("no port");
    }

    /** The service's data directory, fresh for this process. */
    public Path dataDir() {
        return dataDir;
    }

    long pid() {
        return process.pid();
    }

    /** Resident set size in bytes ({@code VmRSS} of {@code /proc/<pid>/status}). */
    long residentBytes() {
        for (String field : read(Path.of("/proc", Long.toString(pid()), "status"))) {
            if (field.startsWith("VmRSS:")) {
                return Long.parseLong(field.replaceAll("\\D", "")) * 1024;
            }
        }
        throw new IllegalStateException("no VmRSS");
    }

    /** The largest resident set size the process has had, in bytes ({@code VmHWM} of {@code /proc/<pid>/status}). */
    long peakResidentBytes() {
        for (String field : read(Path.of("/proc", Long.toString(pid()), "status"))) {
            if (field.startsWith("VmHWM:")) {
                return Long.parseLong(field.replaceAll("\\D", "")) * 1024;
            }
        }
        throw new IllegalStateException("no VmHWM");
    }

    /** The threads the process has ({@code Threads} of {@code /proc/<pid>/status}). */
    int threads() {
        for (String field : read(Path.of("/proc", Long.toString(pid()), "status"))) {
            if (field.startsWith("Threads:")) {
                return Integer.parseInt(field.replaceAll("\\D", ""));
            }
        }
        throw new IllegalStateException("no Threads");
    }

    /**
     * CPU time the process has used, user and system, in clock ticks ({@code /proc/<pid>/stat}
     * fields 14 and 15; 100 a second on Linux).
     */
    long cpuTicks() {
        String stat = read(Path.of("/proc", Long.toString(pid()), "stat")).get(0);
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
    }

    public String console() {
        synchronized (lines) {
            StringBuilder text = new StringBuilder();
            lines.forEach(line -> text.append(line.text()).append('\n'));
            return text.toString();
        }
    }

    /** Ends the service as SIGTERM would, waits for it, and removes its data directory. */
    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
            }
            reader.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        BenchFiles.delete(dataDir);
    }

    private void readConsole() {
        try (BufferedReader console = new BufferedReader(
                new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String text;
            while ((text = console.readLine()) != null) {
                long now = System.nanoTime();
                synchronized (lines) {
                    lines.add(new TimedLine(now, text));
                    lines.notifyAll();
                }
            }
        } catch (IOException e) {
            // The process ended; awaitLine reports what it printed.
        } finally {
            synchronized (lines) {
                lines.notifyAll();
            }
        }
    }

    private static List<String> read(Path file) {
        try {
            return Files.readAllLines(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
