package dev.arus.engine.expr.aggregate;

import dev.arus.engine.data.DataType;
import dev.arus.engine.expr.BoundExpression;
import java.util.List;

/**
 * One aggregate of an {@code agg(...)}: the function, its bound per-row inputs in argument order
 * (none for {@code count(*)} and {@code count(1)}, which count every row; the value and the
 * ordering for {@code max_by}), the output column name, Spark's result type (count gives a
 * non-null BIGINT, sum of integers BIGINT, sum of doubles DOUBLE, avg DOUBLE, min and max their
 * input's type, and so on) and the function's settings that are not per-row inputs, such as
 * whether {@code first} ignores NULLs.
 */
public record AggregateCall(AggregateFunction function, List<BoundExpression> inputs, String name,
                            DataType resultType, Settings settings) {

    public AggregateCall {
        inputs = List.copyOf(inputs);
    }

    /** A call of one input, or of none when {@code argument} is null. */
    public AggregateCall(AggregateFunction function, BoundExpression argument, String name, DataType resultType,
                         Settings settings) {
        this(function, argument == null ? List.of() : List.of(argument), name, resultType, settings);
    }

    public AggregateCall(AggregateFunction function, BoundExpression argument, String name, DataType resultType) {
        this(function, argument, name, resultType, Settings.NONE);
    }

    /** The first input, the value aggregated; null when the call counts every row. */
    public BoundExpression argument() {
        return inputs.isEmpty() ? null : inputs.get(0);
    }

    /** Whether the result may be NULL: not for counts, nor for collections, which are empty instead. */
    public boolean nullable() {
        return !function.resultNeverNull();
    }

    /**
     * A function's constant parameters, fixed when the query is analysed: whether {@code first}
     * and {@code last} ignore NULLs, the relative standard deviation {@code approx_count_distinct}
     * allows (Spark's default 0.05), and the percentages and accuracy of {@code percentile_approx}
     * (null for other functions).
     */
    public record Settings(boolean ignoreNulls, double relativeStandardDeviation, Percentiles percentiles) {

        public static final Settings NONE = new Settings(false, 0.05, null);

        public static Settings ignoringNulls(boolean ignoreNulls) {
            return new Settings(ignoreNulls, NONE.relativeStandardDeviation, null);
        }

        public static Settings withRelativeStandardDeviation(double relativeStandardDeviation) {
            return new Settings(false, relativeStandardDeviation, null);
        }

        static Settings withPercentiles(Percentiles percentiles) {
            return new Settings(false, NONE.relativeStandardDeviation, percentiles);
        }
    }

    /**
     * {@code percentile_approx}'s percentages, each in [0, 1], whether they were given as an array
     * (so that the result is one), and its accuracy, the inverse of the relative error (Spark's
     * default 10000).
     */
    public record Percentiles(List<Double> percentages, boolean array, long accuracy) {

        public static final long DEFAULT_ACCURACY = 10_000;

        public Percentiles {
            percentages = List.copyOf(percentages);
        }

        public double[] values() {
            return percentages.stream().mapToDouble(Double::doubleValue).toArray();
        }
    }
}
