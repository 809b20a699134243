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
 * of the fat jar with no options, the figure it is compared with. Prints {@code BENCH} lines.
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
        for (int i = 0; i < STARTS; i++) {
            millis[i] = startToFirstBatch(command) / 1e6;
        }
        Arrays.sort(millis);
        System.out.println(String.format(Locale.ROOT, "BENCH %s %.0f ms (min %.0f, max %.0f, %s)", figure,
                millis[STARTS / 2], millis[0], millis[STARTS - 1], BenchLoad.now()));
    }

    private static long startToFirstBatch(ServiceProcess.Command command) {
        try (ServiceProcess service = ServiceProcess.start(command, List.of())) {
            return service.awaitLine(line -> line.equals("Batch: 0"), Duration.ofSeconds(120));
        }
    }
}
