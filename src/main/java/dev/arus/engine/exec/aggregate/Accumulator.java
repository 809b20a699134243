package dev.arus.engine.exec.aggregate;

import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.DecimalType;
import dev.arus.engine.data.Field;
import dev.arus.engine.expr.aggregate.AggregateCall;
import dev.arus.engine.expr.aggregate.AggregateFunction;
import dev.arus.engine.state.StateBuffer;
import java.io.DataInput;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;

/**
 * The running value of one aggregate function for every group, held column-wise in arrays
 * indexed by group id. Rows whose group id is negative (late, or outside any window) are skipped.
 * Most functions read one input per row and extend {@link SingleInputAccumulator}.
 */
abstract class Accumulator {

    private static final int[] NO_GROUPS = new int[0];

    /** One accumulator per aggregate, in order, each of the function and type it calls for. */
    static Accumulator[] forCalls(List<AggregateCall> calls) {
        return calls.stream().map(Accumulator::forCall).toArray(Accumulator[]::new);
    }

    private static Accumulator forCall(AggregateCall call) {
        boolean decimal = call.argument() != null && call.argument().dataType() instanceof DecimalType;
        return switch (call.function()) {
            case COUNT -> new CountAccumulator(false);
            case SUM -> decimal ? new DecimalSumAccumulator((DecimalType) call.argument().dataType(), false)
                    : call.resultType().isLongBacked() ? new LongSumAccumulator() : new DoubleSumAccumulator(false);
            case AVG -> decimal ? new DecimalSumAccumulator((DecimalType) call.argument().dataType(), true)
                    : new DoubleSumAccumulator(true);
            case MIN, BOOL_AND -> new ExtremumAccumulator(false, ColumnVector.allocate(call.resultType(), 16));
            case MAX, BOOL_OR -> new ExtremumAccumulator(true, ColumnVector.allocate(call.resultType(), 16));
            case COUNT_IF -> new CountAccumulator(true);
            case FIRST, LAST -> new FirstLastAccumulator(call.function() == AggregateFunction.LAST,
                    call.settings().ignoreNulls(), ColumnVector.allocate(call.resultType(), 16));
            case COLLECT_LIST, COLLECT_SET -> new CollectAccumulator(call.argument().dataType(),
                    call.function() == AggregateFunction.COLLECT_SET);
            case STDDEV_SAMP -> new MomentsAccumulator(MomentsAccumulator.Statistic.STDDEV_SAMP);
            case STDDEV_POP -> new MomentsAccumulator(MomentsAccumulator.Statistic.STDDEV_POP);
            case VAR_SAMP -> new MomentsAccumulator(MomentsAccumulator.Statistic.VAR_SAMP);
            case VAR_POP -> new MomentsAccumulator(MomentsAccumulator.Statistic.VAR_POP);
            case APPROX_COUNT_DISTINCT -> new ApproxCountDistinctAccumulator(call.argument().dataType(),
                    call.settings().relativeStandardDeviation());
            case PERCENTILE_APPROX -> new PercentileAccumulator(call.argument().dataType(),
                    call.settings().percentiles().values(), call.settings().percentiles().array(),
                    call.settings().percentiles().accuracy());
            case MAX_BY, MIN_BY -> new ExtremumByAccumulator(call.function() == AggregateFunction.MAX_BY,
                    ColumnVector.allocate(call.resultType(), 16),
                    ColumnVector.allocate(call.inputs().get(1).dataType(), 16));
        };
    }

    /** Makes room for group ids below {@code groups}; new groups start empty. */
    abstract void ensureGroups(int groups);

    /**
     * Folds rows {@code [0, size)} into their groups: {@code inputs[i]} holds the chunk's values of
     * the call's {@code i}-th input, in the order of {@link AggregateCall#inputs()} (no vectors for
     * {@code count(*)}). Called by the task slot's thread only.
     */
    abstract void update(int[] groupIds, ColumnVector[] inputs, int size);

    /**
     * Folds group {@code partialGroup} of {@code partial}, an accumulator of the same function that
     * took part of a batch's rows, into group {@code group}; the group exists.
     */
    abstract void merge(int group, Accumulator partial, int partialGroup);

    /** Writes group {@code group}'s result to row {@code row} of {@code output}. */
    abstract void writeResult(int group, ColumnVector output, int row);

    /**
     * The fields of the aggregation buffer Spark keeps in its state for this function, whose
     * result is of {@code resultType} and named {@code resultName}: by default one field holding
     * the result, named after the buffer Spark names (the result's name where Spark's buffer is
     * opaque, as a sketch's).
     */
    List<Field> bufferFields(String resultName, DataType resultType) {
        return List.of(new Field(resultName, resultType, true));
    }

    /**
     * Group {@code group}'s buffer, a value per {@link #bufferFields} field; {@code null} when the
     * buffer is the result alone, as by default.
     */
    List<Object> buffer(int group) {
        return null;
    }

    /** Keeps only the groups listed, renumbered 0, 1, ... in that order. */
    abstract void retain(int[] survivors, int count);

    abstract long memoryBytes();

    /** Forgets every group, keeping the room made for them. */
    final void clear() {
        retain(NO_GROUPS, 0);
    }

    /** Writes group {@code group}'s running value for a state file. */
    abstract void write(int group, StateBuffer out);

    /** Sets group {@code group}'s running value from a state file. */
    abstract void read(int group, DataInput in) throws IOException;

    static long[] grow(long[] values, int groups) {
        return groups <= values.length ? values : Arrays.copyOf(values, Math.max(groups, values.length * 2));
    }

    static double[] grow(double[] values, int groups) {
        return groups <= values.length ? values : Arrays.copyOf(values, Math.max(groups, values.length * 2));
    }

    static boolean[] grow(boolean[] values, int groups) {
        return groups <= values.length ? values : Arrays.copyOf(values, Math.max(groups, values.length * 2));
    }

    static void retain(long[] values, int[] survivors, int count) {
        for (int i = 0; i < count; i++) {
            values[i] = values[survivors[i]];
        }
    }

    static void retain(double[] values, int[] survivors, int count) {
        for (int i = 0; i < count; i++) {
            values[i] = values[survivors[i]];
        }
    }

    static void retain(boolean[] values, int[] survivors, int count) {
        for (int i = 0; i < count; i++) {
            values[i] = values[survivors[i]];
        }
    }
}
