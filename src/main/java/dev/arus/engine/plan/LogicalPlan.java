package dev.arus.engine.plan;

import dev.arus.engine.data.Schema;
import dev.arus.engine.exec.join.JoinType;
import dev.arus.engine.expr.Expression;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What a query computes, as the user's DataFrame chain describes it, with expressions not yet
 * resolved. Each node is immutable; a chain step wraps its input.
 */
public sealed interface LogicalPlan {

    /** The stream at the bottom of this plan; the first, left-most, of a join's. */
    default StreamSource streamSource() {
        return streamSources().get(0);
    }

    /** The streams this plan reads, in Spark's order of a query's sources: depth first, left before right. */
    default List<StreamSource> streamSources() {
        if (this instanceof StreamSource source) {
            return List.of(source);
        }
        if (this instanceof StreamJoin join) {
            List<StreamSource> both = new ArrayList<>(join.left().streamSources());
            both.addAll(join.right().streamSources());
            return both;
        }
        return ((Unary) this).child().streamSources();
    }

    /** A step over one input. */
    sealed interface Unary extends LogicalPlan {
        LogicalPlan child();
    }

    /** The stream a query reads: a source format, its options, and the schema its provider gave them. */
    record StreamSource(String format, Map<String, String> options, Schema schema) implements LogicalPlan {
        public StreamSource {
            options = Map.copyOf(options);
        }
    }

    /**
     * A table read once when a query starts, from files of {@code format} (json, csv) with the
     * given schema and options ({@code path}): the static side of a stream-static join.
     */
    record StaticSource(String format, Map<String, String> options, Schema schema) implements LogicalPlan {
        public StaticSource {
            options = Map.copyOf(options);
        }
    }

    /**
     * The stream {@code child} joined with the static {@code table} (a {@link StaticSource},
     * maybe aliased): on the columns {@code using} that both sides have, or on {@code condition}
     * (exactly one of them is null; both null is a cross join).
     */
    record StaticJoin(LogicalPlan child, LogicalPlan table, JoinType type, List<String> using, Expression condition)
            implements Unary {
        public StaticJoin {
            using = using == null ? null : List.copyOf(using);
        }
    }

    /**
     * Two streams joined, Spark's stream-stream join: on the columns {@code using} that both have,
     * or on {@code condition} (exactly one of them is null).
     */
    record StreamJoin(LogicalPlan left, LogicalPlan right, JoinType type, List<String> using, Expression condition)
            implements LogicalPlan {
        public StreamJoin {
            using = using == null ? null : List.copyOf(using);
        }

        /** The join type and what it joins on, in Spark's words: {@code LeftOuter on using k, time}. */
        public String describe() {
            return type.sparkName() + " on " + (using != null ? "using " + String.join(", ", using)
                    : condition != null ? condition.sql() : "nothing");
        }
    }

    /** Spark's {@code Dataset.alias}: every column of {@code child} is qualified by {@code alias}. */
    record SubqueryAlias(LogicalPlan child, String alias) implements Unary {
    }

    /** {@code select}, {@code selectExpr} and {@code withColumn}: one output column per expression. */
    record Project(LogicalPlan child, List<Expression> expressions) implements Unary {
        public Project {
            expressions = List.copyOf(expressions);
        }
    }

    record Filter(LogicalPlan child, Expression condition) implements Unary {
    }

    /** {@code withWatermark(column, delay)}. */
    record Watermark(LogicalPlan child, String column, long delayMicros) implements Unary {
    }

    /**
     * {@code dropDuplicates(columns)} (no columns: every column) or, with {@code withinWatermark},
     * {@code dropDuplicatesWithinWatermark(columns)}.
     */
    record Deduplicate(LogicalPlan child, List<String> columns, boolean withinWatermark) implements Unary {
        public Deduplicate {
            columns = List.copyOf(columns);
        }
    }

    /** {@code groupBy(keys).agg(aggregates)}; keys may include one {@code window(..)}. */
    record Aggregate(LogicalPlan child, List<Expression> keys, List<Expression> aggregates) implements Unary {
        public Aggregate {
            keys = List.copyOf(keys);
            aggregates = List.copyOf(aggregates);
        }
    }
}
