package dev.arus.server.stream;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.server.AdjustableClock;
import dev.arus.server.ApiClient;
import dev.arus.server.FileInTheWay;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Posts the event log cannot write, on a real file system, are logged at ERROR once a minute per
 * kind, with a count of those left out. Segments of 1 KiB make a post start a new segment file,
 * which a file in the place of the partition's directory refuses, even to root.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "arus.demo.enabled=false", "arus.limits.mutating-requests-per-minute=1000000",
        "arus.streams.segment-size=1KB"})
@Import(AdjustableClock.Configuration.class)
@ExtendWith(OutputCaptureExtension.class)
class EventLogWriteFailuresTest {

    private static final Path DATA = temporaryDirectory();
    private static final String LINE = "Event log write failed (STORAGE_WRITE_FAILED.UNAVAILABLE): a post of 1 event to "
            + "stream 'notes': [STORAGE_WRITE_FAILED.UNAVAILABLE] Cannot open ";

    @LocalServerPort
    int port;

    @Autowired
    AdjustableClock clock;

    @DynamicPropertySource
    static void dataDirectory(DynamicPropertyRegistry registry) {
        registry.add("arus.data-dir", DATA::toString);
    }

    @Test
    void logsAWriteTheDiskRefusesAtErrorOncePerMinuteWithTheCountLeftOut(CapturedOutput output) throws IOException {
        ApiClient api = new ApiClient(port);
        assertThat(api.post("/api/streams", "{\"name\": \"notes\", \"schema\": \"note STRING\", \"partitions\": 1}")
                .status()).isEqualTo(201);
        assertThat(post(api).status()).as("fills the first segment").isEqualTo(200);
        FileInTheWay inTheWay = FileInTheWay.of(DATA.resolve("streams/notes/0"));

        List<Integer> refused = List.of(post(api).status(), post(api).status(), post(api).status());

        assertThat(refused).containsOnly(503);
        assertThat(errorLines(output)).singleElement().satisfies(line -> assertThat(line).contains(LINE)
                .contains("Not a directory").doesNotContain("left out"));

        clock.advance(EventLogWriteFailures.INTERVAL);
        assertThat(post(api).status()).isEqualTo(503);

        assertThat(errorLines(output)).hasSize(2).last().satisfies(line -> assertThat(line).contains(LINE)
                .endsWith("(and 2 more failures of this kind left out of the log since its last line)"));
        inTheWay.remove();
        assertThat(post(api).status()).as("the disk takes writes again").isEqualTo(200);
        assertThat(errorLines(output)).hasSize(2);
    }

    /** One event of 1.5 KiB, more than a segment holds. */
    private static ApiClient.Response post(ApiClient api) {
        return api.post("/api/streams/notes/events", "[{\"note\": \"" + "n".repeat(1536) + "\"}]");
    }

    private static List<String> errorLines(CapturedOutput output) {
        return output.getOut().lines().filter(line -> line.contains(" ERROR ") && line.contains("Event log write failed"))
                .toList();
    }

    private static Path temporaryDirectory() {
        try {
            return Files.createTempDirectory("arus-event-log-failures");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
