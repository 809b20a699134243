package dev.arus.engine.exec.join;

import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.EvaluationContext;
import dev.arus.engine.state.GroupIndex;
import dev.arus.engine.table.StaticTable;
import java.util.Arrays;
import java.util.List;

/**
 * The static side of a stream-static join, built once per run: its rows grouped by join key
 * (Spark's broadcast hash relation), each key's rows chained in table order. A key of one number
 * whose values span a small range (product ids, codes) is also indexed directly by value, so that
 * a probe reads an array instead of hashing. Read-only once built, shared by every task slot.
 */
public final class StaticJoinIndex {

    private static final int DENSE_SLACK = 4;
    private static final int DENSE_MIN_SLOTS = 1024;

    private final ColumnarBatch rows;
    private final JoinKeyCodec codec;
    private final GroupIndex keys;
    private final int[] firstRow;
    private final int[] nextRow;
    private final int width;
    // For a dense key: the first row of each value, by value - denseBase (-1: none); else null.
    private final int[] firstByValue;
    private final long denseBase;
    private final boolean uniqueKeys;

    /** Indexes {@code table} by {@code keys}, bound over its columns (none: every row matches every row, a cross join). */
    public StaticJoinIndex(StaticTable table, List<BoundExpression> keys, EvaluationContext context) {
        this.rows = table.rows();
        this.width = Math.max(1, keys.size());
        this.codec = new JoinKeyCodec(keys.size());
        this.keys = new GroupIndex(width);
        ColumnVector[] values = keys.stream().map(key -> key.evaluate(rows, context)).toArray(ColumnVector[]::new);
        int size = rows.size();
        int[] first = new int[Math.max(16, size)];
        Arrays.fill(first, -1);
        this.nextRow = new int[size];
        int[] last = new int[first.length];
        long[] probe = new long[width];
        for (int row = 0; row < size; row++) {
            nextRow[row] = -1;
            if (!codec.encodeBuild(values, row, probe)) {
                continue;
            }
            int key = this.keys.findOrInsert(probe);
            if (key >= first.length) {
                int grown = first.length * 2;
                first = Arrays.copyOf(first, grown);
                last = Arrays.copyOf(last, grown);
                Arrays.fill(first, grown / 2, grown, -1);
            }
            if (first[key] < 0) {
                first[key] = row;
            } else {
                nextRow[last[key]] = row;
            }
            last[key] = row;
        }
        this.firstRow = first;
        this.uniqueKeys = Arrays.stream(nextRow).allMatch(next -> next < 0);
        boolean numeric = values.length == 1 && values[0] instanceof LongVector;
        long[] range = numeric ? keyRange() : null;
        this.denseBase = range == null ? 0 : range[0];
        this.firstByValue = range == null ? null : firstByValue(range);
    }

    /**
     * The smallest and largest key when they span at most {@value #DENSE_SLACK} slots a key (and
     * at least {@value #DENSE_MIN_SLOTS}), so that a direct index stays a small multiple of the
     * hash index; else null.
     */
    private long[] keyRange() {
        int count = keys.size();
        if (count == 0) {
            return null;
        }
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (int key = 0; key < count; key++) {
            min = Math.min(min, keys.key(key, 0));
            max = Math.max(max, keys.key(key, 0));
        }
        long span = max - min + 1;
        boolean dense = span > 0 && span <= Math.max(DENSE_MIN_SLOTS, (long) DENSE_SLACK * count);
        return dense ? new long[] {min, max} : null;
    }

    private int[] firstByValue(long[] range) {
        int[] first = new int[(int) (range[1] - range[0] + 1)];
        Arrays.fill(first, -1);
        for (int key = 0; key < keys.size(); key++) {
            first[(int) (keys.key(key, 0) - range[0])] = firstRow[key];
        }
        return first;
    }

    /** Whether no two table rows share a key: a probe finds one row at most. */
    boolean uniqueKeys() {
        return uniqueKeys;
    }

    ColumnarBatch rows() {
        return rows;
    }

    int width() {
        return width;
    }

    /**
     * The first static row whose key is that of probing row {@code row} (keys evaluated into
     * {@code values}), or -1; {@code probe} is the caller's scratch tuple.
     */
    int firstMatch(ColumnVector[] values, int row, long[] probe) {
        if (values.length == 0) {
            return rows.size() > 0 ? 0 : -1;
        }
        if (!codec.encodeProbe(values, row, probe)) {
            return -1;
        }
        int key = keys.find(probe);
        return key < 0 ? -1 : firstRow[key];
    }

    /**
     * Fills {@code first[0, size)} with each probing row's {@link #firstMatch}: for a dense key
     * without NULLs, straight from the values.
     */
    void firstMatches(ColumnVector[] values, int size, long[] probe, int[] first) {
        if (firstByValue != null && values[0] instanceof LongVector numbers && !numbers.hasNulls()) {
            long[] keyValues = numbers.values();
            int[] byValue = firstByValue;
            for (int row = 0; row < size; row++) {
                long offset = keyValues[row] - denseBase;
                first[row] = offset >= 0 && offset < byValue.length ? byValue[(int) offset] : -1;
            }
            return;
        }
        for (int row = 0; row < size; row++) {
            first[row] = firstMatch(values, row, probe);
        }
    }

    /** The static row after {@code row} with the same key (for a cross join, the next row), or -1. */
    int nextMatch(int row, boolean cross) {
        if (cross) {
            return row + 1 < rows.size() ? row + 1 : -1;
        }
        return nextRow[row];
    }
}
