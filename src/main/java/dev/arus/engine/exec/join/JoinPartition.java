package dev.arus.engine.exec.join;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.BooleanVector;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.data.Row;
import dev.arus.engine.data.Schema;
import dev.arus.engine.data.StructType;
import dev.arus.engine.data.StructVector;
import dev.arus.engine.exec.BatchContext;
import dev.arus.engine.exec.EntryOrder;
import dev.arus.engine.exec.Operator;
import dev.arus.engine.exec.RowBuffer;
import dev.arus.engine.exec.StateEntries;
import dev.arus.engine.exec.StatePartition;
import dev.arus.engine.exec.StateStats;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.EvaluationContext;
import dev.arus.engine.state.StateBuffer;
import java.io.DataInput;
import java.io.IOException;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One state partition of a stream-stream join, Spark's {@code StreamingSymmetricHashJoinExec}
 * in one task: per batch, the left side's new rows (late ones dropped and counted; those failing
 * the left side's own condition emitted at once with NULLs when the left side is outer) are
 * joined with the right side's stored rows and stored, even those this batch's watermark evicts
 * (SPARK-49829), then the right side's new rows with the left side's stored rows (this batch's
 * included), stored unless this batch evicts them (an outer right side's unmatched ones are
 * stored all the same), then the rows this batch's watermark evicts leave the state: those of an
 * outer side that never matched come out with NULLs. A left semi join (as Spark 4.2's, SPARK-55973)
 * takes the right side's rows first, and emits a left row once, when it first matches: a new
 * left row that matches is not stored, and a stored one leaves the state as a new right row
 * matches it. {@link #commit} hands the store what
 * changed. Used by one thread at a time.
 */
final class JoinPartition extends StatePartition {

    static final int LEFT = 0;
    static final int RIGHT = 1;

    private static final EvaluationContext KEY_CONTEXT = new EvaluationContext(0, ZoneOffset.UTC);

    private final int operatorId;
    private final StreamJoinSpec spec;
    private final JoinKeyEncoder encoder;
    private final JoinSideState[] states;
    private final EncodedKeys newKeys;
    private final CandidatePairs candidates = new CandidatePairs();
    // A run of new rows: which are joined (neither late nor failing their side's own condition), and those stored.
    private boolean[] kept = new boolean[0];
    private int[] store = new int[0];
    private boolean[] storeMatched = new boolean[0];
    private long[] storeTimes = new long[0];
    // Per new row: whether it matched, and when it leaves the state.
    private boolean[] rowMatched = new boolean[0];
    private long[] rowLeaves = new long[0];
    private final ColumnarBatch pairs;
    private final JoinOutput output;
    private long late;
    private long added;
    private long removed;

    /** @param operatorId the join's, whose watermarks it takes from each batch's context */
    JoinPartition(int operatorId, StreamJoinSpec spec) {
        this.operatorId = operatorId;
        this.spec = spec;
        this.encoder = new JoinKeyEncoder(spec.left().keys().stream().map(BoundExpression::dataType).toList());
        this.states = new JoinSideState[] {new JoinSideState(spec.left().schema(), encoder.width()),
                new JoinSideState(spec.right().schema(), encoder.width())};
        this.newKeys = new EncodedKeys(encoder.width());
        // Grows to the chunks it sees: a partition of a quiet stream holds a few rows, not a full chunk.
        this.pairs = ColumnarBatch.allocate(spec.pairs(), ColumnarBatch.INITIAL_CAPACITY);
        this.output = new JoinOutput(spec);
    }

    @Override
    public long rows() {
        return states[LEFT].live() + states[RIGHT].live();
    }

    private StreamJoinSpec.Side side(int side) {
        return side == LEFT ? spec.left() : spec.right();
    }

    private boolean outer(int side) {
        JoinType type = spec.type();
        return type == JoinType.FULL_OUTER || (side == LEFT ? type == JoinType.LEFT_OUTER : type == JoinType.RIGHT_OUTER);
    }

    /** Joins one slot's new rows of {@code side} with the other side's state, then stores them. */
    void process(int side, RowBuffer buffered, BatchContext context, Operator downstream) {
        ColumnarBatch rows = buffered.rows();
        int size = rows.size();
        if (size == 0) {
            return;
        }
        StreamJoinSpec.Side me = side(side);
        JoinSideState mine = states[side];
        JoinSideState theirs = states[1 - side];
        LongVector times = me.eventTimeColumn() < 0 ? null : (LongVector) rows.column(me.eventTimeColumn());
        ColumnVector[] keys = evaluate(me.keys(), rows, context.evaluation());
        ColumnVector alone = me.alone() == null ? null : me.alone().evaluate(rows, context.evaluation());
        long lateBefore = context.watermarkForLateRowsMicros(operatorId);
        ensureRows(size);
        int keptCount = 0;
        for (int row = 0; row < size; row++) {
            kept[row] = false;
            if (times != null && !times.isNull(row) && times.values()[row] <= lateBefore) {
                late++;
                continue;
            }
            if (alone != null && (alone.isNull(row) || !((BooleanVector) alone).values()[row])) {
                if (outer(side)) {
                    emit(side, rows, row, null, -1, context, downstream);
                }
                continue;
            }
            kept[row] = true;
            keptCount++;
        }
        newKeys.encode(encoder, keys, size);
        // The other side's rows a range condition puts too far before a row are not its candidates.
        StreamJoinSpec.StateBound theirBound = side(1 - side).bound();
        candidates.find(theirs, newKeys, kept, size, theirBound.byEventTime() ? times : null, theirBound.offsetMicros());
        bothSides(side, rows, context);
        joinPairs(side, rows, size, context, downstream);
        leaveTimes(me, keys, times, size, rowLeaves);
        // The rows to keep, kept together once the batch's rows are joined (nothing reads this side meanwhile).
        // As Spark since SPARK-49829: a left row is stored even if this batch evicts it, for the
        // batch's right rows to match; a right row only if it stays, or if it must come out unmatched.
        boolean semiLeft = spec.type() == JoinType.LEFT_SEMI && side == LEFT;
        if (side == LEFT && !semiLeft && keptCount == size) {
            // Every row, in order: no row by row choice (the commonest case, every left row kept).
            mine.addAll(rows, null, size, newKeys, rowMatched, rowLeaves);
            added += size;
        } else {
            long leaveAt = context.watermarkForEvictionMicros(operatorId) + offset(me);
            int stored = 0;
            for (int row = 0; row < size; row++) {
                // a left semi join's new left row that matched was emitted, and is not kept
                if (kept[row] && !(semiLeft && rowMatched[row])
                        && (side == LEFT || rowLeaves[row] > leaveAt || (outer(RIGHT) && !rowMatched[row]))) {
                    store[stored] = row;
                    storeMatched[stored] = rowMatched[row];
                    storeTimes[stored++] = rowLeaves[row];
                }
            }
            mine.addAll(rows, store, stored, newKeys, storeMatched, storeTimes);
            added += stored;
        }
        flush(context, downstream);
    }

    /**
     * Emits the new rows' candidate pairs that pass the condition, new row by new row in order,
     * and marks the stored rows they match; whether each new row matched goes into
     * {@code rowMatched}. Only the rows with candidates are read: most rows have none.
     */
    private void joinPairs(int side, ColumnarBatch rows, int size, BatchContext context, Operator downstream) {
        JoinSideState theirs = states[1 - side];
        int count = candidates.count();
        int[] pairRow = candidates.newRows();
        int[] pairSlot = candidates.storedRows();
        boolean[] passes = candidates.passes();
        Arrays.fill(rowMatched, 0, size, false);
        for (int pair = 0; pair < count; ) {
            int row = pairRow[pair];
            boolean matched = false;
            for (; pair < count && pairRow[pair] == row; pair++) {
                if (!passes[pair]) {
                    continue;
                }
                int slot = pairSlot[pair];
                if (spec.type() == JoinType.LEFT_SEMI && side == RIGHT) {
                    // SPARK-55973: a stored left row leaves as it is emitted, so that it is emitted once
                    if (theirs.remove(slot)) {
                        emit(LEFT, theirs.rows(), slot, null, -1, context, downstream);
                        removed++;
                        matched = true;
                    }
                    continue;
                }
                // a left semi join's new left row that matches is emitted below, once
                if (spec.type() != JoinType.LEFT_SEMI && side == LEFT) {
                    emit(LEFT, rows, row, theirs.rows(), slot, context, downstream);
                } else if (spec.type() != JoinType.LEFT_SEMI) {
                    emit(LEFT, theirs.rows(), slot, rows, row, context, downstream);
                }
                theirs.markMatched(slot);
                matched = true;
            }
            rowMatched[row] = matched;
            if (spec.type() == JoinType.LEFT_SEMI && side == LEFT && matched) {
                emit(LEFT, rows, row, null, -1, context, downstream);
            }
        }
    }

    /** Grows the arrays of a run of new rows to hold {@code size} rows. */
    private void ensureRows(int size) {
        if (kept.length < size) {
            int capacity = Math.max(size, kept.length * 2);
            kept = new boolean[capacity];
            store = new int[capacity];
            storeMatched = new boolean[capacity];
            storeTimes = new long[capacity];
            rowMatched = new boolean[capacity];
            rowLeaves = new long[capacity];
        }
    }

    /** The part of the condition over both sides, for every candidate pair: where it holds, in the pairs' {@code passes}. */
    private void bothSides(int side, ColumnarBatch rows, BatchContext context) {
        int count = candidates.count();
        boolean[] passes = candidates.passes();
        if (spec.bothSides() == null) {
            Arrays.fill(passes, 0, count, true);
            return;
        }
        ColumnarBatch stored = states[1 - side].rows();
        int leftWidth = spec.left().schema().size();
        for (int from = 0; from < count; from += ColumnarBatch.CHUNK_SIZE) {
            int slice = Math.min(ColumnarBatch.CHUNK_SIZE, count - from);
            int[] newRows = Arrays.copyOfRange(candidates.newRows(), from, from + slice);
            int[] storedRows = Arrays.copyOfRange(candidates.storedRows(), from, from + slice);
            int[] leftRows = side == LEFT ? newRows : storedRows;
            int[] rightRows = side == LEFT ? storedRows : newRows;
            ColumnarBatch leftSource = side == LEFT ? rows : stored;
            ColumnarBatch rightSource = side == LEFT ? stored : rows;
            pairs.ensureCapacity(slice);
            for (int c = 0; c < spec.pairs().size(); c++) {
                pairs.column(c).resetNulls();
                if (c < leftWidth) {
                    pairs.column(c).gather(leftSource.column(c), leftRows, slice, 0);
                } else {
                    pairs.column(c).gather(rightSource.column(c - leftWidth), rightRows, slice, 0);
                }
            }
            pairs.setSize(slice);
            ColumnVector holds = spec.bothSides().evaluate(pairs, context.evaluation());
            boolean[] values = ((BooleanVector) holds).values();
            for (int i = 0; i < slice; i++) {
                passes[from + i] = !holds.isNull(i) && values[i];
            }
        }
    }

    /**
     * Ends the batch: the outer sides' rows that this batch's watermark evicts leave, those that
     * never matched emitted with NULLs; then the other sides' evicted rows leave. As in Spark, only
     * the latter count as removed.
     */
    void finish(BatchContext context, Operator downstream) {
        long evictBefore = context.watermarkForEvictionMicros(operatorId);
        for (int side = LEFT; side <= RIGHT; side++) {
            StreamJoinSpec.Side me = side(side);
            JoinSideState state = states[side];
            if (!me.bound().evicts() || !outer(side)) {
                continue;
            }
            int which = side;
            state.evict(evictBefore + offset(me), slot -> {
                if (!state.matched(slot)) {
                    emit(which, state.rows(), slot, null, -1, context, downstream);
                }
            });
        }
        for (int side = LEFT; side <= RIGHT; side++) {
            StreamJoinSpec.Side me = side(side);
            JoinSideState state = states[side];
            if (me.bound().evicts() && !outer(side) && spec.type() != JoinType.FULL_OUTER) {
                removed += state.evict(evictBefore + offset(me), slot -> { });
            }
        }
        flush(context, downstream);
        // Only now: the rows emitted are copied at the flush, from where they are.
        states[LEFT].packIfSparse();
        states[RIGHT].packIfSparse();
        finished(new StateStats(rows(), added, removed, late, states[LEFT].memoryBytes() + states[RIGHT].memoryBytes()));
        forgetBatch();
    }

    /** How far before the watermark a side's rows leave: a range condition's bound; none for a key that carries the watermark. */
    private static long offset(StreamJoinSpec.Side side) {
        return side.bound().byEventTime() ? side.bound().offsetMicros() : 0;
    }

    /**
     * When each row of {@code [0, count)} leaves the state, into {@code leaveAt}: its key's time (a
     * timestamp, or a window's end) when a key carries the watermark, else its event time when a
     * range condition bounds it, else never ({@link Long#MAX_VALUE}, as for a NULL time). A column
     * at a time: a copy, then the NULLs if any.
     */
    private static void leaveTimes(StreamJoinSpec.Side side, ColumnVector[] keys, LongVector times, int count,
                                   long[] leaveAt) {
        StreamJoinSpec.StateBound bound = side.bound();
        ColumnVector key = bound.keyIndex() >= 0 ? keys[bound.keyIndex()] : null;
        LongVector time = key != null ? (LongVector) (bound.keyIsWindow() ? ((StructVector) key).child(1) : key)
                : bound.byEventTime() ? times : null;
        if (time == null) {
            Arrays.fill(leaveAt, 0, count, Long.MAX_VALUE);
            return;
        }
        System.arraycopy(time.values(), 0, leaveAt, 0, count);
        if (time.hasNulls() || (key != null && key.hasNulls())) {
            for (int row = 0; row < count; row++) {
                if (time.isNull(row) || (key != null && key.isNull(row))) {
                    leaveAt[row] = Long.MAX_VALUE;
                }
            }
        }
    }

    private static ColumnVector[] evaluate(List<BoundExpression> expressions, ColumnarBatch rows,
                                           EvaluationContext context) {
        ColumnVector[] values = new ColumnVector[expressions.size()];
        for (int k = 0; k < values.length; k++) {
            values[k] = expressions.get(k).evaluate(rows, context);
        }
        return values;
    }

    /**
     * Adds an output row: the left side's row {@code row} of {@code first} with the right side's
     * row {@code otherRow} of {@code other}; or, with {@code other} null, side {@code side}'s row
     * with NULLs for the other side.
     */
    private void emit(int side, ColumnarBatch first, int row, ColumnarBatch other, int otherRow, BatchContext context,
                      Operator downstream) {
        if (other != null) {
            output.add(first, row, other, otherRow, context, downstream);
        } else if (side == LEFT) {
            output.add(first, row, null, -1, context, downstream);
        } else {
            output.add(null, -1, first, row, context, downstream);
        }
    }

    private void flush(BatchContext context, Operator downstream) {
        output.flush(context, downstream);
    }

    /** What of a side's state a reader asks for: its rows (Spark's joinSide), or one of Spark's two stores of it. */
    enum SideView {
        /** The rows as they entered: key {@code {field0, ...}}, value the row. */
        ROWS,
        /** Spark's {@code keyToNumValues}: key the join key, value {@code {value}}, how many rows it has. */
        KEY_TO_NUM_VALUES,
        /** Spark's {@code keyWithIndexToValue}: key the join key and {@code index}, value the row and {@code matched}. */
        KEY_WITH_INDEX_TO_VALUE
    }

    /**
     * What side {@code side} holds, as Spark's reader shows it, ordered by key: the join keys'
     * values are the key ({@code field0}, {@code field1}, ...), and a key's rows are indexed in
     * the order they came.
     */
    StateEntries entries(int side, SideView view) {
        StreamJoinSpec.Side me = side(side);
        JoinSideState state = states[side];
        int live = state.live();
        int[] slots = new int[live];
        int count = 0;
        for (int slot = 0; count < live; slot++) {
            if (state.alive(slot)) {
                slots[count++] = slot;
            }
        }
        ColumnarBatch rows = ColumnarBatch.allocate(me.schema(), Math.max(1, live));
        for (int c = 0; c < me.schema().size(); c++) {
            rows.column(c).gather(state.rows().column(c), slots, live, 0);
        }
        rows.setSize(live);
        List<Field> keyFields = new ArrayList<>();
        for (int k = 0; k < me.keys().size(); k++) {
            keyFields.add(new Field("field" + k, me.keys().get(k).dataType(), true));
        }
        Schema keySchema = new Schema(keyFields);
        ColumnVector[] keys = evaluate(me.keys(), rows, KEY_CONTEXT);
        List<Row> values = rows.toRows();
        // Each key's rows in the order they came: slots are in arrival order.
        Map<Row, List<Integer>> byKey = new TreeMap<>(EntryOrder.ROWS);
        for (int row = 0; row < live; row++) {
            Object[] key = new Object[keys.length];
            for (int k = 0; k < keys.length; k++) {
                key[k] = keys[k].getObject(row);
            }
            byKey.computeIfAbsent(new Row(keySchema, key), ignored -> new ArrayList<>()).add(row);
        }
        return switch (view) {
            case ROWS -> {
                List<StateEntries.Entry> entries = new ArrayList<>(live);
                byKey.forEach((key, ofKey) -> ofKey.forEach(row -> entries.add(new StateEntries.Entry(key,
                        values.get(row)))));
                yield new StateEntries(new StructType(keyFields), new StructType(me.schema().fields()), entries);
            }
            case KEY_TO_NUM_VALUES -> {
                Schema valueSchema = Schema.of(new Field("value", AtomicType.LONG, false));
                List<StateEntries.Entry> entries = new ArrayList<>(byKey.size());
                byKey.forEach((key, ofKey) -> entries.add(new StateEntries.Entry(key,
                        new Row(valueSchema, new Object[] {(long) ofKey.size()}))));
                yield new StateEntries(new StructType(keyFields), new StructType(valueSchema.fields()), entries);
            }
            case KEY_WITH_INDEX_TO_VALUE -> {
                Schema indexed = keySchema.withField(new Field("index", AtomicType.LONG, false));
                Schema withMatched = me.schema().withField(new Field("matched", AtomicType.BOOLEAN, false));
                List<StateEntries.Entry> entries = new ArrayList<>(live);
                byKey.forEach((key, ofKey) -> {
                    for (int index = 0; index < ofKey.size(); index++) {
                        int row = ofKey.get(index);
                        List<Object> keyValues = new ArrayList<>(key.values());
                        keyValues.add((long) index);
                        List<Object> rowValues = new ArrayList<>(values.get(row).values());
                        rowValues.add(state.matched(slots[row]));
                        entries.add(new StateEntries.Entry(new Row(indexed, keyValues.toArray()),
                                new Row(withMatched, rowValues.toArray())));
                    }
                });
                yield new StateEntries(new StructType(indexed.fields()), new StructType(withMatched.fields()), entries);
            }
        };
    }

    @Override
    protected void clear() {
        states[LEFT].clear(durable());
        states[RIGHT].clear(durable());
    }

    @Override
    protected void readDelta(DataInput in) throws IOException {
        states[LEFT].read(in);
        states[RIGHT].read(in);
    }

    /** Keys are not kept in the files: each side finds its rows' keys and times again. */
    @Override
    protected void loaded() {
        for (int side = LEFT; side <= RIGHT; side++) {
            StreamJoinSpec.Side me = side(side);
            states[side].reindex((rows, keysOut, leaveAt) -> {
                ColumnVector[] keys = evaluate(me.keys(), rows, KEY_CONTEXT);
                keysOut.encode(encoder, keys, rows.size());
                LongVector times = me.eventTimeColumn() < 0 ? null : (LongVector) rows.column(me.eventTimeColumn());
                leaveTimes(me, keys, times, rows.size(), leaveAt);
            });
        }
    }

    @Override
    protected void writeDelta(StateBuffer out, long stamp) {
        states[LEFT].writeDelta(out);
        states[RIGHT].writeDelta(out);
    }

    @Override
    protected void writeSnapshot(StateBuffer out) {
        states[LEFT].writeSnapshot(out);
        states[RIGHT].writeSnapshot(out);
    }

    @Override
    protected int snapshotSize() {
        int left = states[LEFT].snapshotSize();
        int right = states[RIGHT].snapshotSize();
        return left < 0 || right < 0 ? -1 : left + right;
    }

    @Override
    protected void forgetChanges() {
        states[LEFT].forgetChanges();
        states[RIGHT].forgetChanges();
    }

    @Override
    protected void forgetBatch() {
        late = 0;
        added = 0;
        removed = 0;
        output.clear();
    }
}
