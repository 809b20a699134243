package dev.arus.engine.plan;

import dev.arus.engine.data.DataType;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.Schema;
import dev.arus.engine.exec.Operator;
import dev.arus.engine.exec.join.JoinType;
import dev.arus.engine.exec.join.StaticJoinOperator;
import dev.arus.engine.exec.join.StaticJoinSpec;
import dev.arus.engine.expr.BinaryOperator;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.analysis.ExpressionAnalyzer;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

/**
 * Resolves a stream-static join as Spark's analyser and {@code UnsupportedOperationChecker} do:
 * the join types a static right side allows (no right or full outer joins), the columns of a
 * {@code USING} join (its keys once, from the stream side, then the stream's other columns, then
 * the table's), and a condition join's equalities of a stream-side and a table-side expression,
 * which become the hash keys, the rest of the condition being checked on each candidate pair.
 */
final class StaticJoins {

    private StaticJoins() {
    }

    static Resolved resolve(LogicalPlan.StaticJoin join, Resolved input) {
        Analysis before = input.analysis();
        Schema stream = before.schema();
        LogicalPlan.StaticSource source = join.table().staticTable();
        Schema table = source.schema();
        JoinType type = join.type();
        if (type == JoinType.RIGHT_OUTER) {
            throw JoinConditions.unsupported("RightOuter join with a streaming DataFrame/Dataset on the left and a static "
                    + "DataFrame/DataSet on the right not supported");
        }
        if (type == JoinType.FULL_OUTER) {
            throw JoinConditions.unsupported("FullOuter joins with streaming DataFrames/Datasets on the left and a static "
                    + "DataFrame/Dataset on the right is not supported");
        }
        Schema pairs = JoinConditions.concat(stream, table);
        List<Expression> streamKeys = new ArrayList<>();
        List<Expression> tableKeys = new ArrayList<>();
        List<Integer> output = new ArrayList<>();
        Expression residual = null;
        if (join.using() != null) {
            List<Integer> streamKeyColumns = new ArrayList<>();
            List<Integer> tableKeyColumns = new ArrayList<>();
            for (String name : join.using()) {
                int s = JoinConditions.usingColumn(stream, name, "left");
                int t = JoinConditions.usingColumn(table, name, "right");
                streamKeyColumns.add(s);
                tableKeyColumns.add(t);
                streamKeys.add(JoinConditions.reference(stream.field(s)));
                tableKeys.add(JoinConditions.reference(table.field(t)));
            }
            output.addAll(streamKeyColumns);
            IntStream.range(0, stream.size()).filter(c -> !streamKeyColumns.contains(c)).forEach(output::add);
            if (!type.leftOnly()) {
                IntStream.range(0, table.size()).filter(c -> !tableKeyColumns.contains(c))
                        .forEach(c -> output.add(stream.size() + c));
            }
        } else {
            List<Expression> rest = new ArrayList<>();
            if (join.condition() != null) {
                for (Expression conjunct : JoinConditions.conjuncts(join.condition())) {
                    if (!JoinConditions.equality(conjunct, stream, table, streamKeys, tableKeys)) {
                        rest.add(conjunct);
                    }
                }
            }
            residual = rest.stream().reduce((a, b) -> new Expression.Binary(BinaryOperator.AND, a, b, 0)).orElse(null);
            IntStream.range(0, type.leftOnly() ? stream.size() : pairs.size()).forEach(output::add);
        }
        List<BoundExpression> boundStreamKeys = new ArrayList<>();
        for (int k = 0; k < streamKeys.size(); k++) {
            DataType common = JoinConditions.keyType(streamKeys.get(k), tableKeys.get(k), stream, table);
            streamKeys.set(k, JoinConditions.castTo(streamKeys.get(k), stream, common));
            tableKeys.set(k, JoinConditions.castTo(tableKeys.get(k), table, common));
            boundStreamKeys.add(ExpressionAnalyzer.bind(streamKeys.get(k), stream));
        }
        BoundExpression boundResidual = residual == null ? null : JoinConditions.condition(residual, pairs);
        List<Field> fields = new ArrayList<>();
        for (int column : output) {
            Field field = pairs.field(column);
            fields.add(column >= stream.size() && type == JoinType.LEFT_OUTER ? field.asNullable() : field);
        }
        Schema outputSchema = new Schema(fields);
        StaticJoinSpec spec = new StaticJoinSpec(type == JoinType.CROSS ? JoinType.INNER : type, boundStreamKeys,
                boundResidual, pairs, stream.size(), output.stream().mapToInt(Integer::intValue).toArray(),
                outputSchema);
        String watermark = before.watermarkColumn() != null && outputSchema.indexOf(before.watermarkColumn()) >= 0
                ? before.watermarkColumn() : null;
        return input.then(new StaticJoinStage(spec,
                new StaticTableRead(source.format(), source.options(), table, tableKeys)),
                before.withSchema(outputSchema, watermark));
    }

    /** A stream-static join: the slot's binding, and the table to read once per run with its keys. */
    record StaticJoinStage(StaticJoinSpec spec, StaticTableRead table) implements Stage {
        @Override
        public Operator wire(Operator next, int slot, PlanWiring wiring) {
            return new StaticJoinOperator(spec, wiring.staticIndex(table), next);
        }
    }
}
