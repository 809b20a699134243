package dev.arus.engine.plan;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.Schema;
import dev.arus.engine.exec.PartitionedStatefulOperator;
import dev.arus.engine.exec.dedup.DeduplicationSpec;
import dev.arus.engine.exec.dedup.StreamingDeduplication;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.analysis.ExpressionAnalyzer;
import dev.arus.engine.expr.window.GroupingKey;
import dev.arus.engine.streaming.AnalysisException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.IntStream;

/**
 * Resolves Spark's {@code dropDuplicates} and {@code dropDuplicatesWithinWatermark} on a stream:
 * the columns it keys on, and how its keys leave the state.
 */
final class Deduplications {

    private Deduplications() {
    }

    /**
     * A deduplication keys on the named columns, every column of each name as Spark's
     * {@code dropDuplicates} takes them (all columns when none is named). It evicts by event time
     * when the watermark column is a key, or, within the watermark, by each key's expiry; the
     * latter needs a watermark.
     */
    static Resolved resolve(LogicalPlan.Deduplicate deduplicate, Resolved input) {
        Analysis before = input.analysis();
        Schema schema = before.schema();
        List<String> names = deduplicate.columns().isEmpty() ? schema.names() : deduplicate.columns();
        Set<Integer> keyColumns = new LinkedHashSet<>();
        for (String name : names) {
            List<Integer> named = IntStream.range(0, schema.size())
                    .filter(c -> schema.field(c).name().equalsIgnoreCase(name)).boxed().toList();
            if (named.isEmpty()) {
                throw new AnalysisException("_LEGACY_ERROR_TEMP_1201", "Cannot resolve column name \"" + name
                        + "\" among (" + String.join(", ", schema.names()) + ").");
            }
            keyColumns.addAll(named);
        }
        for (int column : keyColumns) {
            if (!(schema.field(column).type() instanceof AtomicType)) {
                throw new AnalysisException("UNSUPPORTED_DEDUPLICATION_KEY", "Arus cannot deduplicate on column '"
                        + schema.field(column).name() + "' of type " + schema.field(column).type().simpleString()
                        + " yet: name the columns to deduplicate on, of atomic types");
            }
        }
        int eventTime = before.watermarkColumn() == null ? -1 : schema.indexOf(before.watermarkColumn());
        if (deduplicate.withinWatermark() && eventTime < 0) {
            throw new AnalysisException(AnalysisException.UNSUPPORTED_STREAMING_OPERATION, "dropDuplicatesWithinWatermark "
                    + "is not supported on streaming DataFrames/DataSets without watermark");
        }
        int watermarkKey = new ArrayList<>(keyColumns).indexOf(eventTime);
        List<Expression> keyExpressions = keyColumns.stream()
                .map(c -> (Expression) new Expression.ColumnReference(List.of(schema.field(c).name()), 0)).toList();
        Supplier<List<GroupingKey>> keys = () -> keyExpressions.stream()
                .map(expression -> ExpressionAnalyzer.bindGroupingKey(expression, schema)).toList();
        DeduplicationSpec spec = new DeduplicationSpec(schema, keyColumns.stream().mapToInt(Integer::intValue).toArray(),
                keys, eventTime, eventTime < 0 ? -1 : watermarkKey,
                deduplicate.withinWatermark() ? before.watermarkDelayMicros() : -1);
        String description = (deduplicate.withinWatermark() ? "dropDuplicatesWithinWatermark(" : "dropDuplicates(")
                + String.join(", ", deduplicate.columns()) + ")";
        return input.then(new DeduplicateStage(spec, description),
                before.withStatefulOperator(deduplicate.withinWatermark() || watermarkKey >= 0));
    }

    /** The deduplication: its state partitions bind its keys afresh, each slot only hands its rows on. */
    record DeduplicateStage(DeduplicationSpec spec, String description) implements StatefulStage {
        @Override
        public PartitionedStatefulOperator<?, ?> createOperator(int operatorId, List<Stage> slots, PlanWiring wiring) {
            return new StreamingDeduplication(operatorId, wiring.settings().shufflePartitions(), slots.size(), spec,
                    wiring.settings().maxStateRows());
        }
    }
}
