package dev.arus.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The machine's load when a figure was taken, printed beside it: on a shared machine a figure
 * means little without it.
 */
final class BenchLoad {

    private BenchLoad() {
    }

    /** "load 1.23 on 2 cores": the one-minute load average ({@code /proc/loadavg} where there is one). */
    static String now() {
        int cores = Runtime.getRuntime().availableProcessors();
        try {
            String oneMinute = Files.readString(Path.of("/proc/loadavg")).split(" ")[0];
            return "load " + oneMinute + " on " + cores + " cores";
        } catch (IOException | RuntimeException e) {
            return String.format(java.util.Locale.ROOT, "load %.2f on %d cores",
                    ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(), cores);
        }
    }
}
