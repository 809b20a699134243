package dev.arus.server.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import dev.arus.server.ApiClient;
import dev.arus.server.ArusApplication;
import dev.arus.server.Specs;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * {@code arus.engine.default} (DESIGN section 8), the engine of a spec that names none, on a
 * started service: read in any case, and a value this build cannot run stops the start, saying
 * why, rather than failing every such query later.
 */
class DefaultEngineSettingTest {

    @TempDir
    Path dataDir;

    @Test
    void aSpecWithoutAnEngineRunsOnTheDefaultAndItsQueryNamesIt() {
        try (ConfigurableApplicationContext service = start("--arus.engine.default= ARUS ")) {
            ApiClient api = new ApiClient(((WebServerApplicationContext) service).getWebServer().getPort());
            String id = api.create(Specs.idle("on-the-default"));

            assertThat(api.query(id).path("spec").path("engine").asString()).isEqualTo("arus");
            assertThat(api.query(id).path("state").asString()).isEqualTo("ACTIVE");
        }
    }

    @Test
    void anUnknownEngineStopsTheStartNamingTheSettingAndTheEngines() {
        Throwable failure = catchThrowable(() -> start("--arus.engine.default=flink").close());

        assertThat(failure).rootCause()
                .hasMessage("arus.engine.default must be arus, spark or both, was 'flink'");
    }

    /** In the default build (without the spark profile) only. */
    @Test
    void sparkAsTheDefaultStopsTheStartOfABuildWithoutSparkSayingHowToBuildIt() {
        assumeFalse(QueryProblemsTest.sparkInTheBuild(), "this build has Spark (the spark profile)");
        for (String engine : List.of("spark", "Both")) {
            Throwable failure = catchThrowable(() -> start("--arus.engine.default=" + engine).close());

            assertThat(failure).as(engine).rootCause()
                    .hasMessageStartingWith("arus.engine.default is " + engine.toLowerCase()
                            + ", but this build of the service has no Apache Spark")
                    .hasMessageContaining("./mvnw -Pspark package");
        }
    }

    private ConfigurableApplicationContext start(String... settings) {
        List<String> arguments = new ArrayList<>(List.of("--server.port=0", "--arus.demo.enabled=false",
                "--arus.data-dir=" + dataDir));
        arguments.addAll(List.of(settings));
        return new SpringApplicationBuilder(ArusApplication.class).run(arguments.toArray(String[]::new));
    }
}
