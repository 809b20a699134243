package dev.arus.server.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Shell commands of the documentation run as a reader runs them: by bash in a working directory,
 * one block after the other, with the machine's curl, against the started service (its port for
 * the docs' {@code localhost:8080}) and, where a block names {@code localhost:9092}, the test's
 * Kafka broker, whose {@code kafka-topics.sh}, {@code kafka-console-producer.sh} and
 * {@code kafka-console-consumer.sh} are Kafka's own tools run from the test's class path. The
 * variables a block sets ({@code ID=...}) are there in the blocks after it, and every request
 * curl makes is recorded with the status it was answered with and its body.
 */
final class ShellSession {

    /** A request curl made: the status of its last answer and the answer's body. */
    record Request(int status, String body) {
    }

    /** What a block did: its exit status, its standard output and error, and its requests in order. */
    record Run(int exit, String out, String err, List<Request> requests) {
    }

    private static final Pattern ASSIGNMENT = Pattern.compile("(?m)(?:^|[;&]\\s*)([A-Z_][A-Z0-9_]*)=");
    private static final Pattern STATUS_LINE = Pattern.compile("(?m)^HTTP/\\S+ (\\d{3})");
    private static final Map<String, String> KAFKA_TOOLS = Map.of(
            "kafka-topics.sh", "org.apache.kafka.tools.TopicCommand",
            "kafka-console-producer.sh", "org.apache.kafka.tools.ConsoleProducer",
            "kafka-console-consumer.sh", "org.apache.kafka.tools.consumer.ConsoleConsumer");

    /** Kafka's tools log as its scripts' log4j configuration has them: warnings, on standard error. */
    private static final String KAFKA_TOOLS_LOGGING = """
            <configuration>
              <appender name="err" class="ch.qos.logback.core.ConsoleAppender">
                <target>System.err</target>
                <encoder><pattern>%-5level %logger - %msg%n</pattern></encoder>
              </appender>
              <root level="WARN"><appender-ref ref="err"/></root>
            </configuration>
            """;

    private final Path directory;
    private final Path requests;
    private final Path bin;
    private final Path variablesFile;
    private final int port;
    private final Supplier<String> kafkaServers;
    private final Set<String> variables = new TreeSet<>();
    private int blocks;

    /**
     * A session working in {@code directory} (its own files in a hidden directory there) against the service on {@code port}; {@code
     * kafkaServers} gives the broker's address, asked only by a block that names one.
     */
    ShellSession(Path directory, int port, Supplier<String> kafkaServers) {
        this.directory = directory;
        this.port = port;
        this.kafkaServers = kafkaServers;
        try {
            Path own = Files.createTempDirectory(directory, ".shell");
            this.requests = Files.createDirectories(own.resolve("requests"));
            this.bin = own.resolve("bin");
            this.variablesFile = own.resolve("variables");
            Files.createDirectories(bin);
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            Path logging = Files.writeString(own.resolve("kafka-tools-logback.xml"), KAFKA_TOOLS_LOGGING);
            for (Map.Entry<String, String> tool : KAFKA_TOOLS.entrySet()) {
                Path script = bin.resolve(tool.getKey());
                Files.writeString(script, "#!/bin/sh\nexec '" + java + "' -Dlogback.configurationFile='" + logging
                        + "' -cp '" + System.getProperty("java.class.path") + "' " + tool.getValue() + " \"$@\"\n");
                Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Writes {@code text} as the file {@code name} of the working directory, as a reader saves it. */
    void save(String name, String text) {
        try {
            Files.writeString(directory.resolve(name), forThisService(text));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Runs {@code commands} with bash ({@code -euo pipefail}), waiting at most {@code timeoutSeconds}. */
    Run run(String commands, long timeoutSeconds) throws IOException, InterruptedException {
        int block = ++blocks;
        Matcher assignment = ASSIGNMENT.matcher(commands);
        while (assignment.find()) {
            variables.add(assignment.group(1));
        }
        String script = forThisService(commands);
        Path calls = requests.resolve(block + ".list");
        StringBuilder keep = new StringBuilder();
        variables.forEach(name -> keep.append("declare -p ").append(name).append(" 2>/dev/null || true; "));
        String session = """
                set -euo pipefail
                shopt -s inherit_errexit
                export PATH='%s':"$PATH"
                if [ -f '%s' ]; then source '%s'; fi
                curl() {
                  local call; call=$(mktemp -p '%s' call.XXXXXXXX)
                  command curl -sS -D "$call.headers" "$@" | tee "$call.body"
                  echo "$call" >> '%s'
                }
                %s
                { :; %s } > '%s'
                """.formatted(bin, variablesFile, variablesFile, requests, calls, script, keep, variablesFile);
        Path out = requests.resolve(block + ".out");
        Path err = requests.resolve(block + ".err");
        Process bash = new ProcessBuilder("bash", "-c", session).directory(directory.toFile())
                .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!bash.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            bash.descendants().forEach(ProcessHandle::destroyForcibly);
            bash.destroyForcibly().waitFor();
            return new Run(-1, Files.readString(out), Files.readString(err) + "\n(still running after "
                    + timeoutSeconds + " s: stopped)", requestsOf(calls));
        }
        return new Run(bash.exitValue(), Files.readString(out), Files.readString(err), requestsOf(calls));
    }

    /** {@code text} with the docs' {@code localhost:8080} as this service and {@code localhost:9092} as the test's broker. */
    private String forThisService(String text) {
        String here = text.replace("localhost:8080", "localhost:" + port);
        return here.contains("localhost:9092") ? here.replace("localhost:9092", kafkaServers.get()) : here;
    }

    private static List<Request> requestsOf(Path calls) throws IOException {
        List<Request> made = new ArrayList<>();
        if (!Files.exists(calls)) {
            return made;
        }
        for (String call : Files.readAllLines(calls)) {
            Matcher status = STATUS_LINE.matcher(Files.readString(Path.of(call + ".headers")));
            int last = 0;
            while (status.find()) {
                last = Integer.parseInt(status.group(1));
            }
            made.add(new Request(last, withoutHeaders(Files.readString(Path.of(call + ".body")))));
        }
        return made;
    }

    /** The body of an answer curl wrote with {@code -i}, its headers first. */
    private static String withoutHeaders(String written) {
        if (!written.startsWith("HTTP/")) {
            return written;
        }
        int end = written.indexOf("\r\n\r\n");
        return end < 0 ? "" : written.substring(end + 4);
    }
}
