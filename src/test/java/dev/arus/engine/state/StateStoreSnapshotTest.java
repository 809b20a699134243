package dev.arus.engine.state;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.engine.files.CheckpointMaintenance;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A snapshot leaves the batch's path: the commit that makes it due writes only its delta and hands
 * the snapshot, and the deletion of the files it makes unneeded, to the run's maintenance.
 */
class StateStoreSnapshotTest {

    @TempDir
    Path directory;

    /** The maintenance's executor, run by hand: work waits here until the test lets it go (one at a time, in order). */
    private final Queue<Runnable> held = new ArrayDeque<>();
    private final CheckpointMaintenance maintenance = new CheckpointMaintenance(held::add);

    @Test
    void theCommitThatMakesASnapshotDueWritesOnlyItsDeltaAndMaintenanceWritesTheSnapshotLater() throws IOException {
        StateStore store = StateStore.onDisk(directory, 2, 2, maintenance);
        List<Long> state = new ArrayList<>();
        for (long value = 1; value <= 4; value++) {
            state.add(value);
            store.commit(delta(value), whole(state), value - 1);
        }

        assertThat(files()).containsExactly("1.delta", "2.delta", "3.delta", "4.delta");
        assertThat(held).as("the snapshot work, waiting").isNotEmpty();
        assertThat(load(4)).as("version 4 from the deltas alone").containsExactly(1L, 2L, 3L, 4L);

        runHeld();

        // Two versions are retained: 3 and 4 need the snapshot of 2 and the deltas after it.
        assertThat(files()).containsExactly("2.delta", "2.snapshot", "3.delta", "4.delta", "4.snapshot");
        assertThat(load(3)).containsExactly(1L, 2L, 3L);
        assertThat(load(4)).containsExactly(1L, 2L, 3L, 4L);
    }

    @Test
    void aSnapshotThatCannotBeWrittenLeavesTheStoreOnItsDeltasAndLaterWorkStillRuns() throws IOException {
        StateStore store = StateStore.onDisk(directory, 2, 10, maintenance);
        store.commit(delta(1), whole(List.of(1L)), 0);
        // A directory where the snapshot's temporary file must go makes its write fail.
        Files.createDirectory(directory.resolve(".2.snapshot.tmp"));
        store.commit(delta(2), whole(List.of(1L, 2L)), 1);
        List<String> ran = new ArrayList<>();
        maintenance.submit("a later task", () -> ran.add("later"));

        runHeld();

        assertThat(ran).as("the work after the failed snapshot").containsExactly("later");
        assertThat(files()).containsExactly(".2.snapshot.tmp", "1.delta", "2.delta");
        assertThat(load(2)).containsExactly(1L, 2L);
    }

    @Test
    void awaitIdleReturnsOnceTheWorkHandedOverIsDone() {
        List<String> done = new ArrayList<>();
        CheckpointMaintenance direct = new CheckpointMaintenance(Runnable::run);
        direct.submit("first", () -> done.add("first"));
        direct.submit("failing", () -> {
            throw new IllegalStateException("disk full");
        });
        direct.submit("third", () -> done.add("third"));
        direct.awaitIdle();
        assertThat(done).containsExactly("first", "third");
    }

    private void runHeld() {
        while (!held.isEmpty()) {
            held.poll().run();
        }
        maintenance.awaitIdle();
    }

    private List<Long> load(long version) {
        List<Long> loaded = new ArrayList<>();
        StateStore.onDisk(directory, 2, 2, maintenance).load(version, payload -> readInto(payload, loaded));
        return loaded;
    }

    private static void readInto(DataInputStream payload, List<Long> values) throws IOException {
        int count = payload.readInt();
        for (int i = 0; i < count; i++) {
            values.add(payload.readLong());
        }
    }

    @Test
    void aSnapshotOfAKnownSizeAndOneOfUnknownSizeAreWrittenAsHeaderPayloadAndChecksum() throws IOException {
        StateStore store = StateStore.onDisk(directory, 2, 10, maintenance);
        store.commit(delta(1), whole(List.of(1L)), 0);
        store.commit(delta(2), sized(whole(List.of(1L, 2L)), 4 + 2 * Long.BYTES), 1);
        store.commit(delta(3), whole(List.of(1L, 2L, 3L)), 2);
        store.commit(delta(4), whole(List.of(1L, 2L, 3L, 4L)), 3);
        runHeld();

        assertThat(Files.readAllBytes(directory.resolve("3.delta"))).isEqualTo(file('D', 3, payload(delta(3))));
        assertThat(Files.readAllBytes(directory.resolve("2.snapshot")))
                .isEqualTo(file('S', 2, payload(whole(List.of(1L, 2L))::write)));
        assertThat(Files.readAllBytes(directory.resolve("4.snapshot")))
                .isEqualTo(file('S', 4, payload(whole(List.of(1L, 2L, 3L, 4L))::write)));
    }

    /** A state file as a {@code DataOutputStream} writes it: magic, format, kind, version, length, payload, CRC-32. */
    private static byte[] file(char kind, long version, StateBuffer payload) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream data = new DataOutputStream(bytes);
        data.writeInt(0x41525553);
        data.writeByte(1);
        data.writeByte(kind);
        data.writeLong(version);
        data.writeInt(payload.size());
        data.write(payload.array(), 0, payload.size());
        CRC32 crc = new CRC32();
        crc.update(payload.array(), 0, payload.size());
        data.writeInt((int) crc.getValue());
        return bytes.toByteArray();
    }

    private static StateBuffer payload(StateStore.DeltaWriter writer) {
        StateBuffer buffer = new StateBuffer();
        writer.write(buffer);
        return buffer;
    }

    private static StateStore.SnapshotWriter sized(StateStore.SnapshotWriter writer, int size) {
        return new StateStore.SnapshotWriter() {
            @Override
            public void write(StateBuffer out) {
                writer.write(out);
            }

            @Override
            public int size() {
                return size;
            }
        };
    }

    private static StateStore.DeltaWriter delta(long value) {
        return out -> {
            out.writeInt(1);
            out.writeLong(value);
        };
    }

    private static StateStore.SnapshotWriter whole(List<Long> state) {
        List<Long> copy = List.copyOf(state);
        return out -> {
            out.writeInt(copy.size());
            copy.forEach(out::writeLong);
        };
    }

    /** The files written; the deltas reserved ahead, empty until a commit writes them, are left out. */
    private List<String> files() throws IOException {
        try (var listing = Files.list(directory)) {
            return listing.filter(file -> file.toFile().length() > 0 || Files.isDirectory(file))
                    .map(file -> file.getFileName().toString()).sorted().toList();
        }
    }
}
