package dev.arus.server.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.arus.engine.api.ArusSession;
import dev.arus.engine.streaming.StreamingQuery;
import dev.arus.server.ArusApplication;
import dev.arus.server.Specs;
import tools.jackson.databind.json.JsonMapper;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;

/** Closing the service (what SIGTERM does) stops every query after its batch in flight, and says so. */
@ExtendWith(OutputCaptureExtension.class)
class GracefulShutdownTest {

    @Test
    void stopsEveryQueryWhenTheServiceCloses(CapturedOutput output) {
        ConfigurableApplicationContext service = new SpringApplicationBuilder(ArusApplication.class)
                .run("--server.port=0", "--arus.demo.enabled=false");
        QueryRegistry registry = service.getBean(QueryRegistry.class);
        UUID id = registry.create(service.getBean(JsonMapper.class)
                .readValue(Specs.fastest("busy"), QuerySpec.class));
        StreamingQuery run = service.getBean(ArusSession.class).streams().get(id).orElseThrow();
        await().atMost(Duration.ofSeconds(30)).until(() -> run.lastProgress() != null);

        service.close();

        assertThat(run.isActive()).isFalse();
        assertThat(run.status().message()).isEqualTo("Stopped");
        assertThat(run.exception()).isEmpty();
        assertThat(output).contains("stopping 1 active queries").contains("Stopped query busy").contains("All queries stopped");
    }
}
