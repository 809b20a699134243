package dev.arus.server.query;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * A preview's throwaway checkpoint that a service left when it stopped in the middle of the
 * preview (killed, or its machine lost) is deleted when the service starts again, and what else
 * the data directory holds stays.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "arus.demo.enabled=false")
class QueryPreviewLeftoversTest {

    /** One directory, named once, laid out before the service starts on it. */
    private static final Path DATA = Path.of(System.getProperty("java.io.tmpdir"), "arus-preview-leftovers-"
            + UUID.randomUUID());

    @DynamicPropertySource
    static void dataDirectory(DynamicPropertyRegistry registry) throws IOException {
        Path leftover = Files.createDirectories(DATA.resolve(".previews").resolve(UUID.randomUUID().toString()));
        Files.createDirectories(leftover.resolve("offsets"));
        Files.writeString(leftover.resolve("metadata"), "{\"id\":\"" + UUID.randomUUID() + "\"}\n");
        Files.createDirectories(DATA.resolve("tables"));
        Files.writeString(DATA.resolve("tables/prices.csv"), "sku,price\n");
        registry.add("arus.data-dir", DATA::toString);
    }

    @Test
    void aPreviewsCheckpointLeftByAServiceThatStoppedIsDeletedWhenItStarts() {
        assertThat(DATA.resolve(".previews")).doesNotExist();
        assertThat(DATA.resolve("tables/prices.csv")).exists();
    }
}
