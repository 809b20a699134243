package dev.arus.server.ops;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;

/**
 * Prometheus's own programs, {@code prometheus} and {@code promtool}, from Debian's
 * {@code prometheus} package, found on the {@code PATH}. A test that needs one is skipped where it
 * is missing, saying how to install it; with {@code ARUS_REQUIRE_PROMETHEUS=1} (set by
 * {@code .ci/run}, which installs the package) that skip is a failure.
 */
final class PrometheusTools {

    private static final String INSTALL = "apt-get install -y --no-install-recommends prometheus";

    private PrometheusTools() {
    }

    /** The program {@code name}; skips (or fails) the calling test when it is not installed. */
    static Path require(String name) {
        Optional<Path> found = Arrays.stream(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
                .map(dir -> Path.of(dir, name))
                .filter(Files::isExecutable)
                .findFirst();
        if (found.isPresent()) {
            return found.get();
        }
        String message = "No " + name + " on the PATH: install Debian's Prometheus with `" + INSTALL + "`";
        if ("1".equals(System.getenv("ARUS_REQUIRE_PROMETHEUS"))) {
            fail(message + " (ARUS_REQUIRE_PROMETHEUS=1: this test must run)");
        }
        Assumptions.abort(message);
        throw new AssertionError("unreachable");
    }
}
