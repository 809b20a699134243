package dev.arus.engine.plan;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.Schema;
import dev.arus.engine.exec.PartitionedStatefulOperator;
import dev.arus.engine.exec.limit.StreamingGlobalLimit;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.analysis.ExpressionAnalyzer;
import dev.arus.engine.streaming.AnalysisException;
import dev.arus.engine.streaming.OutputMode;
import java.util.List;

/**
 * Resolves Spark's {@code limit(n)} on a stream, as Spark 4 plans it: a stateful global limit
 * ({@code StreamingGlobalLimitExec}) wherever the rows it sees are only ever appended, that is in
 * append mode, and in complete mode before the aggregation; refused in update mode, as Spark's
 * {@code UnsupportedOperationChecker} refuses it. {@code limit(0)} lets nothing through and keeps
 * no state, as Spark's optimizer ({@code OptimizeLimitZero}) makes it an empty relation.
 */
final class Limits {

    private Limits() {
    }

    static Resolved resolve(LogicalPlan.Limit limit, Resolved input) {
        int count = limit.count();
        if (count < 0) {
            throw new AnalysisException("INVALID_LIMIT_LIKE_EXPRESSION.IS_NEGATIVE", "[INVALID_LIMIT_LIKE_EXPRESSION"
                    + ".IS_NEGATIVE] The limit like expression \"" + count + "\" is invalid. The limit expression must"
                    + " be equal to or greater than 0, but got " + count + ". SQLSTATE: 42K0E");
        }
        Analysis before = input.analysis();
        boolean afterAggregation = before.aggregates();
        Analysis.ModeRule rule = mode -> {
            if (mode == OutputMode.UPDATE) {
                // Spark's UnsupportedOperationChecker, word for word.
                throw new AnalysisException(AnalysisException.UNSUPPORTED_STREAMING_OPERATION, "Limits are not"
                        + " supported on streaming DataFrames/Datasets in Update output mode");
            }
            if (mode == OutputMode.COMPLETE && afterAggregation) {
                throw new AnalysisException(AnalysisException.UNSUPPORTED_STREAMING_OPERATION, "A limit after a"
                        + " streaming aggregation in Complete output mode is not supported by Arus yet: Spark keeps"
                        + " an arbitrary n of the aggregation's rows each batch. Limit the rows before the aggregation,"
                        + " or run in Append output mode");
            }
        };
        if (count == 0) {
            Expression nothing = new Expression.Literal(false, AtomicType.BOOLEAN, "false", 0);
            return input.then(new Stage.FilterStage(ExpressionAnalyzer.bind(nothing, before.schema())),
                    before.withModeRule(rule));
        }
        return input.then(new LimitStage(count, before.schema()), before.withStatefulOperator(false).withModeRule(rule));
    }

    /** The global limit: one state partition, which takes every slot's first {@code count} rows. */
    record LimitStage(int count, Schema input) implements StatefulStage {

        @Override
        public String description() {
            return "limit(" + count + ")";
        }

        @Override
        public PartitionedStatefulOperator<?, ?> createOperator(int operatorId, List<Stage> slots, PlanWiring wiring) {
            return new StreamingGlobalLimit(operatorId, count, input, wiring.settings().shufflePartitions(),
                    slots.size());
        }
    }
}
