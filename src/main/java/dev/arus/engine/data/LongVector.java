package dev.arus.engine.data;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Arrays;

/**
 * A vector of integers of any width, dates (days since the epoch), timestamps (microseconds),
 * day-time intervals (microseconds) or decimals of at most 18 digits (unscaled: {@code 3.30} of
 * a {@code decimal(5,2)} is 330). Which one the type says; a value always fits its type.
 */
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
        DataType type = type();
        if (type instanceof DecimalType decimal) {
            return BigDecimal.valueOf(value, decimal.scale());
        }
        if (type instanceof DayTimeIntervalType) {
            return Duration.ofSeconds(Math.floorDiv(value, 1_000_000L), Math.floorMod(value, 1_000_000L) * 1000L);
        }
        return switch ((AtomicType) type) {
            case BYTE -> (byte) value;
            case SHORT -> (short) value;
            case INT -> (int) value;
            case DATE -> LocalDate.ofEpochDay(value);
            case TIMESTAMP -> Instant.EPOCH.plusNanos(Math.multiplyExact(value, 1000L));
            default -> value;
        };
    }

    /**
     * Takes what {@link #getObject} gives for the type; a number for an integer, a {@code BigDecimal}
     * of any scale for a decimal (rounded half up to the type's scale, and refused when it then
     * needs more digits than the type has).
     */
    @Override
    protected void setValue(int row, Object value) {
        if (value instanceof Instant instant) {
            values[row] = Math.addExact(Math.multiplyExact(instant.getEpochSecond(), 1_000_000L),
                    instant.getNano() / 1000);
        } else if (value instanceof LocalDate date) {
            values[row] = date.toEpochDay();
        } else if (value instanceof Duration duration) {
            values[row] = Math.addExact(Math.multiplyExact(duration.getSeconds(), 1_000_000L),
                    duration.getNano() / 1000);
        } else if (value instanceof BigDecimal decimal) {
            values[row] = Decimals.unscaledLong(decimal, (DecimalType) type());
        } else {
            values[row] = ((Number) value).longValue();
        }
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
    protected Object flatValues() {
        return values;
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
