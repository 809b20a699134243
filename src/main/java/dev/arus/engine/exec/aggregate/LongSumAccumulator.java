package dev.arus.engine.exec.aggregate;

import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.expr.EvaluationException;
import dev.arus.engine.state.StateBuffer;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.Field;
import java.util.List;
import java.io.DataInput;
import java.io.IOException;
import java.util.Arrays;

/**
 * {@code sum} of integers (a {@code bigint}) or of day-time intervals; NULL until a non-null value
 * arrives. A sum out of a long's range raises ARITHMETIC_OVERFLOW, as Spark's ANSI {@code Add}
 * inside {@code Sum} does.
 */
final class LongSumAccumulator extends SingleInputAccumulator {

    private long[] sums = new long[16];
    private boolean[] seen = new boolean[16];

    /** Spark's {@code Sum} buffer: {@code sum}. */
    @Override
    List<Field> bufferFields(String resultName, DataType resultType) {
        return List.of(new Field("sum", resultType, true));
    }

    @Override
    void ensureGroups(int groups) {
        sums = grow(sums, groups);
        seen = grow(seen, groups);
    }

    @Override
    void update(int[] groupIds, ColumnVector input, int size) {
        long[] values = ((LongVector) input).values();
        for (int i = 0; i < size; i++) {
            int group = groupIds[i];
            if (group >= 0 && !input.isNull(i)) {
                sums[group] = add(sums[group], values[i]);
                seen[group] = true;
            }
        }
    }

    @Override
    void merge(int group, Accumulator partial, int partialGroup) {
        LongSumAccumulator other = (LongSumAccumulator) partial;
        if (other.seen[partialGroup]) {
            sums[group] = add(sums[group], other.sums[partialGroup]);
            seen[group] = true;
        }
    }

    private static long add(long sum, long value) {
        try {
            return Math.addExact(sum, value);
        } catch (ArithmeticException e) {
            throw EvaluationException.overflow("long overflow", "try_add");
        }
    }

    @Override
    void writeResult(int group, ColumnVector output, int row) {
        if (seen[group]) {
            output.setNotNull(row);
            ((LongVector) output).values()[row] = sums[group];
        } else {
            output.setNull(row);
        }
    }

    @Override
    void retain(int[] survivors, int count) {
        retain(sums, survivors, count);
        retain(seen, survivors, count);
        Arrays.fill(sums, count, sums.length, 0);
        Arrays.fill(seen, count, seen.length, false);
    }

    @Override
    long memoryBytes() {
        return sums.length * 9L;
    }

    @Override
    void write(int group, StateBuffer out) {
        out.writeLong(sums[group]);
        out.writeBoolean(seen[group]);
    }

    @Override
    void read(int group, DataInput in) throws IOException {
        sums[group] = in.readLong();
        seen[group] = in.readBoolean();
    }
}
