package dev.arus.engine.expr;

import dev.arus.engine.data.DataType;
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
     * and {@code last} ignore NULLs, and the relative standard deviation {@code approx_count_distinct}
     * allows (Spark's default 0.05).
     */
    public record Settings(boolean ignoreNulls, double relativeStandardDeviation) {

        public static final Settings NONE = new Settings(false, 0.05);

        static Settings ignoringNulls(boolean ignoreNulls) {
            return new Settings(ignoreNulls, NONE.relativeStandardDeviation);
        }

        static Settings withRelativeStandardDeviation(double relativeStandardDeviation) {
            return new Settings(false, relativeStandardDeviation);
        }
    }
}
