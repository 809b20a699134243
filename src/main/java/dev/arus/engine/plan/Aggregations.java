package dev.arus.engine.plan;

import dev.arus.engine.data.Field;
import dev.arus.engine.data.Schema;
import dev.arus.engine.data.StructType;
import dev.arus.engine.exec.PartitionedStatefulOperator;
import dev.arus.engine.exec.aggregate.AggregationSpec;
import dev.arus.engine.exec.aggregate.StreamingAggregation;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.aggregate.AggregateCall;
import dev.arus.engine.expr.analysis.ExpressionAnalyzer;
import dev.arus.engine.expr.window.GroupingKey;
import dev.arus.engine.streaming.AnalysisException;
import java.util.ArrayList;
import java.util.List;

/**
 * Resolves a streaming aggregation as Spark's analyser and {@code UnsupportedOperationChecker}
 * do: its grouping keys (one time or session window at most, never a session window alone), its
 * aggregates (none DISTINCT), and the key that carries the watermark, which lets its state be
 * evicted.
 */
final class Aggregations {

    private Aggregations() {
    }

    /**
     * The aggregation's output carries the watermark in its watermark key's column: the window
     * or session window over the watermark column, or that column itself.
     */
    static Resolved resolve(LogicalPlan.Aggregate aggregate, Resolved input) {
        Analysis before = input.analysis();
        Schema schema = before.schema();
        List<GroupingKey> keys = new ArrayList<>();
        List<Field> fields = new ArrayList<>();
        int watermarkKey = -1;
        int windows = 0;
        for (Expression expression : aggregate.keys()) {
            GroupingKey key = ExpressionAnalyzer.bindGroupingKey(expression, schema);
            if (key instanceof GroupingKey.ValueKey valueKey) {
                BoundExpression value = valueKey.expression();
                fields.add(new Field(valueKey.name(), value.dataType(), value.nullable(),
                        valueKey.name().equals(value.name()) ? QueryPlanner.qualifierOf(value, schema) : null));
                if (watermarkKey < 0 && QueryPlanner.carriesWatermark(value, before.watermarkColumn(), schema)) {
                    watermarkKey = keys.size();
                }
            } else {
                windows++;
                fields.add(new Field(key.name(), StructType.WINDOW, true));
                if (QueryPlanner.carriesWatermark(timeColumn(key), before.watermarkColumn(), schema)) {
                    watermarkKey = keys.size();
                }
            }
            keys.add(key);
        }
        if (windows > 1) {
            throw new AnalysisException("MULTIPLE_TIME_WINDOWS", "Multiple time/session window expressions would "
                    + "result in a cartesian product of rows, therefore they are currently not supported.");
        }
        boolean sessionWindowed = keys.stream().anyMatch(GroupingKey.SessionKey.class::isInstance);
        if (sessionWindowed && keys.size() == 1) {
            // Spark's AggUtils.planStreamingAggregationForSession, word for word.
            throw new AnalysisException(AnalysisException.UNSUPPORTED_STREAMING_OPERATION, "Global aggregation with "
                    + "session window in streaming query is not supported.", -1, aggregate.keys().get(0).sql());
        }
        List<AggregateCall> calls = new ArrayList<>();
        for (Expression expression : aggregate.aggregates()) {
            AggregateCall call = ExpressionAnalyzer.bindAggregate(expression, schema);
            calls.add(call);
            fields.add(new Field(call.name(), call.resultType(), call.nullable()));
        }
        if (aggregate.aggregates().stream().anyMatch(ExpressionAnalyzer::isDistinctAggregate)) {
            // Spark's UnsupportedOperationChecker, word for word, once the aggregates have been analysed.
            throw new AnalysisException(AnalysisException.UNSUPPORTED_STREAMING_OPERATION, "Distinct aggregations are"
                    + " not supported on streaming DataFrames/Datasets. Consider using approx_count_distinct() instead.");
        }
        Schema output = new Schema(fields);
        String watermarkColumn = watermarkKey < 0 ? null : fields.get(watermarkKey).name();
        Analysis counted = before.withStatefulOperator(true);
        String description = "groupBy(" + String.join(", ", aggregate.keys().stream().map(Expression::sql).toList())
                + ").agg(" + String.join(", ", aggregate.aggregates().stream().map(Expression::sql).toList()) + ")";
        return input.then(new AggregateStage(new AggregationSpec(keys, calls, watermarkKey), output, description),
                new Analysis(output, watermarkColumn, before.watermarkDelayMicros(), before.aggregations() + 1,
                        before.aggregationsHaveWatermarkKeys() && watermarkKey >= 0, counted.statefulOperators(),
                        counted.statefulAfterAggregation(), sessionWindowed, before.streamJoins(),
                        fields.subList(0, keys.size()).stream().map(Field::name).toList(), before.modeRules()));
    }

    private static BoundExpression timeColumn(GroupingKey key) {
        return key instanceof GroupingKey.WindowKey window ? window.timeColumn()
                : ((GroupingKey.SessionKey) key).timeColumn();
    }

    /** The aggregation as one slot binds it, its output's columns, and as the query wrote it. */
    record AggregateStage(AggregationSpec spec, Schema output, String description) implements StatefulStage {
        @Override
        public PartitionedStatefulOperator<?, ?> createOperator(int operatorId, List<Stage> slots, PlanWiring wiring) {
            return new StreamingAggregation(operatorId, wiring.settings().shufflePartitions(), wiring.mode(),
                    Stage.ofEachSlot(slots, AggregateStage.class).stream().map(AggregateStage::spec).toList(), output,
                    wiring.settings().maxStateRows());
        }
    }
}
