package dev.arus.engine.exec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.engine.state.StateBuffer;
import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The delta of a state kept by key: the keys removed since the last commit, then the entries that changed. */
class KeyedDeltaTest {

    private static final long[] ENTRIES = {10, 11, 12, 13};

    private final List<Long> removed = new ArrayList<>();
    private final List<Long> read = new ArrayList<>();

    private static void writeEntry(int entry, StateBuffer out) {
        out.writeLong(ENTRIES[entry]);
    }

    private void read(StateBuffer written) throws IOException {
        KeyedDelta.read(new DataInputStream(new ByteArrayInputStream(written.array(), 0, written.size())),
                (in, count) -> {
                    for (int i = 0; i < count; i++) {
                        removed.add(in.readLong());
                    }
                },
                in -> read.add(in.readLong()));
    }

    @Test
    void aDeltaHoldsTheKeysRemovedThenTheEntriesThatChanged() throws IOException {
        KeyedDelta delta = new KeyedDelta();
        delta.removal().writeLong(7);
        delta.removal().writeLong(9);
        StateBuffer out = new StateBuffer();

        delta.write(out, ENTRIES.length, entry -> entry % 2 == 1, KeyedDeltaTest::writeEntry);
        read(out);

        assertThat(removed).containsExactly(7L, 9L);
        assertThat(read).containsExactly(11L, 13L);
    }

    @Test
    void theNextDeltaStartsWithNoRemovals() throws IOException {
        KeyedDelta delta = new KeyedDelta();
        delta.removal().writeLong(7);
        delta.write(new StateBuffer(), ENTRIES.length, entry -> false, KeyedDeltaTest::writeEntry);
        StateBuffer next = new StateBuffer();

        delta.write(next, ENTRIES.length, entry -> entry == 0, KeyedDeltaTest::writeEntry);
        read(next);

        assertThat(removed).isEmpty();
        assertThat(read).containsExactly(10L);
    }

    @Test
    void aSnapshotHoldsEveryLiveEntryAndNoRemovals() throws IOException {
        KeyedDelta delta = new KeyedDelta();
        delta.removal().writeLong(7);
        StateBuffer snapshot = new StateBuffer();

        KeyedDelta.writeSnapshot(snapshot, ENTRIES.length, entry -> entry != 2, KeyedDeltaTest::writeEntry);
        read(snapshot);

        assertThat(removed).isEmpty();
        assertThat(read).containsExactly(10L, 11L, 13L);
    }
}
