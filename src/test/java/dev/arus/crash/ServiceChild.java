package dev.arus.crash;

import dev.arus.server.ApiClient;
import dev.arus.server.ArusApplication;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The whole Arus service ({@link ArusApplication}) in a child JVM on a data directory, as an
 * operator runs it, for a test to kill: no demo, no API token (so it listens on loopback only),
 * a free port that Tomcat picks and logs, and no limit on posts of events that the test would
 * run into. The saved queries of the data directory come back as it starts.
 */
final class ServiceChild implements AutoCloseable {

    private static final Pattern TOMCAT_PORT = Pattern.compile("Tomcat started on port (\\d+)");
    private static final Duration STARTUP_LIMIT = Duration.ofSeconds(60);

    private final ChildJvm jvm;

    private ServiceChild(ChildJvm jvm) {
        this.jvm = jvm;
    }

    /** Starts the service on {@code dataDirectory} with {@code settings} (Spring properties) on top of the test's own. */
    static ServiceChild launch(Path dataDirectory, Map<String, String> settings) {
        List<String> arguments = new ArrayList<>(List.of(
                "--arus.data-dir=" + dataDirectory,
                "--arus.demo.enabled=false",
                "--arus.security.api-token=",
                "--server.port=0",
                "--arus.limits.ingest-requests-per-minute=100000000"));
        settings.forEach((name, value) -> arguments.add("--" + name + "=" + value));
        return new ServiceChild(ChildJvm.start(ArusApplication.class, List.of("-Xmx512m"), arguments, Map.of()));
    }

    /** Waits until the service has started (its saved queries restored, Tomcat listening) and returns a client for it. */
    ApiClient awaitStarted() throws InterruptedException {
        String listening = jvm.awaitLine(line -> TOMCAT_PORT.matcher(line).find(), STARTUP_LIMIT);
        jvm.awaitLine(line -> line.contains("Started " + ArusApplication.class.getSimpleName()), STARTUP_LIMIT);
        Matcher port = TOMCAT_PORT.matcher(listening);
        port.find();
        return new ApiClient(Integer.parseInt(port.group(1)));
    }

    /** SIGKILL; fails unless that is what ended it. */
    void kill() throws InterruptedException {
        jvm.kill();
    }

    List<String> output() {
        return jvm.output();
    }

    @Override
    public void close() {
        jvm.close();
    }
}
