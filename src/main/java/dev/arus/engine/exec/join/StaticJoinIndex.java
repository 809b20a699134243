package dev.arus.engine.exec.join;

import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.EvaluationContext;
import dev.arus.engine.state.GroupIndex;
import dev.arus.engine.table.StaticTable;
import java.util.Arrays;
import java.util.List;

/**
 * The static side of a stream-static join, built once per run: its rows grouped by join key
 * (Spark's broadcast hash relation), each key's rows chained in table order. Read-only once
 * built, shared by every task slot.
 */
public final class StaticJoinIndex {

    private final ColumnarBatch rows;
    private final JoinKeyCodec codec;
    private final GroupIndex keys;
    private final int[] firstRow;
    private final int[] nextRow;
    private final int width;

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

    /** The static row after {@code row} with the same key (for a cross join, the next row), or -1. */
    int nextMatch(int row, boolean cross) {
        if (cross) {
            return row + 1 < rows.size() ? row + 1 : -1;
        }
        return nextRow[row];
    }
}
