package dev.arus.engine.plan;

import dev.arus.engine.streaming.AnalysisException;
import dev.arus.engine.streaming.OutputMode;
import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.Schema;
import dev.arus.engine.data.StructType;
import dev.arus.engine.exec.EventTimeWatermarkOperator;
import dev.arus.engine.exec.FilterOperator;
import dev.arus.engine.exec.Operator;
import dev.arus.engine.exec.OutputCollector;
import dev.arus.engine.exec.ProjectOperator;
import dev.arus.engine.exec.aggregate.StreamingAggregateOperator;
import dev.arus.engine.expr.AggregateCall;
import dev.arus.engine.expr.AggregateFunction;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.ExpressionAnalyzer;
import dev.arus.engine.expr.GroupingKey;
import dev.arus.engine.source.Source;
import dev.arus.engine.source.Sources;
import dev.arus.engine.time.WatermarkTracker;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/**
 * The one bridge from a {@link LogicalPlan} to what runs: it resolves every expression against
 * its input's schema (so mistakes surface when a query is defined), follows the watermark
 * column through projections, and wires the physical operators of one run.
 */
public final class QueryPlanner {

    private QueryPlanner() {
    }

    /** Resolves the plan and describes its output; throws {@link AnalysisException} on a mistake. */
    public static Analysis analyze(LogicalPlan plan) {
        return resolve(plan).analysis();
    }

    /** Fresh operators for one run of the plan, reading {@code source}, ending in a collector. */
    public static PhysicalPlan plan(LogicalPlan plan, OutputMode mode, Source source, boolean keepRows) {
        Resolved resolved = resolve(plan);
        OutputModeRules.check(resolved.analysis(), mode);
        OutputCollector collector = new OutputCollector(resolved.analysis().schema(), keepRows);
        Operator next = collector;
        EventTimeWatermarkOperator watermarkOperator = null;
        StreamingAggregateOperator aggregation = null;
        List<Stage> stages = resolved.stages();
        for (int i = stages.size() - 1; i >= 0; i--) {
            Stage stage = stages.get(i);
            if (stage instanceof ProjectStage project) {
                next = new ProjectOperator(project.expressions(), project.output(), next);
            } else if (stage instanceof FilterStage filter) {
                next = new FilterOperator(filter.condition(), next);
            } else if (stage instanceof WatermarkStage watermark) {
                watermarkOperator = new EventTimeWatermarkOperator(watermark.column(), next);
                next = watermarkOperator;
            } else {
                AggregateStage aggregate = (AggregateStage) stage;
                aggregation = new StreamingAggregateOperator(aggregate.keys(), aggregate.aggregates(), mode,
                        aggregate.watermarkKeyPosition(), aggregate.output(), next);
                next = aggregation;
            }
        }
        WatermarkTracker tracker = watermarkOperator == null ? null
                : new WatermarkTracker(resolved.analysis().watermarkDelayMicros());
        return new PhysicalPlan(source, next, collector, watermarkOperator, tracker, aggregation, mode);
    }

    private static Resolved resolve(LogicalPlan plan) {
        if (plan instanceof LogicalPlan.StreamSource source) {
            Schema schema = Sources.schemaOf(source.format(), source.options());
            return new Resolved(new ArrayList<>(), new Analysis(schema, null, 0, false, false));
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
        LogicalPlan.Aggregate aggregate = (LogicalPlan.Aggregate) plan;
        return resolveAggregate(aggregate, resolve(aggregate.child()));
    }

    private static Resolved resolveProject(LogicalPlan.Project project, Resolved input) {
        requireNotAggregated(input, "select");
        Schema schema = input.analysis().schema();
        List<BoundExpression> bound = new ArrayList<>();
        List<Field> fields = new ArrayList<>();
        String watermark = null;
        for (Expression expression : project.expressions()) {
            BoundExpression expr = ExpressionAnalyzer.bind(expression, schema);
            bound.add(expr);
            fields.add(new Field(expr.name(), expr.dataType(), expr.nullable()));
            if (refersTo(expr, input.analysis().watermarkColumn(), schema) && watermark == null) {
                watermark = expr.name();
            }
        }
        Schema output = new Schema(fields);
        return input.then(new ProjectStage(bound, output),
                new Analysis(output, watermark, input.analysis().watermarkDelayMicros(), false, false));
    }

    private static Resolved resolveFilter(LogicalPlan.Filter filter, Resolved input) {
        requireNotAggregated(input, "filter");
        BoundExpression condition = ExpressionAnalyzer.bind(filter.condition(), input.analysis().schema());
        if (condition.dataType() != AtomicType.BOOLEAN && condition.dataType() != AtomicType.NULL) {
            throw new AnalysisException("DATATYPE_MISMATCH.FILTER_NOT_BOOLEAN", "filter expression '" + condition.name() + "' of type "
                    + condition.dataType().simpleString() + " is not a boolean");
        }
        return input.then(new FilterStage(condition), input.analysis());
    }

    private static Resolved resolveWatermark(LogicalPlan.Watermark watermark, Resolved input) {
        requireNotAggregated(input, "withWatermark");
        Schema schema = input.analysis().schema();
        int column = schema.indexOf(watermark.column());
        if (column < 0) {
            throw new AnalysisException("UNRESOLVED_COLUMN.WITH_SUGGESTION", "cannot resolve column '" + watermark.column() + "' given input columns "
                    + schema.names());
        }
        Field field = schema.field(column);
        if (field.type() != AtomicType.TIMESTAMP) {
            throw new AnalysisException("EVENT_TIME_IS_NOT_ON_TIMESTAMP_TYPE", "Event time must be defined on a window or a timestamp, but "
                    + field.name() + " is of type " + field.type().simpleString());
        }
        if (watermark.delayMicros() < 0) {
            throw new AnalysisException("INVALID_WATERMARK_DELAY", "delay threshold (" + watermark.delayMicros() / 1000
                    + " milliseconds) should not be negative.");
        }
        return input.then(new WatermarkStage(column),
                new Analysis(schema, field.name(), watermark.delayMicros(), false, false));
    }

    private static Resolved resolveAggregate(LogicalPlan.Aggregate aggregate, Resolved input) {
        if (input.analysis().aggregates()) {
            throw new AnalysisException("STREAMING_AGGREGATION_CHAINED", "Arus does not support an aggregation over the result of another "
                    + "streaming aggregation yet");
        }
        Schema schema = input.analysis().schema();
        List<GroupingKey> keys = new ArrayList<>();
        List<Field> fields = new ArrayList<>();
        int watermarkKey = -1;
        int windows = 0;
        for (Expression expression : aggregate.keys()) {
            GroupingKey key = ExpressionAnalyzer.bindGroupingKey(expression, schema);
            if (key instanceof GroupingKey.WindowKey window) {
                windows++;
                fields.add(new Field(window.name(), StructType.WINDOW, true));
                if (refersTo(window.timeColumn(), input.analysis().watermarkColumn(), schema)) {
                    watermarkKey = keys.size();
                }
            } else {
                BoundExpression value = ((GroupingKey.ValueKey) key).expression();
                fields.add(new Field(((GroupingKey.ValueKey) key).name(), value.dataType(), value.nullable()));
                if (watermarkKey < 0 && refersTo(value, input.analysis().watermarkColumn(), schema)) {
                    watermarkKey = keys.size();
                }
            }
            keys.add(key);
        }
        if (windows > 1) {
            throw new AnalysisException("MULTIPLE_TIME_WINDOWS", "Multiple time/session window expressions would result in a cartesian "
                    + "product of rows, therefore they are currently not supported.");
        }
        List<AggregateCall> calls = new ArrayList<>();
        for (Expression expression : aggregate.aggregates()) {
            AggregateCall call = ExpressionAnalyzer.bindAggregate(expression, schema);
            calls.add(call);
            fields.add(new Field(call.name(), call.resultType(), call.function() != AggregateFunction.COUNT));
        }
        Schema output = new Schema(fields);
        return input.then(new AggregateStage(keys, calls, watermarkKey, output),
                new Analysis(output, null, input.analysis().watermarkDelayMicros(), true, watermarkKey >= 0));
    }

    private static void requireNotAggregated(Resolved input, String operation) {
        if (input.analysis().aggregates()) {
            throw new AnalysisException("OPERATION_AFTER_STREAMING_AGGREGATION", operation + " after a streaming aggregation is not supported by Arus yet");
        }
    }

    private static boolean refersTo(BoundExpression expression, String column, Schema schema) {
        if (column == null) {
            return false;
        }
        OptionalInt ordinal = expression.inputOrdinal();
        return ordinal.isPresent() && ordinal.getAsInt() == schema.indexOf(column);
    }

    private sealed interface Stage permits ProjectStage, FilterStage, WatermarkStage, AggregateStage {
    }

    private record ProjectStage(List<BoundExpression> expressions, Schema output) implements Stage {
    }

    private record FilterStage(BoundExpression condition) implements Stage {
    }

    private record WatermarkStage(int column) implements Stage {
    }

    private record AggregateStage(List<GroupingKey> keys, List<AggregateCall> aggregates, int watermarkKeyPosition,
                                  Schema output) implements Stage {
    }

    /** The stages so far, from the source on, and what is known of their output. */
    private record Resolved(List<Stage> stages, Analysis analysis) {
        Resolved then(Stage stage, Analysis next) {
            List<Stage> longer = new ArrayList<>(stages);
            longer.add(stage);
            return new Resolved(longer, next);
        }
    }
}
