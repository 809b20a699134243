package dev.arus.engine.files;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Queue;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files reserved ahead by the maintenance are written in place (the same file, so its directory
 * entry, made and synced earlier, is the one that holds the content); a write the maintenance has
 * not reserved for yet takes the atomic way; the run's end deletes what no write used.
 */
class ReservedFilesTest {

    @TempDir
    Path directory;

    /** The maintenance's executor, run by hand: work waits here until the test lets it go. */
    private final Queue<Runnable> held = new ArrayDeque<>();
    private final CheckpointMaintenance maintenance = new CheckpointMaintenance(held::add);
    private ReservedFiles files;

    @BeforeEach
    void reserve() {
        files = maintenance.reserve(directory, id -> directory.resolve(id + ".entry"));
    }

    @Test
    void writesGoInPlaceIntoTheFilesTheMaintenanceReservedAndTheRunsEndDeletesTheUnused() throws IOException {
        write(0, "first");
        assertThat(names()).as("the first write, before any reservation").containsExactly("0.entry");
        write(1, "second, before the maintenance ran");

        runHeld();

        assertThat(names()).hasSize(1 + ReservedFiles.AHEAD);
        assertThat(content(1)).isEqualTo("second, before the maintenance ran");
        Object reservedInode = inode(2);
        assertThat(content(2)).as("reserved, empty until written").isEmpty();
        write(2, "third");
        assertThat(content(2)).isEqualTo("third");
        assertThat(inode(2)).as("written in place, not renamed over").isEqualTo(reservedInode);

        runHeld();
        maintenance.settle();

        assertThat(names()).containsExactly("0.entry", "1.entry", "2.entry");
    }

    @Test
    void aWriteInPlaceReplacesWhatAFileLeftByAnEarlierRunHeldAndTheReservationKeepsIt() throws IOException {
        Files.writeString(directory.resolve("3.entry"), "a longer entry cut short by a cr");
        write(0, "zero");
        runHeld();

        assertThat(content(3)).as("kept by the reservation").isEqualTo("a longer entry cut short by a cr");
        write(1, "one");
        write(2, "two");
        write(3, "three");

        assertThat(content(3)).isEqualTo("three");
    }

    @Test
    void theNextFilesAreReservedOnceFewerThanHalfAreLeft() {
        write(0, "zero");
        runHeld();
        int half = ReservedFiles.AHEAD / 2;
        for (long id = 1; id <= half; id++) {
            write(id, "entry " + id);
            assertThat(held).as("after %d", id).isEmpty();
        }
        write(half + 1, "fewer than half left");
        assertThat(held).as("the next reservation").hasSize(1);
        runHeld();

        assertThat(directory.resolve((half + 1 + ReservedFiles.AHEAD) + ".entry")).isEmptyFile();
        assertThat(directory.resolve((half + 2 + ReservedFiles.AHEAD) + ".entry")).doesNotExist();
    }

    private void write(long id, String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        files.write(id, bytes, bytes.length, null);
    }

    private String content(long id) throws IOException {
        return Files.readString(directory.resolve(id + ".entry"));
    }

    private Object inode(long id) throws IOException {
        return Files.getAttribute(directory.resolve(id + ".entry"), "unix:ino");
    }

    private void runHeld() {
        while (!held.isEmpty()) {
            held.poll().run();
        }
    }

    private List<String> names() throws IOException {
        try (var listing = Files.list(directory)) {
            return listing.map(file -> file.getFileName().toString())
                    .sorted((a, b) -> Long.compare(Long.parseLong(a.split("\\.")[0]), Long.parseLong(b.split("\\.")[0])))
                    .toList();
        }
    }
}
