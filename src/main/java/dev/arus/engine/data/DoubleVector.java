package dev.arus.engine.data;

import java.util.Arrays;

/**
 * A vector of {@code double} or {@code float} values. A float is held as the double of the same
 * value, so that arithmetic on it is double arithmetic rounded back to a float.
 */
public final class DoubleVector extends ColumnVector {

    private double[] values;

    public DoubleVector(int capacity) {
        this(AtomicType.DOUBLE, capacity);
    }

    public DoubleVector(DataType type, int capacity) {
        super(type);
        if (!type.isFloatingPoint()) {
            throw new IllegalArgumentException("a double vector holds no " + type.simpleString());
        }
        this.values = new double[capacity];
    }

    public double[] values() {
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
        return type() == AtomicType.FLOAT ? (Object) (float) values[row] : (Object) values[row];
    }

    @Override
    protected void setValue(int row, Object value) {
        double number = ((Number) value).doubleValue();
        values[row] = type() == AtomicType.FLOAT ? (float) number : number;
    }

    /** Without NULLs on either side, a plain indexed copy. */
    @Override
    public void gather(ColumnVector source, int[] rows, int count, int to) {
        DoubleVector from = (DoubleVector) source;
        if (from.hasNulls() || hasNulls()) {
            super.gather(source, rows, count, to);
            return;
        }
        double[] src = from.values;
        for (int i = 0; i < count; i++) {
            values[to + i] = src[rows[i]];
        }
    }

    @Override
    protected Object flatValues() {
        return values;
    }

    @Override
    protected void copyValue(int from, ColumnVector target, int to) {
        ((DoubleVector) target).values[to] = values[from];
    }
}
