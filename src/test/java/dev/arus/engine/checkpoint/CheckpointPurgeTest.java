package dev.arus.engine.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.engine.files.CheckpointMaintenance;
import dev.arus.engine.source.SourceOffsets;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Entries older than {@code minBatchesToRetain} batches are deleted by the run's maintenance, as
 * Spark purges its logs asynchronously, not by the batch that makes them old.
 */
class CheckpointPurgeTest {

    @TempDir
    Path root;

    /** The maintenance's executor, run by hand: work waits here until the test lets it go. */
    private final Queue<Runnable> held = new ArrayDeque<>();

    @Test
    void aCommitHandsTheDeletionOfOldEntriesToMaintenance() throws IOException {
        CheckpointMaintenance maintenance = new CheckpointMaintenance(held::add);
        Checkpoint checkpoint = Checkpoint.open(root, new PlanDescription(Map.of("sink", "noop")), null, 2, 1,
                maintenance).begin(List.of());
        for (long batch = 0; batch < 4; batch++) {
            checkpoint.writeOffsets(batch, SourceOffsets.none(1), 0, 0, Map.of());
            checkpoint.writeCommit(batch, 0);
        }

        assertThat(entries("offsets")).as("after the batches, before maintenance").containsExactly("0", "1", "2", "3");
        assertThat(entries("commits")).containsExactly("0", "1", "2", "3");

        while (!held.isEmpty()) {
            held.poll().run();
        }
        checkpoint.settle();

        assertThat(entries("offsets")).as("the last two batches, once maintained").containsExactly("2", "3");
        assertThat(entries("commits")).containsExactly("2", "3");
    }

    private List<String> entries(String log) throws IOException {
        try (var files = Files.list(root.resolve(log))) {
            return files.map(file -> file.getFileName().toString()).sorted().toList();
        }
    }
}
