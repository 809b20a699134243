package dev.arus.engine.expr;

import dev.arus.engine.data.DataType;

/**
 * One aggregate of an {@code agg(...)}: the function, its bound argument (null for
 * {@code count(*)} and {@code count(1)}, which count every row), the output column name and
 * Spark's result type: count gives a non-null BIGINT, sum of integers BIGINT, sum of doubles
 * DOUBLE, avg DOUBLE, min and max their input's type.
 */
public record AggregateCall(AggregateFunction function, BoundExpression argument, String name, DataType resultType) {
}
