package dev.arus.engine.exec.limit;

import dev.arus.engine.exec.StatePartition;
import dev.arus.engine.exec.StateStats;
import dev.arus.engine.state.StateBuffer;
import java.io.DataInput;
import java.io.IOException;

/**
 * The state of a streaming limit: how many rows it has let through since the query began, one
 * count, which Spark's {@code StreamingGlobalLimitExec} keeps under a null key of its one state
 * store. The state holds a row once a row went through. A delta and a snapshot are alike: the
 * count, as a long.
 */
final class LimitPartition extends StatePartition {

    private long emitted;
    private long committed;

    @Override
    public long rows() {
        return emitted > 0 ? 1 : 0;
    }

    /** How many of {@code offered} rows go through so that no more than {@code limit} did in all; counts them. */
    int admit(int offered, long limit) {
        int admitted = (int) Math.max(0, Math.min(offered, limit - emitted));
        emitted += admitted;
        return admitted;
    }

    /** Ends a batch: the count is a state row, updated when the batch let rows through. */
    void finish() {
        finished(new StateStats(rows(), emitted > committed ? 1 : 0, 0, 0, rows() * Long.BYTES));
    }

    @Override
    protected void clear() {
        emitted = 0;
        committed = 0;
    }

    @Override
    protected void writeDelta(StateBuffer out, long stamp) {
        out.writeLong(emitted);
        committed = emitted;
    }

    @Override
    protected void forgetChanges() {
        committed = emitted;
    }

    @Override
    protected void writeSnapshot(StateBuffer out) {
        out.writeLong(emitted);
    }

    @Override
    protected void readDelta(DataInput in) throws IOException {
        emitted = in.readLong();
    }

    @Override
    protected void loaded() {
        committed = emitted;
    }

    @Override
    protected void forgetBatch() {
        emitted = committed;
    }
}
