package dev.arus.engine.exec;

import dev.arus.engine.state.StateBuffer;
import java.io.DataInput;
import java.io.IOException;
import java.util.function.IntPredicate;

/**
 * The delta format of a state kept by key: the keys removed since the last commit, then the
 * entries (groups, sessions, keys) the batch changed, each list led by its count and each entry
 * written as its partition writes it. A snapshot is a delta with no removals and every entry.
 * Notes the removals between two commits; used by one thread at a time.
 */
public final class KeyedDelta {

    /** Writes entry {@code entry} of a partition's state to {@code out}. */
    @FunctionalInterface
    public interface EntryWriter {
        void write(int entry, StateBuffer out);
    }

    /** Reads {@code count} removed keys of a delta, and removes them from the state. */
    @FunctionalInterface
    public interface RemovalReader {
        void read(DataInput in, int count) throws IOException;
    }

    /** Reads one entry of a delta into the state, in place of the entry of its key, if any. */
    @FunctionalInterface
    public interface EntryReader {
        void read(DataInput in) throws IOException;
    }

    private final StateBuffer removals = new StateBuffer();
    private int removalCount;

    /** Where the partition writes one more removed key. */
    public StateBuffer removal() {
        removalCount++;
        return removals;
    }

    /** Forgets the removals noted since the last commit. */
    public void clear() {
        removals.reset();
        removalCount = 0;
    }

    /**
     * Writes the removals noted, then forgets them, and the entries below {@code limit} that
     * {@code changed} accepts.
     */
    public void write(StateBuffer out, int limit, IntPredicate changed, EntryWriter writer) {
        out.writeInt(removalCount);
        out.write(removals.array(), 0, removals.size());
        clear();
        writeEntries(out, limit, changed, writer);
    }

    /** Writes a snapshot: no removals, and the entries below {@code limit} that {@code live} accepts. */
    public static void writeSnapshot(StateBuffer out, int limit, IntPredicate live, EntryWriter writer) {
        out.writeInt(0);
        writeEntries(out, limit, live, writer);
    }

    private static void writeEntries(StateBuffer out, int limit, IntPredicate included, EntryWriter writer) {
        int count = 0;
        for (int entry = 0; entry < limit; entry++) {
            count += included.test(entry) ? 1 : 0;
        }
        out.writeInt(count);
        for (int entry = 0; entry < limit; entry++) {
            if (included.test(entry)) {
                writer.write(entry, out);
            }
        }
    }

    /** Reads a delta or snapshot written by {@link #write} or {@link #writeSnapshot}: its removals, then its entries. */
    public static void read(DataInput in, RemovalReader removals, EntryReader entries) throws IOException {
        int removed = in.readInt();
        if (removed > 0) {
            removals.read(in, removed);
        }
        int count = in.readInt();
        for (int i = 0; i < count; i++) {
            entries.read(in);
        }
    }
}
