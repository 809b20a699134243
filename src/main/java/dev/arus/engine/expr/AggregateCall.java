package dev.arus.engine.expr;

import dev.arus.engine.data.DataType;

/**
 * One aggregate of an {@code agg(...)}: the function, its bound argument (null for
 * {@code count(*)} and {@code count(1)}, which count every row), the output column name,
 * Spark's result type (count gives a non-null BIGINT, sum of integers BIGINT, sum of doubles
 * DOUBLE, avg DOUBLE, min and max their input's type, and so on) and the function's settings
 * that are not per-row inputs, such as whether {@code first} ignores NULLs.
 */
public record AggregateCall(AggregateFunction function, BoundExpression argument, String name, DataType resultType,
                            Settings settings) {

    public AggregateCall(AggregateFunction function, BoundExpression argument, String name, DataType resultType) {
        this(function, argument, name, resultType, Settings.NONE);
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
