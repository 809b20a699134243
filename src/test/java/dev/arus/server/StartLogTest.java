package dev.arus.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.crash.ChildJvm;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a start prints (issue 32): the service started as an operator starts it, in a JVM of its
 * own with {@code -XX:+ExitOnOutOfMemoryError} and the demo on, prints fewer than 60 lines before
 * the chapter's query prints its first batch, none of them a warning, so that a new user sees the
 * first batch, not a screen of logs.
 */
class StartLogTest {

    private static final int MOST_LINES_BEFORE_THE_FIRST_BATCH = 59;

    @Test
    void aStartWithTheDemoPrintsFewerThan60LinesBeforeTheFirstBatch(@TempDir Path dataDirectory) throws InterruptedException {
        try (ChildJvm service = ChildJvm.start(ArusApplication.class, List.of("-XX:+ExitOnOutOfMemoryError", "-Xmx512m"),
                List.of("--arus.data-dir=" + dataDirectory, "--arus.demo.enabled=true", "--server.port=0"), Map.of())) {
            service.awaitLine(line -> line.equals("Batch: 0"), Duration.ofMinutes(2));

            List<String> printed = service.output();
            List<String> before = printed.subList(0, printed.indexOf("Batch: 0"));
            assertThat(before.size()).as("the lines before the first batch:\n%s", String.join("\n", before))
                    .isLessThanOrEqualTo(MOST_LINES_BEFORE_THE_FIRST_BATCH);
            assertThat(before).as("a start with nothing wrong warns of nothing").noneMatch(line -> line.contains(" WARN "));
        }
    }
}
