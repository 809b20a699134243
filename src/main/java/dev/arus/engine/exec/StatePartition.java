package dev.arus.engine.exec;

import dev.arus.engine.state.StateBuffer;
import dev.arus.engine.state.StateStore;
import java.io.DataInput;
import java.io.IOException;

/**
 * One state partition of a stateful operator: the state of the keys that hash to it, kept across
 * batches and versioned in a {@link StateStore} of its own, where version {@code v} is the state
 * after batch {@code v - 1}. This class holds the store's protocol, alike for every operator:
 * {@link #commit} hands a durable store what the batch changed (the partition's delta, and its
 * whole state when the store asks for a snapshot), {@link #abort} goes back to the last committed
 * version, {@link #load} replaces the state by a version read back from the store's files. A
 * subclass holds the state and writes and reads it. Used by one thread at a time.
 */
public abstract class StatePartition {

    private final StateStore.SnapshotWriter snapshot = new StateStore.SnapshotWriter() {
        @Override
        public void write(StateBuffer out) {
            writeSnapshot(out);
        }

        @Override
        public int size() {
            return snapshotSize();
        }
    };
    private StateStore store = StateStore.inMemory();
    private StateStats lastStats = StateStats.NONE;

    /** The rows the state holds now: groups, sessions, keys, a join's rows. */
    public abstract long rows();

    /** What the last batch did, for progress. */
    public final StateStats lastStats() {
        return lastStats;
    }

    /** Ends a batch's work on this partition: {@code stats} is what it did. */
    protected final void finished(StateStats stats) {
        this.lastStats = stats;
    }

    /** Replaces the state by version {@code version} of {@code stateStore}, which this partition keeps from now on. */
    public final void load(StateStore stateStore, long version) {
        this.store = stateStore;
        reload(version);
    }

    /** Commits the state as it is after batch {@code batchId}: the next version. */
    public final void commit(long batchId) {
        if (!store.durable()) {
            forgetChanges();
            store.commit(null, null, batchId);
            return;
        }
        store.commit(out -> writeDelta(out, batchId + 1), snapshot, batchId);
    }

    /** Forgets a failed batch's changes: a durable partition goes back to its last committed version. */
    public final void abort() {
        forgetBatch();
        if (store.durable()) {
            reload(store.version());
        }
    }

    /** Whether the store keeps versions on disk, so that what changes must be noted for the next delta. */
    protected final boolean durable() {
        return store.durable();
    }

    private void reload(long version) {
        clear();
        store.load(version, this::readDelta);
        loaded();
    }

    /** Empties the state, and forgets the changes noted for the next delta, before a version is read. */
    protected abstract void clear();

    /**
     * Writes what changed since the last commit, the batch stamped {@code stamp} being the last,
     * and forgets it: the next delta starts from here.
     */
    protected abstract void writeDelta(StateBuffer out, long stamp);

    /** Writes the whole state, in the delta format: applied to an empty state, it gives this one. */
    protected abstract void writeSnapshot(StateBuffer out);

    /** The bytes {@link #writeSnapshot} writes now, or -1 when not known before it writes them (the default). */
    protected int snapshotSize() {
        return -1;
    }

    /** Applies one file of the store, a snapshot (to an empty state) or a delta, written by this class. */
    protected abstract void readDelta(DataInput in) throws IOException;

    /** After every file of a version was read; the default does nothing. */
    protected void loaded() {
    }

    /** At a commit to a store that keeps nothing: what was noted for a delta can go; the default does nothing. */
    protected void forgetChanges() {
    }

    /** Before an abort goes back to the last version: forgets the failed batch's figures; the default does nothing. */
    protected void forgetBatch() {
    }
}
