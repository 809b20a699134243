package dev.arus.bench;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Start: from launching the service's JVM to the chapter's first batch on its console
 * ({@code Batch: 0}, printed by the console sink of the demo query), as a child process with a
 * fresh data directory each time. One unmeasured start first (the page cache, the archive's
 * first mapping), then the median of {@value #STARTS}. {@code startup} uses the README's start
 * command ({@link ServiceProcess.Command#documented}); {@code startup-plain} is {@code java -jar}
 * of the fat jar with no options, the figure it is compared with. Each line also gives the median
 * CPU time the service had used at its first batch, which a busy machine distorts less than the
 * wall time. Prints {@code BENCH} lines.
 *
 * <p>Arguments: the folder of the extracted jar (its {@code jvm.options} and {@code arus.jsa})
 * and the fat jar.
 */
public final class StartupBenchmark {

    private static final int STARTS = 5;

    private StartupBenchmark() {
    }

    public static void main(String[] args) {
        Path app = Path.of(args[0]);
        Path fatJar = Path.of(args[1]);
        print("startup", ServiceProcess.Command.documented(app));
        print("startup-plain", ServiceProcess.Command.plain(fatJar));
    }

    private static void print(String figure, ServiceProcess.Command command) {
        startToFirstBatch(command);
        double[] millis = new double[STARTS];
        double[] cpuMillis = new double[STARTS];
        for (int i = 0; i < STARTS; i++) {
            Start start = startToFirstBatch(command);
            millis[i] = start.nanos() / 1e6;
            cpuMillis[i] = start.cpuMillis();
        }
        Arrays.sort(millis);
        Arrays.sort(cpuMillis);
        System.out.println(String.format(Locale.ROOT, "BENCH %s %.0f ms (min %.0f, max %.0f, cpu %.0f ms, %s)",
                figure, millis[STARTS / 2], millis[0], millis[STARTS - 1], cpuMillis[STARTS / 2], BenchLoad.now()));
    }

    /** A start's wall time to the first batch, and the CPU time the service had used by then (read just after). */
    private record Start(long nanos, double cpuMillis) {
    }

    private static Start startToFirstBatch(ServiceProcess.Command command) {
        try (ServiceProcess service = ServiceProcess.start(command, List.of())) {
            long nanos = service.awaitLine(line -> line.equals("Batch: 0"), Duration.ofSeconds(120));
            return new Start(nanos, service.cpuTicks() * 10.0);
        }
    }
}
