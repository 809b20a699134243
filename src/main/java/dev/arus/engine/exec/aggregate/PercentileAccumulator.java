package dev.arus.engine.exec.aggregate;

import dev.arus.engine.data.ArrayVector;
import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.BigDecimalVector;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.DecimalType;
import dev.arus.engine.data.DoubleVector;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.state.StateBuffer;
import java.io.DataInput;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Arrays;

/**
 * Spark's {@code percentile_approx(x, percentage[, accuracy])}: each group's values, as doubles,
 * in a {@link QuantileSummary} of relative error {@code 1 / accuracy}; the result is the value at
 * each percentage brought back to {@code x}'s type (truncated for integers, dates and timestamps),
 * one value or an array of them; NULL for a group without values. A partial group's summary is
 * compressed before it is merged, as Spark compresses a digest when it serialises it.
 */
final class PercentileAccumulator extends SingleInputAccumulator {

    private final DataType valueType;
    private final double[] percentages;
    private final boolean array;
    private final double relativeError;
    private QuantileSummary[] summaries = new QuantileSummary[16];

    PercentileAccumulator(DataType valueType, double[] percentages, boolean array, long accuracy) {
        this.valueType = valueType;
        this.percentages = percentages.clone();
        this.array = array;
        this.relativeError = 1.0 / accuracy;
    }

    @Override
    void ensureGroups(int groups) {
        if (groups > summaries.length) {
            summaries = Arrays.copyOf(summaries, Math.max(groups, summaries.length * 2));
        }
    }

    @Override
    void update(int[] groupIds, ColumnVector input, int size) {
        for (int i = 0; i < size; i++) {
            int group = groupIds[i];
            if (group >= 0 && !input.isNull(i)) {
                summaryOf(group).insert(toDouble(input, i));
            }
        }
    }

    private QuantileSummary summaryOf(int group) {
        QuantileSummary summary = summaries[group];
        if (summary == null) {
            summary = new QuantileSummary(relativeError);
            summaries[group] = summary;
        }
        return summary;
    }

    /** Spark's conversion of an input value to a double: numbers as themselves, decimals by value. */
    private double toDouble(ColumnVector input, int row) {
        if (input instanceof DoubleVector doubles) {
            return doubles.values()[row];
        }
        if (input instanceof BigDecimalVector decimals) {
            return decimals.values()[row].doubleValue();
        }
        long value = ((LongVector) input).values()[row];
        return valueType instanceof DecimalType decimal ? BigDecimal.valueOf(value, decimal.scale()).doubleValue()
                : value;
    }

    @Override
    void merge(int group, Accumulator partial, int partialGroup) {
        QuantileSummary other = ((PercentileAccumulator) partial).summaries[partialGroup];
        if (other == null) {
            return;
        }
        if (!other.isCompressed()) {
            other.compress();
        }
        QuantileSummary summary = summaryOf(group);
        if (!summary.isCompressed()) {
            summary.compress();
        }
        summary.merge(other);
    }

    @Override
    void writeResult(int group, ColumnVector output, int row) {
        QuantileSummary summary = summaries[group];
        if (summary == null || summary.count() == 0) {
            output.setNull(row);
            return;
        }
        if (!summary.isCompressed()) {
            summary.compress();
        }
        double[] results = summary.query(percentages);
        if (!array) {
            writeValue(results[0], output, row);
            return;
        }
        ArrayVector arrays = (ArrayVector) output;
        int start = arrays.appendRow(row, results.length);
        for (int i = 0; i < results.length; i++) {
            writeValue(results[i], arrays.elements(), start + i);
        }
    }

    /** Spark's conversion of a percentile back to the input's type: {@code toInt}, {@code toLong}, ... */
    private void writeValue(double result, ColumnVector output, int row) {
        if (valueType instanceof DecimalType decimal) {
            BigDecimal value = new BigDecimal(Double.toString(result)).setScale(decimal.scale(), RoundingMode.HALF_UP);
            if (value.precision() > decimal.precision()) {
                output.setNull(row);
            } else {
                output.setObject(row, value);
            }
            return;
        }
        output.setNotNull(row);
        if (output instanceof DoubleVector doubles) {
            doubles.values()[row] = valueType == AtomicType.FLOAT ? (float) result : result;
            return;
        }
        long[] longs = ((LongVector) output).values();
        if (valueType == AtomicType.BYTE) {
            longs[row] = (byte) result;
        } else if (valueType == AtomicType.SHORT) {
            longs[row] = (short) result;
        } else if (valueType == AtomicType.INT || valueType == AtomicType.DATE) {
            longs[row] = (int) result;
        } else {
            longs[row] = (long) result;
        }
    }

    @Override
    void retain(int[] survivors, int count) {
        for (int i = 0; i < count; i++) {
            summaries[i] = summaries[survivors[i]];
        }
        // a group that moved down is also still in its old slot: forget it there
        Arrays.fill(summaries, count, summaries.length, null);
    }

    @Override
    long memoryBytes() {
        long bytes = summaries.length * 8L;
        for (QuantileSummary summary : summaries) {
            bytes += summary == null ? 0 : summary.memoryBytes();
        }
        return bytes;
    }

    @Override
    void write(int group, StateBuffer out) {
        QuantileSummary summary = summaries[group];
        out.writeBoolean(summary != null);
        if (summary != null) {
            summary.write(out);
        }
    }

    @Override
    void read(int group, DataInput in) throws IOException {
        summaries[group] = in.readBoolean() ? QuantileSummary.read(in) : null;
    }
}
