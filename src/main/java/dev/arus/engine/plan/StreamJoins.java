package dev.arus.engine.plan;

import dev.arus.engine.data.DataType;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.Schema;
import dev.arus.engine.data.StructType;
import dev.arus.engine.exec.Operator;
import dev.arus.engine.exec.PartitionedStatefulOperator;
import dev.arus.engine.exec.join.JoinType;
import dev.arus.engine.exec.join.StreamJoinSpec;
import dev.arus.engine.exec.join.StreamStreamJoin;
import dev.arus.engine.expr.BinaryOperator;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.analysis.ExpressionAnalyzer;
import dev.arus.engine.streaming.AnalysisException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * Resolves a join of two streams as Spark's analyser, {@code UnsupportedOperationChecker} and
 * {@code StreamingSymmetricHashJoinHelper} do: the join types two streams allow, the equalities
 * that are its keys (one at least), the rest of the condition split into each side's own part and
 * the part over both, and when each side's state can be evicted: by a key that is a side's
 * watermarked event time, or by a time-range condition between the two event times. An outer or
 * semi join needs one of those for its outer side, with Spark's words when it has none.
 */
final class StreamJoins {

    private StreamJoins() {
    }

    static Resolved resolve(LogicalPlan.StreamJoin join, Resolved left,
                                         Resolved right) {
        JoinType type = join.type();
        if (type == JoinType.LEFT_ANTI) {
            throw JoinConditions.unsupported("LeftAnti joins with a streaming DataFrame/Dataset on the right are not "
                    + "supported");
        }
        Analysis leftAnalysis = left.analysis();
        Analysis rightAnalysis = right.analysis();
        Schema leftSchema = leftAnalysis.schema();
        Schema rightSchema = rightAnalysis.schema();
        Schema pairs = JoinConditions.concat(leftSchema, rightSchema);
        List<Expression> leftKeys = new ArrayList<>();
        List<Expression> rightKeys = new ArrayList<>();
        List<Expression> leftAlone = new ArrayList<>();
        List<Expression> rightAlone = new ArrayList<>();
        List<Expression> both = new ArrayList<>();
        List<Expression> conjuncts = join.condition() == null ? List.of() : JoinConditions.conjuncts(join.condition());
        int[] leftUsing = new int[0];
        int[] rightUsing = new int[0];
        if (join.using() != null) {
            leftUsing = join.using().stream().mapToInt(name -> JoinConditions.usingColumn(leftSchema, name, "left"))
                    .toArray();
            rightUsing = join.using().stream().mapToInt(name -> JoinConditions.usingColumn(rightSchema, name, "right"))
                    .toArray();
            Arrays.stream(leftUsing).forEach(c -> leftKeys.add(JoinConditions.reference(leftSchema.field(c))));
            Arrays.stream(rightUsing).forEach(c -> rightKeys.add(JoinConditions.reference(rightSchema.field(c))));
        } else {
            for (Expression conjunct : conjuncts) {
                if (JoinConditions.equality(conjunct, leftSchema, rightSchema, leftKeys, rightKeys)) {
                    continue;
                }
                boolean onLeft = JoinConditions.bindsOn(conjunct, leftSchema);
                boolean onRight = JoinConditions.bindsOn(conjunct, rightSchema);
                (onLeft && !onRight ? leftAlone : onRight && !onLeft ? rightAlone : both).add(conjunct);
            }
        }
        if (leftKeys.isEmpty()) {
            throw new AnalysisException("_LEGACY_ERROR_TEMP_1181", "Stream-stream join without equality predicate is "
                    + "not supported.");
        }
        for (int k = 0; k < leftKeys.size(); k++) {
            DataType common = JoinConditions.keyType(leftKeys.get(k), rightKeys.get(k), leftSchema, rightSchema);
            leftKeys.set(k, JoinConditions.castTo(leftKeys.get(k), leftSchema, common));
            rightKeys.set(k, JoinConditions.castTo(rightKeys.get(k), rightSchema, common));
        }
        int leftTime = column(leftSchema, leftAnalysis.watermarkColumn());
        int rightTime = column(rightSchema, rightAnalysis.watermarkColumn());
        StreamJoinSpec.StateBound leftBound = keyBound(leftKeys, rightKeys, leftSchema, rightSchema, leftTime, rightTime);
        StreamJoinSpec.StateBound rightBound = leftBound;
        if (!leftBound.evicts()) {
            leftBound = valueBound(conjuncts, pairs, leftSchema.size(), leftTime, rightTime, true);
            rightBound = valueBound(conjuncts, pairs, leftSchema.size(), leftTime, rightTime, false);
        }
        requireWatermarks(type, leftBound, rightBound);

        Output output = output(type, join.using() != null, leftSchema, rightSchema, leftUsing, rightUsing);
        StreamJoinSpec.StateBound finalLeftBound = leftBound;
        StreamJoinSpec.StateBound finalRightBound = rightBound;
        Supplier<StreamJoinSpec> binding = () -> new StreamJoinSpec(type,
                new StreamJoinSpec.Side(leftSchema, bindAll(leftKeys, leftSchema), condition(leftAlone, leftSchema),
                        leftTime, finalLeftBound),
                new StreamJoinSpec.Side(rightSchema, bindAll(rightKeys, rightSchema),
                        condition(rightAlone, rightSchema), rightTime, finalRightBound),
                condition(both, pairs), pairs, output.fromLeft(), output.fromRight(), output.schema());
        StreamJoinSpec spec = binding.get();
        String watermark = leftAnalysis.watermarkColumn() != null
                && output.schema().indexOf(leftAnalysis.watermarkColumn()) >= 0 ? leftAnalysis.watermarkColumn()
                : rightAnalysis.watermarkColumn() != null && output.schema().indexOf(rightAnalysis.watermarkColumn()) >= 0
                ? rightAnalysis.watermarkColumn() : null;
        Analysis joined = new Analysis(output.schema(), watermark,
                leftAnalysis.watermarkColumn() != null ? leftAnalysis.watermarkDelayMicros()
                        : rightAnalysis.watermarkDelayMicros(),
                leftAnalysis.aggregations() + rightAnalysis.aggregations(),
                leftAnalysis.aggregationsHaveWatermarkKeys() && rightAnalysis.aggregationsHaveWatermarkKeys(),
                leftAnalysis.statefulOperators() + rightAnalysis.statefulOperators() + 1,
                leftAnalysis.statefulAfterAggregation() || rightAnalysis.statefulAfterAggregation()
                        || leftAnalysis.aggregates() || rightAnalysis.aggregates(),
                false, leftAnalysis.streamJoins() + rightAnalysis.streamJoins() + 1, List.of(),
                Stream.concat(leftAnalysis.modeRules().stream(), rightAnalysis.modeRules().stream()).toList());
        String description = "join(" + type.sparkName() + " on " + (join.using() != null
                ? "using " + String.join(", ", join.using())
                : join.condition() != null ? join.condition().sql() : "nothing") + ")";
        return new Resolved(List.of(new StreamJoinStage(left.stages(), right.stages(), spec, binding, description)),
                joined);
    }

    private static int column(Schema schema, String name) {
        return name == null ? -1 : schema.indexOf(name);
    }

    /**
     * Spark's {@code findJoinKeyOrdinalForWatermark}: the first key that is the left side's
     * watermarked event time, else the first that is the right side's; its value (a window's end)
     * at or before the watermark evicts rows on both sides.
     */
    private static StreamJoinSpec.StateBound keyBound(List<Expression> leftKeys, List<Expression> rightKeys,
            Schema leftSchema, Schema rightSchema, int leftTime, int rightTime) {
        for (int pass = 0; pass < 2; pass++) {
            List<Expression> keys = pass == 0 ? leftKeys : rightKeys;
            Schema schema = pass == 0 ? leftSchema : rightSchema;
            int time = pass == 0 ? leftTime : rightTime;
            for (int k = 0; k < keys.size(); k++) {
                BoundExpression key = ExpressionAnalyzer.bind(keys.get(k), schema);
                OptionalInt ordinal = key.eventTimeOrdinal();
                if (time >= 0 && ordinal.isPresent() && ordinal.getAsInt() == time) {
                    return StreamJoinSpec.StateBound.byKey(k, key.dataType() instanceof StructType);
                }
            }
        }
        return StreamJoinSpec.StateBound.NEVER;
    }

    /** A side's state bound by a time-range condition; only when both sides have an event time. */
    private static StreamJoinSpec.StateBound valueBound(List<Expression> conjuncts, Schema pairs, int leftWidth,
                                                        int leftTime, int rightTime, boolean left) {
        if (leftTime < 0 || rightTime < 0) {
            return StreamJoinSpec.StateBound.NEVER;
        }
        OptionalLong offset = TimeRanges.stateOffset(conjuncts, pairs, leftTime, leftWidth + rightTime, left);
        return offset.isPresent() ? StreamJoinSpec.StateBound.byEventTime(offset.getAsLong())
                : StreamJoinSpec.StateBound.NEVER;
    }

    /** Spark's {@code checkForStreamStreamJoinWatermark}: an outer or semi side must be evictable. */
    private static void requireWatermarks(JoinType type, StreamJoinSpec.StateBound left,
                                          StreamJoinSpec.StateBound right) {
        boolean ok = switch (type) {
            case LEFT_OUTER, LEFT_SEMI -> left.evicts();
            case RIGHT_OUTER -> right.evicts();
            case FULL_OUTER -> left.evicts() || right.evicts();
            default -> true;
        };
        if (!ok) {
            throw JoinConditions.unsupported("Stream-stream " + type.sparkName() + " join between two streaming "
                    + "DataFrame/Datasets is not supported without a watermark in the join keys, or a watermark on "
                    + "the nullable side and an appropriate range condition");
        }
    }

    /** Each output column from the left side, the right, or (a full outer USING key) the left's value else the right's. */
    private record Output(int[] fromLeft, int[] fromRight, Schema schema) {
    }

    private static Output output(JoinType type, boolean using, Schema left, Schema right, int[] leftUsing,
                                 int[] rightUsing) {
        List<int[]> columns = new ArrayList<>();
        List<Field> fields = new ArrayList<>();
        boolean leftNullable = type == JoinType.RIGHT_OUTER || type == JoinType.FULL_OUTER;
        boolean rightNullable = type == JoinType.LEFT_OUTER || type == JoinType.FULL_OUTER;
        if (using) {
            for (int k = 0; k < leftUsing.length; k++) {
                int l = leftUsing[k];
                int r = rightUsing[k];
                switch (type) {
                    case RIGHT_OUTER -> add(columns, fields, -1, r, right.field(r));
                    case FULL_OUTER -> add(columns, fields, l, r, left.field(l).asNullable());
                    default -> add(columns, fields, l, -1, left.field(l));
                }
            }
            int[] leftKeys = leftUsing;
            IntStream.range(0, left.size()).filter(c -> Arrays.stream(leftKeys).noneMatch(k -> k == c))
                    .forEach(c -> add(columns, fields, c, -1, nullable(left.field(c), leftNullable)));
            if (!type.leftOnly()) {
                int[] rightKeys = rightUsing;
                IntStream.range(0, right.size()).filter(c -> Arrays.stream(rightKeys).noneMatch(k -> k == c))
                        .forEach(c -> add(columns, fields, -1, c, nullable(right.field(c), rightNullable)));
            }
        } else {
            IntStream.range(0, left.size()).forEach(c -> add(columns, fields, c, -1, nullable(left.field(c),
                    leftNullable)));
            if (!type.leftOnly()) {
                IntStream.range(0, right.size()).forEach(c -> add(columns, fields, -1, c, nullable(right.field(c),
                        rightNullable)));
            }
        }
        return new Output(columns.stream().mapToInt(c -> c[0]).toArray(), columns.stream().mapToInt(c -> c[1]).toArray(),
                new Schema(fields));
    }

    private static void add(List<int[]> columns, List<Field> fields, int fromLeft, int fromRight, Field field) {
        columns.add(new int[] {fromLeft, fromRight});
        fields.add(field);
    }

    private static Field nullable(Field field, boolean nullable) {
        return nullable ? field.asNullable() : field;
    }

    private static List<BoundExpression> bindAll(List<Expression> expressions, Schema schema) {
        return expressions.stream().map(expression -> ExpressionAnalyzer.bind(expression, schema)).toList();
    }

    private static BoundExpression condition(List<Expression> conjuncts, Schema schema) {
        return conjuncts.stream()
                .reduce((a, b) -> new Expression.Binary(BinaryOperator.AND, a, b, 0))
                .map(condition -> JoinConditions.condition(condition, schema)).orElse(null);
    }

    /**
     * A join of two streams, the first stage of its chain: the chains of its two sides, the
     * slot's binding of the join, fresh bindings for its state partitions, and the join type and
     * what it joins on, in Spark's words ({@code join(LeftOuter on using k, time)}). Its sides'
     * stateful operators are described and created before it, and numbered after it.
     */
    record StreamJoinStage(List<Stage> left, List<Stage> right, StreamJoinSpec spec, Supplier<StreamJoinSpec> binding,
                           String description) implements StatefulStage {

        @Override
        public void describe(PlanOutline outline) {
            outline.describe(left);
            outline.describe(right);
            StatefulStage.super.describe(outline);
        }

        @Override
        public void number(PlanWiring wiring) {
            wiring.number(this);
            wiring.number(left);
            wiring.number(right);
        }

        @Override
        public void create(List<Stage> slots, PlanWiring wiring) {
            List<StreamJoinStage> joins = Stage.ofEachSlot(slots, StreamJoinStage.class);
            long left = wiring.create(joins.stream().map(StreamJoinStage::left).toList());
            long right = wiring.create(joins.stream().map(StreamJoinStage::right).toList());
            wiring.meet(left, right);
            StatefulStage.super.create(slots, wiring);
        }

        @Override
        public PartitionedStatefulOperator<?, ?> createOperator(int operatorId, List<Stage> slots, PlanWiring wiring) {
            return new StreamStreamJoin(operatorId, wiring.settings().shufflePartitions(),
                    Stage.ofEachSlot(slots, StreamJoinStage.class).stream().map(StreamJoinStage::spec).toList(),
                    binding, wiring.settings().maxStateRows());
        }

        /** Each side's chain feeds its side of the join: the slot's wiring ends here. */
        @Override
        public Operator wire(Operator next, int slot, PlanWiring wiring) {
            PartitionedStatefulOperator<?, ?> join = wiring.feed(this, next);
            wiring.wire(left, join.input(slot, 0), slot);
            wiring.wire(right, join.input(slot, 1), slot);
            return null;
        }
    }
}
