package dev.arus.server.ui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * A scenario of {@code frontend/e2e} that node runs with playwright-core in Debian's headless
 * Chromium ({@code /usr/bin/chromium}, or {@code ARUS_CHROMIUM}) against the started service; its
 * output goes to the test's. Without Chromium or playwright-core the test is skipped, saying how to
 * install them; with {@code ARUS_REQUIRE_BROWSER=1} (set by {@code .ci/run}) that skip is a failure.
 */
public final class BrowserScenario {

    private static final Path FRONTEND = Path.of("frontend");
    /** The scenario's last lines of output that a failure repeats. */
    private static final int LINES_IN_FAILURE = 12;
    private static final String INSTALL = "apt-get install -y --no-install-recommends chromium chromium-driver";

    private final String script;
    private final Path chromium;

    private BrowserScenario(String script, Path chromium) {
        this.script = script;
        this.chromium = chromium;
    }

    /** The scenario in {@code frontend/e2e/<script>}; skips (or fails) the test here when no browser can run it. */
    public static BrowserScenario of(String script) {
        Path chromium = Path.of(System.getenv().getOrDefault("ARUS_CHROMIUM", "/usr/bin/chromium"));
        requireOrSkip(Files.isExecutable(chromium), "No Chromium at " + chromium + ": install Debian's with `" + INSTALL
                + "` (or set ARUS_CHROMIUM) to run the dashboard's browser tests");
        requireOrSkip(Files.isDirectory(FRONTEND.resolve("node_modules/playwright-core")),
                "frontend/node_modules has no playwright-core: the build's `npm ci` did not run (-DskipDashboard?)");
        return new BrowserScenario(script, chromium);
    }

    /** Runs it against {@code baseUrl} with these extra environment variables, and fails unless it passes. */
    public void run(String baseUrl, Map<String, String> environment) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder("node", "e2e/" + script)
                .directory(FRONTEND.toFile())
                .redirectErrorStream(true);
        Map<String, String> variables = new HashMap<>(environment);
        variables.put("ARUS_BASE_URL", baseUrl);
        variables.put("ARUS_CHROMIUM", chromium.toString());
        builder.environment().putAll(variables);
        Process e2e = builder.start();
        // Through System.out, which Surefire captures: a child writing to the forked JVM's own
        // stdout would corrupt Surefire's channel and its lines end up in a dump file. The last
        // lines are kept for the failure's message too, as a build's summary shows only that.
        Deque<String> lastLines = new ArrayDeque<>();
        Thread output = new Thread(() -> e2e.inputReader().lines().forEach(line -> {
            System.out.println(line);
            synchronized (lastLines) {
                if (lastLines.size() == LINES_IN_FAILURE) {
                    lastLines.removeFirst();
                }
                lastLines.addLast(line);
            }
        }), "e2e-output");
        output.start();
        if (!e2e.waitFor(3, TimeUnit.MINUTES)) {
            e2e.destroyForcibly();
            output.join(5_000);
            fail("the browser scenario " + script + " did not finish within 3 minutes; its last lines were:"
                    + indented(lastLines));
        }
        output.join();
        assertThat(e2e.exitValue()).as("exit code of frontend/e2e/%s, whose last lines were:%s", script,
                indented(lastLines)).isZero();
    }

    private static String indented(Collection<String> lines) {
        String lineBreak = System.lineSeparator() + "  ";
        synchronized (lines) {
            return lineBreak + String.join(lineBreak, lines);
        }
    }

    private static void requireOrSkip(boolean present, String message) {
        if (present) {
            return;
        }
        if ("1".equals(System.getenv("ARUS_REQUIRE_BROWSER"))) {
            fail(message + " (ARUS_REQUIRE_BROWSER=1: the browser test must run)");
        }
        Assumptions.abort(message);
    }
}
