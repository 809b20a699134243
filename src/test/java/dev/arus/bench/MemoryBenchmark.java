package dev.arus.bench;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * Memory: the resident set size of the service at the chapter's first batch printed
 * {@value #SECONDS} seconds or more after its launch (within its 4-second trigger), with
 * the demo queries running (the chapter's, and the shop's fed by its simulated checkout), as the
 * operating system counts it ({@code VmRSS}): heap, metaspace, code, thread stacks and the mapped
 * archive together. {@code rss} uses the README's start command, {@code rss-plain} {@code java
 * -jar} of the fat jar with the JVM's own defaults, which size the heap from the machine's memory.
 * Prints {@code BENCH} lines.
 *
 * <p>Arguments: the folder of the extracted jar and the fat jar.
 */
public final class MemoryBenchmark {

    private static final int SECONDS = 60;

    private MemoryBenchmark() {
    }

    public static void main(String[] args) {
        print("rss", ServiceProcess.Command.documented(Path.of(args[0])));
        print("rss-plain", ServiceProcess.Command.plain(Path.of(args[1])));
    }

    private static void print(String figure, ServiceProcess.Command command) {
        try (ServiceProcess service = ServiceProcess.start(command, List.of())) {
            // The chapter's query prints a batch every 4 s: the first one from the SECONDS mark on.
            service.awaitLine(line -> line.startsWith("Batch: "), Duration.ofSeconds(SECONDS),
                    Duration.ofSeconds(SECONDS + 60));
            if (service.console().lines().noneMatch(line -> line.contains("Created query revenue-per-category"))) {
                throw new IllegalStateException("the shop's demo query did not start:\n" + service.console());
            }
            System.out.println(String.format(Locale.ROOT, "BENCH %s %.0f MiB (%d threads, %s)", figure,
                    service.residentBytes() / (1024.0 * 1024), service.threads(), BenchLoad.now()));
        }
    }
}
