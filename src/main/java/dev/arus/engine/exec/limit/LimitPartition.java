package dev.arus.engine.exec.limit;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.Row;
import dev.arus.engine.data.Schema;
import dev.arus.engine.data.StructType;
import dev.arus.engine.exec.StateEntries;
import dev.arus.engine.exec.StatePartition;
import dev.arus.engine.exec.StateStats;
import dev.arus.engine.state.StateBuffer;
import java.io.DataInput;
import java.io.IOException;
import java.util.List;

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

    /**
     * The state row as Spark's {@code statestore} reader shows a streaming limit's: key
     * {@code {key: null}}, value {@code {value: <rows let through>}}, once a row went through.
     */
    StateEntries entries() {
        Field keyField = new Field("key", AtomicType.NULL, true);
        Field valueField = new Field("value", AtomicType.LONG, false);
        List<StateEntries.Entry> entries = emitted == 0 ? List.of() : List.of(new StateEntries.Entry(
                new Row(Schema.of(keyField), new Object[] {null}), new Row(Schema.of(valueField), new Object[] {emitted})));
        return new StateEntries(new StructType(List.of(keyField)), new StructType(List.of(valueField)), entries);
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
