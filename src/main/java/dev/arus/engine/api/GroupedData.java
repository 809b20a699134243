package dev.arus.engine.api;

import dev.arus.engine.expr.Expression;
import dev.arus.engine.plan.LogicalPlan;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** A frame grouped by keys, waiting for its aggregations; Spark's {@code RelationalGroupedDataset}. */
public final class GroupedData {

    private final StreamFrame frame;
    private final List<Expression> keys;

    GroupedData(StreamFrame frame, List<Expression> keys) {
        this.frame = frame;
        this.keys = List.copyOf(keys);
    }

    /** The number of rows per group, in a column named {@code count}, as Spark's. */
    public StreamFrame count() {
        return agg(functions.count(functions.lit(1)).alias("count"));
    }

    public StreamFrame agg(Column aggregate, Column... more) {
        List<Expression> aggregates = new ArrayList<>();
        aggregates.add(aggregate.expr());
        Arrays.stream(more).map(Column::expr).forEach(aggregates::add);
        return frame.withPlan(new LogicalPlan.Aggregate(frame.plan(), keys, aggregates));
    }

    /** Aggregations as Spark SQL expressions, e.g. {@code "avg(value) AS mean"}. */
    public StreamFrame agg(String aggregate, String... more) {
        return agg(functions.expr(aggregate), Arrays.stream(more).map(functions::expr).toArray(Column[]::new));
    }
}
