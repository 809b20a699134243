package dev.arus.engine.plan;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.Schema;
import dev.arus.engine.exec.StatefulOperator;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.analysis.ExpressionAnalyzer;
import dev.arus.engine.expr.analysis.Generator;
import dev.arus.engine.source.Source;
import dev.arus.engine.streaming.AnalysisException;
import dev.arus.engine.streaming.OutputMode;
import dev.arus.engine.time.WatermarkTracker;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/**
 * The one bridge from a {@link LogicalPlan} to what runs: each node resolves itself into stages,
 * binding every expression against its input's schema (so mistakes surface when a query is
 * defined) and following the watermark column through projections and aggregations, and each
 * stage wires its own operators of one run ({@link PlanWiring}). Each task slot gets operators
 * bound of their own, since bound expressions reuse their buffers. The stateless steps resolve
 * here; each stateful one with its stage: {@link Aggregations}, {@link Deduplications},
 * {@link StaticJoins}, {@link StreamJoins}.
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
        return plan.resolve().analysis();
    }

    /**
     * Spark's checks of a streaming plan as it starts in {@code mode} ({@code
     * UnsupportedOperationChecker}): the output modes it allows ({@link OutputModeRules}), then
     * its sorts ({@link Sorts}); {@code analysis} is the plan's.
     */
    public static void check(LogicalPlan plan, Analysis analysis, OutputMode mode) {
        OutputModeRules.check(analysis, mode);
        Sorts.check(plan, mode);
    }

    /** Fresh operators for one run of the plan, reading {@code sources}, ending in a collector per slot. */
    public static PhysicalPlan plan(LogicalPlan plan, OutputMode mode, List<Source> sources, Settings settings) {
        List<List<Stage>> slots = new ArrayList<>();
        Analysis analysis = null;
        for (int s = 0; s < settings.slots(); s++) {
            Resolved resolved = plan.resolve();
            slots.add(resolved.stages());
            analysis = resolved.analysis();
        }
        check(plan, analysis, mode);
        return new PlanWiring(mode, settings).wire(slots, analysis, sources, Sorts.outputOrdering(plan,
                analysis.schema()));
    }

    /**
     * The stateful operators of one run of the plan, unwired and fed by nothing, as
     * {@link #plan} numbers and makes them: for a reader of the state a run of it committed.
     */
    public static List<StatefulOperator> statefulOperators(LogicalPlan plan, OutputMode mode, Settings settings) {
        Resolved resolved = plan.resolve();
        OutputModeRules.check(resolved.analysis(), mode);
        return new PlanWiring(mode, settings).statefulOperators(resolved.stages());
    }

    /** An alias qualifies every column by its name, as Spark's {@code SubqueryAlias} does. */
    static Resolved resolveAlias(LogicalPlan.SubqueryAlias alias, Resolved input) {
        Schema schema = input.analysis().schema();
        Schema qualified = new Schema(schema.fields().stream().map(field -> field.qualified(alias.alias())).toList());
        return new Resolved(input.stages(), input.analysis().withSchema(qualified, input.analysis().watermarkColumn()));
    }

    /** A projection keeps the watermark on the first output that is the watermark column, or its {@code window_time}. */
    static Resolved resolveProject(LogicalPlan.Project project, Resolved input) {
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
        Stage stage = generator == null ? new Stage.ProjectStage(bound, output)
                : new Stage.GenerateStage(bound, generatorPosition, generator, output);
        return input.then(stage, input.analysis().withSchema(output, watermark));
    }

    /** A bare column keeps the frame it came from, as Spark's attribute does; anything else, a renamed column too, has none. */
    static String qualifierOf(BoundExpression expression, Schema input) {
        OptionalInt column = expression.inputOrdinal();
        if (column.isEmpty()) {
            return null;
        }
        Field field = input.field(column.getAsInt());
        return field.name().equals(expression.name()) ? field.qualifier() : null;
    }

    static Resolved resolveFilter(LogicalPlan.Filter filter, Resolved input) {
        BoundExpression condition = ExpressionAnalyzer.bind(filter.condition(), input.analysis().schema());
        if (condition.dataType() != AtomicType.BOOLEAN && condition.dataType() != AtomicType.NULL) {
            throw new AnalysisException("DATATYPE_MISMATCH.FILTER_NOT_BOOLEAN", "filter expression '"
                    + condition.name() + "' of type " + condition.dataType().simpleString() + " is not a boolean");
        }
        return input.then(new Stage.FilterStage(condition), input.analysis());
    }

    static Resolved resolveWatermark(LogicalPlan.Watermark watermark, Resolved input) {
        if (input.analysis().aggregates()) {
            throw new AnalysisException("OPERATION_AFTER_STREAMING_AGGREGATION", "withWatermark after a streaming "
                    + "aggregation is not supported by Arus: declare the watermark before the first aggregation");
        }
        Schema schema = input.analysis().schema();
        int column = schema.indexOf(watermark.column());
        if (column < 0) {
            throw ExpressionAnalyzer.unresolvedColumn(watermark.column(), schema);
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
        return input.then(new Stage.WatermarkStage(column, watermark.column(), watermark.delayMicros()), new Analysis(schema, field.name(),
                watermark.delayMicros(), before.aggregations(), before.aggregationsHaveWatermarkKeys(), before.statefulOperators(),
                before.statefulAfterAggregation(), before.sessionWindowed(), before.streamJoins(), before.groupingColumns(),
                before.modeRules()));
    }

    static boolean carriesWatermark(BoundExpression expression, String column, Schema schema) {
        if (column == null) {
            return false;
        }
        OptionalInt ordinal = expression.eventTimeOrdinal();
        return ordinal.isPresent() && ordinal.getAsInt() == schema.indexOf(column);
    }
}
