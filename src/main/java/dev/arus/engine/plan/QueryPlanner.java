package dev.arus.engine.plan;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.Schema;
import dev.arus.engine.data.StructType;
import dev.arus.engine.exec.aggregate.AggregationSpec;
import dev.arus.engine.exec.dedup.DeduplicationSpec;
import dev.arus.engine.exec.join.StaticJoinSpec;
import dev.arus.engine.exec.join.StreamJoinSpec;
import dev.arus.engine.expr.AggregateCall;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.ExpressionAnalyzer;
import dev.arus.engine.expr.Generator;
import dev.arus.engine.expr.GroupingKey;
import dev.arus.engine.source.Source;
import dev.arus.engine.streaming.AnalysisException;
import dev.arus.engine.streaming.OutputMode;
import dev.arus.engine.time.WatermarkTracker;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.IntStream;

/**
 * The one bridge from a {@link LogicalPlan} to what runs: it resolves every expression against
 * its input's schema (so mistakes surface when a query is defined), follows the watermark
 * column through projections and aggregations, and wires the physical operators of one run. Each
 * task slot gets operators bound of their own, since bound expressions reuse their buffers.
 */
public final class QueryPlanner {

    private QueryPlanner() {
    }

    /**
     * How one run is to be laid out: its task slots, state partitions, the most groups a state may
     * hold, how many of a batch's rows the sink looks at, the most a batch may keep, and how its
     * watermarks make one.
     */
    public record Settings(int slots, int shufflePartitions, int maxStateRows, long rowsToKeep, long maxOutputRows,
                           ZoneId timeZone, WatermarkTracker.Policy watermarkPolicy) {
    }

    /** Resolves the plan and describes its output; throws {@link AnalysisException} on a mistake. */
    public static Analysis analyze(LogicalPlan plan) {
        return resolve(plan).analysis();
    }

    /** Fresh operators for one run of the plan, reading {@code sources}, ending in a collector per slot. */
    public static PhysicalPlan plan(LogicalPlan plan, OutputMode mode, List<Source> sources, Settings settings) {
        List<List<Stage>> slots = new ArrayList<>();
        Analysis analysis = null;
        for (int s = 0; s < settings.slots(); s++) {
            Resolved resolved = resolve(plan);
            slots.add(resolved.stages());
            analysis = resolved.analysis();
        }
        OutputModeRules.check(analysis, mode);
        return new PlanWiring(mode, settings).wire(slots, analysis, sources);
    }

    private static Resolved resolve(LogicalPlan plan) {
        if (plan instanceof LogicalPlan.StreamSource source) {
            return new Resolved(new ArrayList<>(), Analysis.of(source.schema()));
        }
        if (plan instanceof LogicalPlan.Project project) {
            return resolveProject(project, resolve(project.child()));
        }
        if (plan instanceof LogicalPlan.Filter filter) {
            return resolveFilter(filter, resolve(filter.child()));
        }
        if (plan instanceof LogicalPlan.Watermark watermark) {
            return resolveWatermark(watermark, resolve(watermark.child()));
        }
        if (plan instanceof LogicalPlan.Deduplicate deduplicate) {
            return resolveDeduplicate(deduplicate, resolve(deduplicate.child()));
        }
        if (plan instanceof LogicalPlan.StaticJoin join) {
            return StaticJoins.resolve(join, resolve(join.child()));
        }
        if (plan instanceof LogicalPlan.StreamJoin join) {
            return StreamJoins.resolve(join, resolve(join.left()), resolve(join.right()));
        }
        if (plan instanceof LogicalPlan.SubqueryAlias alias) {
            Resolved input = resolve(alias.child());
            Schema schema = input.analysis().schema();
            Schema qualified = new Schema(schema.fields().stream().map(field -> field.qualified(alias.alias())).toList());
            return new Resolved(input.stages(), input.analysis().withSchema(qualified,
                    input.analysis().watermarkColumn()));
        }
        LogicalPlan.Aggregate aggregate = (LogicalPlan.Aggregate) plan;
        return resolveAggregate(aggregate, resolve(aggregate.child()));
    }

    /** A projection keeps the watermark on the first output that is the watermark column, or its {@code window_time}. */
    private static Resolved resolveProject(LogicalPlan.Project project, Resolved input) {
        Schema schema = input.analysis().schema();
        List<Expression> generators = project.expressions().stream().filter(Generator::isGenerator).toList();
        if (generators.size() > 1) {
            throw Generator.multiple(generators);
        }
        List<BoundExpression> bound = new ArrayList<>();
        List<Field> fields = new ArrayList<>();
        String watermark = null;
        Generator generator = null;
        int generatorPosition = -1;
        for (Expression expression : project.expressions()) {
            if (Generator.isGenerator(expression)) {
                generator = Generator.bind(expression, schema);
                generatorPosition = fields.size();
                fields.addAll(generator.fields());
                continue;
            }
            BoundExpression expr = ExpressionAnalyzer.bind(expression, schema);
            bound.add(expr);
            fields.add(new Field(expr.name(), expr.dataType(), expr.nullable(), qualifierOf(expr, schema)));
            if (watermark == null && carriesWatermark(expr, input.analysis().watermarkColumn(), schema)) {
                watermark = expr.name();
            }
        }
        Schema output = new Schema(fields);
        Stage stage = generator == null ? new ProjectStage(bound, output)
                : new GenerateStage(bound, generatorPosition, generator, output);
        return input.then(stage, input.analysis().withSchema(output, watermark));
    }

    /** A bare column keeps the frame it came from, as Spark's attribute does; anything else, a renamed column too, has none. */
    private static String qualifierOf(BoundExpression expression, Schema input) {
        OptionalInt column = expression.inputOrdinal();
        if (column.isEmpty()) {
            return null;
        }
        Field field = input.field(column.getAsInt());
        return field.name().equals(expression.name()) ? field.qualifier() : null;
    }

    private static Resolved resolveFilter(LogicalPlan.Filter filter, Resolved input) {
        BoundExpression condition = ExpressionAnalyzer.bind(filter.condition(), input.analysis().schema());
        if (condition.dataType() != AtomicType.BOOLEAN && condition.dataType() != AtomicType.NULL) {
            throw new AnalysisException("DATATYPE_MISMATCH.FILTER_NOT_BOOLEAN", "filter expression '"
                    + condition.name() + "' of type " + condition.dataType().simpleString() + " is not a boolean");
        }
        return input.then(new FilterStage(condition), input.analysis());
    }

    private static Resolved resolveWatermark(LogicalPlan.Watermark watermark, Resolved input) {
        if (input.analysis().aggregates()) {
            throw new AnalysisException("OPERATION_AFTER_STREAMING_AGGREGATION", "withWatermark after a streaming "
                    + "aggregation is not supported by Arus: declare the watermark before the first aggregation");
        }
        Schema schema = input.analysis().schema();
        int column = schema.indexOf(watermark.column());
        if (column < 0) {
            throw new AnalysisException("UNRESOLVED_COLUMN.WITH_SUGGESTION", "cannot resolve column '"
                    + watermark.column() + "' given input columns " + schema.names());
        }
        Field field = schema.field(column);
        if (field.type() != AtomicType.TIMESTAMP) {
            throw new AnalysisException("EVENT_TIME_IS_NOT_ON_TIMESTAMP_TYPE", "Event time must be defined on a "
                    + "window or a timestamp, but " + field.name() + " is of type " + field.type().simpleString());
        }
        if (watermark.delayMicros() < 0) {
            throw new AnalysisException("INVALID_WATERMARK_DELAY", "delay threshold ("
                    + watermark.delayMicros() / 1000 + " milliseconds) should not be negative.");
        }
        Analysis before = input.analysis();
        return input.then(new WatermarkStage(column, watermark.delayMicros()), new Analysis(schema, field.name(),
                watermark.delayMicros(), before.aggregations(), before.aggregationsHaveWatermarkKeys(), before.statefulOperators(),
                before.statefulAfterAggregation(), before.sessionWindowed(), before.streamJoins()));
    }

    /**
     * The aggregation's output carries the watermark in its watermark key's column: the window
     * or session window over the watermark column, or that column itself.
     */
    private static Resolved resolveAggregate(LogicalPlan.Aggregate aggregate, Resolved input) {
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
                        valueKey.name().equals(value.name()) ? qualifierOf(value, schema) : null));
                if (watermarkKey < 0 && carriesWatermark(value, before.watermarkColumn(), schema)) {
                    watermarkKey = keys.size();
                }
            } else {
                windows++;
                fields.add(new Field(key.name(), StructType.WINDOW, true));
                if (carriesWatermark(timeColumn(key), before.watermarkColumn(), schema)) {
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
        return input.then(new AggregateStage(new AggregationSpec(keys, calls, watermarkKey), output),
                new Analysis(output, watermarkColumn, before.watermarkDelayMicros(), before.aggregations() + 1,
                        before.aggregationsHaveWatermarkKeys() && watermarkKey >= 0, counted.statefulOperators(),
                        counted.statefulAfterAggregation(), sessionWindowed, before.streamJoins()));
    }

    private static BoundExpression timeColumn(GroupingKey key) {
        return key instanceof GroupingKey.WindowKey window ? window.timeColumn()
                : ((GroupingKey.SessionKey) key).timeColumn();
    }

    /**
     * A deduplication keys on the named columns, every column of each name as Spark's
     * {@code dropDuplicates} takes them (all columns when none is named). It evicts by event time
     * when the watermark column is a key, or, within the watermark, by each key's expiry; the
     * latter needs a watermark.
     */
    private static Resolved resolveDeduplicate(LogicalPlan.Deduplicate deduplicate, Resolved input) {
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
        return input.then(new DeduplicateStage(spec),
                before.withStatefulOperator(deduplicate.withinWatermark() || watermarkKey >= 0));
    }

    private static boolean carriesWatermark(BoundExpression expression, String column, Schema schema) {
        if (column == null) {
            return false;
        }
        OptionalInt ordinal = expression.eventTimeOrdinal();
        return ordinal.isPresent() && ordinal.getAsInt() == schema.indexOf(column);
    }

    /** One step of a slot's operator chain, as resolution finds it; the joins' resolution (in this package) adds its own. */
    sealed interface Stage permits ProjectStage, GenerateStage, FilterStage, WatermarkStage, AggregateStage,
            DeduplicateStage, StaticJoinStage, StreamJoinStage {
    }

    record ProjectStage(List<BoundExpression> expressions, Schema output) implements Stage {
    }

    /** A projection with a generator: the other items, where the generator's columns go among them, and it. */
    record GenerateStage(List<BoundExpression> items, int generatorPosition, Generator generator, Schema output)
            implements Stage {
    }

    record FilterStage(BoundExpression condition) implements Stage {
    }

    record WatermarkStage(int column, long delayMicros) implements Stage {
    }

    record AggregateStage(AggregationSpec spec, Schema output) implements Stage {
    }

    record DeduplicateStage(DeduplicationSpec spec) implements Stage {
    }

    /** A stream-static join: the slot's binding, and the table to read once per run with its keys. */
    record StaticJoinStage(StaticJoinSpec spec, StaticTableRead table) implements Stage {
    }

    /**
     * A join of two streams, the first stage of its chain: the chains of its two sides, the
     * slot's binding of the join, and fresh bindings for its state partitions.
     */
    record StreamJoinStage(List<Stage> left, List<Stage> right, StreamJoinSpec spec, Supplier<StreamJoinSpec> binding)
            implements Stage {
    }

    /** The stages so far, from the source on, and what is known of their output. */
    record Resolved(List<Stage> stages, Analysis analysis) {
        Resolved then(Stage stage, Analysis next) {
            List<Stage> longer = new ArrayList<>(stages);
            longer.add(stage);
            return new Resolved(longer, next);
        }
    }
}
