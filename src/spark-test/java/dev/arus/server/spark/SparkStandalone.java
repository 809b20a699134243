package dev.arus.server.spark;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A Spark standalone cluster on loopback for tests: a master and workers, each a JVM of its own
 * started from the test classpath (there is no Spark installation: a worker launches its
 * executors with the driver's {@code spark.executor.extraClassPath}, which {@link #driverConf}
 * sets to this classpath). Close it to kill whatever is left.
 */
public final class SparkStandalone implements AutoCloseable {

    private static final Duration STARTUP = Duration.ofSeconds(90);

    private final Path home;
    private final int port;
    private final Node master;
    private final List<Node> workers = new ArrayList<>();

    private SparkStandalone(Path home, int port, Node master) {
        this.home = home;
        this.port = port;
        this.master = master;
    }

    /** Starts a master on a free loopback port and waits until it leads. */
    public static SparkStandalone start() {
        try {
            Path home = Files.createTempDirectory("arus-spark-home-");
            Files.writeString(home.resolve("logback.xml"), """
                    <configuration>
                      <appender name="out" class="ch.qos.logback.core.ConsoleAppender">
                        <encoder><pattern>%d %-5level %logger{36} - %msg%n</pattern></encoder>
                      </appender>
                      <logger name="org.apache.spark.deploy" level="INFO"/>
                      <root level="WARN"><appender-ref ref="out"/></root>
                    </configuration>
                    """);
            int port = freePort();
            Node master = Node.start(home, "org.apache.spark.deploy.master.Master",
                    List.of("--host", "127.0.0.1", "--port", String.valueOf(port), "--webui-port", "0"));
            master.awaitLine("I have been elected leader");
            return new SparkStandalone(home, port, master);
        } catch (IOException failed) {
            throw new UncheckedIOException(failed);
        }
    }

    public String masterUrl() {
        return "spark://127.0.0.1:" + port;
    }

    /** Starts a worker of one core and 1 GB and waits until the master has it. */
    public void startWorker() {
        Node worker = Node.start(home, "org.apache.spark.deploy.worker.Worker", List.of("--host", "127.0.0.1",
                "--webui-port", "0", "--cores", "1", "--memory", "1g", "--work-dir", home.resolve("work").toString(),
                masterUrl()));
        worker.awaitLine("Successfully registered with master");
        workers.add(worker);
    }

    /** Waits until the last worker started has written a line containing {@code text}. */
    public void awaitWorkerLine(String text) {
        workers.get(workers.size() - 1).awaitLine(text);
    }

    /** Waits until the master has written a line containing {@code text}. */
    public void awaitMasterLine(String text) {
        master.awaitLine(text);
    }

    /** Kills the last worker started with SIGKILL, as a machine's loss would. */
    public void killWorker() throws InterruptedException {
        Node worker = workers.remove(workers.size() - 1);
        worker.process.destroyForcibly().waitFor();
    }

    /** The service's settings that make it a driver of this cluster, on loopback, with one small executor. */
    public Map<String, String> driverConf() {
        return Map.of("arus.spark.master", masterUrl(),
                "arus.spark.conf.spark.driver.host", "127.0.0.1",
                "arus.spark.conf.spark.driver.bindAddress", "127.0.0.1",
                "arus.spark.conf.spark.executor.memory", "512m",
                "arus.spark.conf.spark.cores.max", "1",
                "arus.spark.conf.spark.executor.extraClassPath", System.getProperty("java.class.path"));
    }

    @Override
    public void close() {
        for (Node worker : workers) {
            worker.process.destroyForcibly();
        }
        master.process.destroyForcibly();
    }

    /**
     * The service as a child JVM of this classpath, Spark's driver for this cluster, on
     * {@code port}; started once it says so.
     */
    public Node startService(int port, Path dataDir) {
        List<String> arguments = new ArrayList<>(List.of("--server.port=" + port, "--arus.demo.enabled=false",
                "--arus.data-dir=" + dataDir, "--logging.level.org.apache.spark=WARN"));
        driverConf().forEach((key, value) -> arguments.add("--" + key + "=" + value));
        Node service = Node.start(home, "dev.arus.server.ArusApplication", arguments);
        service.awaitLine("Started ArusApplication");
        return service;
    }

    /** A free port on loopback, for a child to listen on. */
    public static int freePort() {
        try (ServerSocket free = new ServerSocket(0)) {
            return free.getLocalPort();
        } catch (IOException failed) {
            throw new UncheckedIOException(failed);
        }
    }

    /** One JVM of the cluster (or the service driving it), its output kept line by line. */
    public static final class Node implements AutoCloseable {

        private final Process process;
        private final List<String> lines = new ArrayList<>();

        private Node(Process process) {
            this.process = process;
            Thread reader = new Thread(this::read, "spark-node-" + process.pid());
            reader.setDaemon(true);
            reader.start();
        }

        static Node start(Path home, String mainClass, List<String> arguments) {
            List<String> command = new ArrayList<>(List.of(
                    Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx512m",
                    "-Dlogback.configurationFile=" + home.resolve("logback.xml"),
                    "-cp", System.getProperty("java.class.path"), mainClass));
            command.addAll(arguments);
            ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
            // No Spark installation: its launcher finds no jars folder under SPARK_HOME, which it
            // tolerates when testing, and takes the classpath from spark.executor.extraClassPath.
            builder.environment().putAll(Map.of("SPARK_HOME", home.toString(), "SPARK_SCALA_VERSION", "2.13",
                    "SPARK_TESTING", "1", "SPARK_LOCAL_IP", "127.0.0.1"));
            try {
                return new Node(builder.start());
            } catch (IOException failed) {
                throw new UncheckedIOException(failed);
            }
        }

        private void read() {
            try (BufferedReader reader = new BufferedReader(
                    new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                    synchronized (lines) {
                        lines.add(line);
                        lines.notifyAll();
                    }
                }
            } catch (IOException ended) {
                // killed
            }
        }

        @Override
        public void close() {
            process.destroyForcibly();
        }

        /** The lines it has written so far. */
        public List<String> output() {
            synchronized (lines) {
                return List.copyOf(lines);
            }
        }

        void awaitLine(String text) {
            long deadline = System.nanoTime() + STARTUP.toNanos();
            synchronized (lines) {
                while (lines.stream().noneMatch(line -> line.contains(text))) {
                    long left = deadline - System.nanoTime();
                    if (left <= 0 || !process.isAlive()) {
                        throw new AssertionError("no '" + text + "' from " + process.info().commandLine()
                                .map(line -> line.substring(Math.max(0, line.length() - 200))).orElse("a node")
                                + "; its output:\n" + String.join("\n", lines));
                    }
                    try {
                        lines.wait(Math.max(1, Math.min(left / 1_000_000, 1000)));
                    } catch (InterruptedException interrupted) {
                        Thread.currentThread().interrupt();
                        throw new AssertionError("interrupted", interrupted);
                    }
                }
            }
        }
    }
}
