package dev.arus.engine.data;

import java.time.Instant;
import java.util.Arrays;

/** A vector of {@code int}, {@code bigint} or {@code timestamp} (microseconds) values. */
public final class LongVector extends ColumnVector {

    private long[] values;

    public LongVector(DataType type, int capacity) {
        super(type);
        this.values = new long[capacity];
    }

    /** The backing array; rows beyond the batch size hold stale values. */
    public long[] values() {
        return values;
    }

    @Override
    public int capacity() {
        return values.length;
    }

    @Override
    protected void growValues(int capacity) {
        values = Arrays.copyOf(values, capacity);
    }

    @Override
    public Object getObject(int row) {
        if (isNull(row)) {
            return null;
        }
        long value = values[row];
        if (type() == AtomicType.INT) {
            return (int) value;
        }
        if (type() == AtomicType.TIMESTAMP) {
            return Instant.EPOCH.plusNanos(Math.multiplyExact(value, 1000L));
        }
        return value;
    }

    @Override
    protected void setValue(int row, Object value) {
        values[row] = value instanceof Instant instant
                ? Math.addExact(Math.multiplyExact(instant.getEpochSecond(), 1_000_000L), instant.getNano() / 1000)
                : ((Number) value).longValue();
    }

    /** Without NULLs on either side, a plain indexed copy. */
    @Override
    public void gather(ColumnVector source, int[] rows, int count, int to) {
        LongVector from = (LongVector) source;
        if (from.hasNulls() || hasNulls()) {
            super.gather(source, rows, count, to);
            return;
        }
        long[] src = from.values;
        for (int i = 0; i < count; i++) {
            values[to + i] = src[rows[i]];
        }
    }

    @Override
    protected void copyValue(int from, ColumnVector target, int to) {
        ((LongVector) target).values[to] = values[from];
    }

    /** Without nulls, a branch-free copy: every row is written, only selected ones advance. */
    @Override
    public int compact(ColumnVector source, boolean[] selected, int size) {
        LongVector from = (LongVector) source;
        long[] src = from.values;
        int n = 0;
        if (!from.hasNulls()) {
            resetNulls();
            for (int i = 0; i < size; i++) {
                values[n] = src[i];
                n += selected[i] ? 1 : 0;
            }
            return n;
        }
        return super.compact(source, selected, size);
    }
}
