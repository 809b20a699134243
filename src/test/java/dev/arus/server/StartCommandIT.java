package dev.arus.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.bench.ServiceProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The README's start command, as {@code ./mvnw package} leaves it in {@code target/app} (issue
 * 19): the extracted jar with the project's JVM settings, which run the context processed ahead
 * of time, and the class data sharing archive trained at package time. It starts the same
 * application as {@code java -jar}: the archive matches (the JVM warns when it does not), the
 * chapter's query prints its first batch and the API serves both demo queries; and the settings
 * that a build-time context could have fixed still take effect when given at start.
 */
class StartCommandIT {

    private static final Path APP = Path.of("target", "app");
    private static final Duration START = Duration.ofSeconds(120);
    // Spring Boot turns readiness to ACCEPTING_TRAFFIC after every ApplicationReadyEvent listener
    // (the demo's among them) has returned; this level makes it say so.
    private static final String LOG_READINESS = "--logging.level.org.springframework.boot.availability=debug";
    private static final String READY = "ReadinessState changed to ACCEPTING_TRAFFIC";

    @Test
    void startsTheApplicationFromTheArchiveAndTheProcessedContext() {
        try (ServiceProcess service = start()) {
            service.awaitLine(line -> line.contains("Starting AOT-processed ArusApplication"), START);
            service.awaitLine(line -> line.equals("Batch: 0"), START);
            service.awaitLine(line -> line.equals("|window|count|"), START);
            service.awaitLine(line -> line.contains(READY), START);
            ApiClient api = new ApiClient(service.port());

            assertThat(api.names()).containsExactlyInAnyOrder("visits-per-8s", "revenue-per-category");
            assertThat(api.get("/actuator/health").json().path("status").asString()).isEqualTo("UP");
            assertThat(service.console()).as("the JVM's warnings about the archive")
                    .doesNotContain("[cds", "shared archive");
        }
    }

    @Test
    void settingsGivenAtStartStillDecideWhatRuns() {
        try (ServiceProcess service = start("--arus.demo.enabled=false")) {
            service.awaitLine(line -> line.contains(READY), START);
            ApiClient api = new ApiClient(service.port());

            assertThat(api.names()).isEmpty();
            assertThat(api.get("/api/streams").json()).isEmpty();
            assertThat(Files.exists(service.dataDir().resolve("tables/shops.csv"))).isFalse();
            assertThat(service.console()).contains("Starting AOT-processed ArusApplication").doesNotContain("Batch: 0");
        }
    }

    /** The start command with these settings, its readiness logged. */
    private static ServiceProcess start(String... settings) {
        List<String> arguments = new ArrayList<>(List.of(settings));
        arguments.add(LOG_READINESS);
        return ServiceProcess.start(ServiceProcess.Command.documented(APP), arguments);
    }
}
