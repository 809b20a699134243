package dev.arus.engine.exec.aggregate;

import dev.arus.engine.data.BigDecimalVector;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.DecimalType;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.expr.aggregate.DecimalResults;
import dev.arus.engine.state.StateBuffer;
import java.io.DataInput;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.Arrays;

/**
 * {@code sum} and {@code avg} of decimals with Spark's result types ({@code sum} of
 * {@code decimal(p,s)} is {@code decimal(p+10,s)}, {@code avg} {@code decimal(p+4,s+4)}) and
 * rounding. A group's sum is kept exactly, as an unscaled long while it fits one and as a
 * {@code BigDecimal} from the first value that does not, so that summing compact decimals makes
 * no object per row. NULL for a group that has seen no non-null value.
 */
final class DecimalSumAccumulator extends SingleInputAccumulator {

    private final boolean average;
    private final DecimalType input;
    private final int scale;
    private long[] sums = new long[16];
    private BigDecimal[] wideSums = new BigDecimal[16];
    private long[] counts = new long[16];

    /** {@code input} is the argument's type, whose scale the sums keep. */
    DecimalSumAccumulator(DecimalType input, boolean average) {
        this.average = average;
        this.input = input;
        this.scale = input.scale();
    }

    @Override
    void ensureGroups(int groups) {
        sums = grow(sums, groups);
        counts = grow(counts, groups);
        if (groups > wideSums.length) {
            wideSums = Arrays.copyOf(wideSums, Math.max(groups, wideSums.length * 2));
        }
    }

    @Override
    void update(int[] groupIds, ColumnVector input, int size) {
        if (input instanceof LongVector longs) {
            long[] values = longs.values();
            for (int i = 0; i < size; i++) {
                int group = groupIds[i];
                if (group >= 0 && !input.isNull(i)) {
                    addCompact(group, values[i]);
                    counts[group]++;
                }
            }
            return;
        }
        BigDecimal[] values = ((BigDecimalVector) input).values();
        for (int i = 0; i < size; i++) {
            int group = groupIds[i];
            if (group >= 0 && !input.isNull(i)) {
                wideSums[group] = exact(group).add(values[i]);
                counts[group]++;
            }
        }
    }

    private void addCompact(int group, long value) {
        if (wideSums[group] == null) {
            long sum = sums[group] + value;
            // overflow when both operands have the sign the sum lacks
            if (((sums[group] ^ sum) & (value ^ sum)) >= 0) {
                sums[group] = sum;
                return;
            }
        }
        wideSums[group] = exact(group).add(BigDecimal.valueOf(value, scale));
    }

    /** The group's sum as a {@code BigDecimal}, whichever form it is kept in. */
    private BigDecimal exact(int group) {
        return wideSums[group] != null ? wideSums[group] : BigDecimal.valueOf(sums[group], scale);
    }

    @Override
    void merge(int group, Accumulator partial, int partialGroup) {
        DecimalSumAccumulator other = (DecimalSumAccumulator) partial;
        if (other.counts[partialGroup] == 0) {
            return;
        }
        if (other.wideSums[partialGroup] == null) {
            addCompact(group, other.sums[partialGroup]);
        } else {
            wideSums[group] = exact(group).add(other.wideSums[partialGroup]);
        }
        counts[group] += other.counts[partialGroup];
    }

    @Override
    void writeResult(int group, ColumnVector output, int row) {
        if (counts[group] == 0) {
            output.setNull(row);
            return;
        }
        BigDecimal value = average ? DecimalResults.average(exact(group), counts[group], input)
                : DecimalResults.sum(exact(group), input);
        output.setNotNull(row);
        if (output instanceof LongVector longs) {
            longs.values()[row] = value.unscaledValue().longValueExact();
        } else {
            ((BigDecimalVector) output).values()[row] = value;
        }
    }

    @Override
    void retain(int[] survivors, int count) {
        retain(sums, survivors, count);
        retain(counts, survivors, count);
        for (int i = 0; i < count; i++) {
            wideSums[i] = wideSums[survivors[i]];
        }
        Arrays.fill(sums, count, sums.length, 0);
        Arrays.fill(counts, count, counts.length, 0);
        Arrays.fill(wideSums, count, wideSums.length, null);
    }

    @Override
    long memoryBytes() {
        return sums.length * 24L;
    }

    @Override
    void write(int group, StateBuffer out) {
        out.writeLong(counts[group]);
        out.writeString(exact(group).toPlainString());
    }

    @Override
    void read(int group, DataInput in) throws IOException {
        counts[group] = in.readLong();
        BigDecimal sum = new BigDecimal(StateBuffer.readString(in));
        try {
            sums[group] = sum.unscaledValue().longValueExact();
            wideSums[group] = null;
        } catch (ArithmeticException tooLarge) {
            wideSums[group] = sum;
        }
    }
}
