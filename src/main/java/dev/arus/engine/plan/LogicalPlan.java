package dev.arus.engine.plan;

import dev.arus.engine.data.Schema;
import dev.arus.engine.expr.Expression;
import java.util.List;
import java.util.Map;

/**
 * What a query computes, as the user's DataFrame chain describes it, with expressions not yet
 * resolved. Each node is immutable; a chain step wraps its input.
 */
public sealed interface LogicalPlan {

    /** The stream at the bottom of this plan. */
    default StreamSource streamSource() {
        LogicalPlan node = this;
        while (!(node instanceof StreamSource)) {
            if (node instanceof Project project) {
                node = project.child();
            } else if (node instanceof Filter filter) {
                node = filter.child();
            } else if (node instanceof Watermark watermark) {
                node = watermark.child();
            } else {
                node = ((Aggregate) node).child();
            }
        }
        return (StreamSource) node;
    }

    /** The stream a query reads: a source format, its options, and the schema its provider gave them. */
    record StreamSource(String format, Map<String, String> options, Schema schema) implements LogicalPlan {
        public StreamSource {
            options = Map.copyOf(options);
        }
    }

    /** {@code select}, {@code selectExpr} and {@code withColumn}: one output column per expression. */
    record Project(LogicalPlan child, List<Expression> expressions) implements LogicalPlan {
        public Project {
            expressions = List.copyOf(expressions);
        }
    }

    record Filter(LogicalPlan child, Expression condition) implements LogicalPlan {
    }

    /** {@code withWatermark(column, delay)}. */
    record Watermark(LogicalPlan child, String column, long delayMicros) implements LogicalPlan {
    }

    /** {@code groupBy(keys).agg(aggregates)}; keys may include one {@code window(..)}. */
    record Aggregate(LogicalPlan child, List<Expression> keys, List<Expression> aggregates) implements LogicalPlan {
        public Aggregate {
            keys = List.copyOf(keys);
            aggregates = List.copyOf(aggregates);
        }
    }
}
