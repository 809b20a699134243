package dev.arus.crash;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.engine.kafka.KafkaTestBroker;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kills the Kafka aggregation writing to the {@code kafka} sink in {@code exactlyOnce} mode with
 * SIGKILL, again and again, at each step of the checkpoint protocol (after the sink's transaction
 * committed and before the commit log entry, most of all) and at random moments, some inside an
 * open transaction. A {@code read_committed} consumer must then see what an uncrashed run writes,
 * each row once.
 */
class KafkaSinkCrashTest {

    private static final long LAST_BATCH = 80;
    private static final long INTERVAL_MS = 15;

    @TempDir
    Path directory;

    @Test
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void readCommittedConsumerSeesEveryRowOnceAfterRepeatedKills() throws Exception {
        String servers = CrashTopic.servers();
        KafkaTestBroker.createTopic("crash-reference-out", 1);
        KafkaTestBroker.createTopic("crash-out", 1);
        CrashChild.run(CrashQuery.KAFKA_AGGREGATE, directory.resolve("reference"), CrashSink.KAFKA_EXACTLY_ONCE,
                "crash-reference-out", LAST_BATCH, 0, servers);
        List<String> expected = committedValues("crash-reference-out");
        assertThat(expected).hasSizeGreaterThan(40).doesNotHaveDuplicates();

        Path checkpoint = directory.resolve("crashed");
        RepeatedKills kills = new RepeatedKills(pauseAt -> ChildJvm.start(CrashChild.class, List.of(),
                List.of(CrashQuery.KAFKA_AGGREGATE.name(), checkpoint.toString(), CrashSink.KAFKA_EXACTLY_ONCE.name(),
                        "crash-out", Long.toString(LAST_BATCH), Long.toString(INTERVAL_MS), servers),
                Map.of("ARUS_PAUSE_AT", pauseAt == null ? "" : pauseAt)), LAST_BATCH, INTERVAL_MS, 20261116);
        List<String> killed = kills.run(1, 6, () -> committedBatches(checkpoint), sofar -> {
            List<String> seen = committedValues("crash-out");
            assertThat(seen).as("after %s", sofar).doesNotHaveDuplicates();
            assertThat(expected).as("after %s", sofar).containsAll(seen);
        });

        assertThat(committedValues("crash-out")).as("after kills %s", killed)
                .containsExactlyInAnyOrderElementsOf(expected);
    }

    private static List<String> committedValues(String topic) {
        return KafkaTestBroker.readAll(topic, "read_committed").stream()
                .map(record -> new String(record.value(), StandardCharsets.UTF_8)).toList();
    }

    /** How many entries the checkpoint's commit log has. */
    private static long committedBatches(Path checkpoint) {
        Path commits = checkpoint.resolve("commits");
        if (!Files.isDirectory(commits)) {
            return 0;
        }
        try (Stream<Path> entries = Files.list(commits)) {
            return entries.filter(entry -> entry.getFileName().toString().matches("\\d+")).count();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
