package dev.arus.engine.plan;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.Schema;
import dev.arus.engine.exec.join.JoinType;
import dev.arus.engine.exec.join.StaticJoinSpec;
import dev.arus.engine.expr.BinaryOperator;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.ExpressionAnalyzer;
import dev.arus.engine.streaming.AnalysisException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
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

    static QueryPlanner.Resolved resolve(LogicalPlan.StaticJoin join, QueryPlanner.Resolved input) {
        Analysis before = input.analysis();
        Schema stream = before.schema();
        LogicalPlan.StaticSource source = staticSource(join.table());
        String alias = join.table() instanceof LogicalPlan.SubqueryAlias named ? named.alias() : null;
        Schema table = alias == null ? source.schema()
                : new Schema(source.schema().fields().stream().map(field -> field.qualified(alias)).toList());
        JoinType type = join.type();
        if (type == JoinType.RIGHT_OUTER) {
            throw unsupported("RightOuter join with a streaming DataFrame/Dataset on the left and a static "
                    + "DataFrame/DataSet on the right not supported");
        }
        if (type == JoinType.FULL_OUTER) {
            throw unsupported("FullOuter joins with streaming DataFrames/Datasets on the left and a static "
                    + "DataFrame/Dataset on the right is not supported");
        }
        Schema pairs = concat(stream, table);
        List<Expression> streamKeys = new ArrayList<>();
        List<Expression> tableKeys = new ArrayList<>();
        List<Integer> output = new ArrayList<>();
        Expression residual = null;
        if (join.using() != null) {
            List<Integer> streamKeyColumns = new ArrayList<>();
            List<Integer> tableKeyColumns = new ArrayList<>();
            for (String name : join.using()) {
                int s = usingColumn(stream, name, "left");
                int t = usingColumn(table, name, "right");
                streamKeyColumns.add(s);
                tableKeyColumns.add(t);
                streamKeys.add(reference(stream.field(s)));
                tableKeys.add(reference(table.field(t)));
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
                for (Expression conjunct : conjuncts(join.condition())) {
                    if (!equality(conjunct, stream, table, streamKeys, tableKeys)) {
                        rest.add(conjunct);
                    }
                }
            }
            residual = rest.stream().reduce((a, b) -> new Expression.Binary(BinaryOperator.AND, a, b, 0)).orElse(null);
            IntStream.range(0, type.leftOnly() ? stream.size() : pairs.size()).forEach(output::add);
        }
        List<BoundExpression> boundStreamKeys = new ArrayList<>();
        for (int k = 0; k < streamKeys.size(); k++) {
            DataType common = keyType(streamKeys.get(k), tableKeys.get(k), stream, table);
            streamKeys.set(k, castTo(streamKeys.get(k), stream, common));
            tableKeys.set(k, castTo(tableKeys.get(k), table, common));
            boundStreamKeys.add(ExpressionAnalyzer.bind(streamKeys.get(k), stream));
        }
        BoundExpression boundResidual = residual == null ? null : condition(residual, pairs);
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
        return input.then(new QueryPlanner.StaticJoinStage(spec,
                new StaticTableRead(source.format(), source.options(), table, tableKeys)),
                before.withSchema(outputSchema, watermark));
    }

    private static LogicalPlan.StaticSource staticSource(LogicalPlan table) {
        LogicalPlan node = table;
        while (node instanceof LogicalPlan.SubqueryAlias alias) {
            node = alias.child();
        }
        return (LogicalPlan.StaticSource) node;
    }

    private static Schema concat(Schema left, Schema right) {
        List<Field> fields = new ArrayList<>(left.fields());
        fields.addAll(right.fields());
        return new Schema(fields);
    }

    private static Expression reference(Field field) {
        return field.qualifier() == null ? new Expression.ColumnReference(List.of(field.name()), 0)
                : new Expression.ColumnReference(List.of(field.qualifier(), field.name()), 0);
    }

    /** The one column of a side called {@code name}, as Spark's {@code UNRESOLVED_USING_COLUMN_FOR_JOIN} wants it. */
    private static int usingColumn(Schema side, String name, String which) {
        List<Integer> found = IntStream.range(0, side.size())
                .filter(c -> side.field(c).name().equalsIgnoreCase(name)).boxed().toList();
        if (found.size() != 1) {
            throw new AnalysisException("UNRESOLVED_USING_COLUMN_FOR_JOIN", "[UNRESOLVED_USING_COLUMN_FOR_JOIN] USING "
                    + "column `" + name + "` cannot be resolved on the " + which + " side of the join. The " + which
                    + "-side columns: [" + String.join(", ", side.names().stream().map(n -> "`" + n + "`").toList())
                    + "].");
        }
        return found.get(0);
    }

    private static List<Expression> conjuncts(Expression condition) {
        if (condition instanceof Expression.Binary binary && binary.operator() == BinaryOperator.AND) {
            List<Expression> all = new ArrayList<>(conjuncts(binary.left()));
            all.addAll(conjuncts(binary.right()));
            return all;
        }
        return List.of(condition);
    }

    /** When {@code conjunct} is an equality of a stream-side and a table-side expression, adds them as keys. */
    private static boolean equality(Expression conjunct, Schema stream, Schema table, List<Expression> streamKeys,
                                    List<Expression> tableKeys) {
        if (!(conjunct instanceof Expression.Binary binary) || binary.operator() != BinaryOperator.EQUAL) {
            return false;
        }
        if (bindsOn(binary.left(), stream) && bindsOn(binary.right(), table)) {
            streamKeys.add(binary.left());
            tableKeys.add(binary.right());
            return true;
        }
        if (bindsOn(binary.right(), stream) && bindsOn(binary.left(), table)) {
            streamKeys.add(binary.right());
            tableKeys.add(binary.left());
            return true;
        }
        return false;
    }

    private static boolean bindsOn(Expression expression, Schema side) {
        try {
            ExpressionAnalyzer.bind(expression, side);
            return true;
        } catch (AnalysisException otherSide) {
            return false;
        }
    }

    private static DataType keyType(Expression streamKey, Expression tableKey, Schema stream, Schema table) {
        DataType left = ExpressionAnalyzer.bind(streamKey, stream).dataType();
        DataType right = ExpressionAnalyzer.bind(tableKey, table).dataType();
        DataType common = ExpressionAnalyzer.comparisonType(left, right);
        if (common == null || common.isComplex()) {
            throw new AnalysisException("DATATYPE_MISMATCH.BINARY_OP_DIFF_TYPES", "[DATATYPE_MISMATCH.BINARY_OP_DIFF_TYPES]"
                    + " Cannot resolve \"(" + streamKey.sql() + " = " + tableKey.sql() + ")\" due to data type mismatch: "
                    + "the left and right operands of the binary operator have incompatible types (\""
                    + left.simpleString().toUpperCase(Locale.ROOT) + "\" and \""
                    + right.simpleString().toUpperCase(Locale.ROOT) + "\").");
        }
        return common;
    }

    /** {@code key} as {@code type}: cast unless it is that type already. */
    private static Expression castTo(Expression key, Schema side, DataType type) {
        DataType own = ExpressionAnalyzer.bind(key, side).dataType();
        return own.equals(type) ? key : new Expression.Cast(key, (AtomicType) type, 0);
    }

    private static BoundExpression condition(Expression residual, Schema pairs) {
        BoundExpression bound = ExpressionAnalyzer.bind(residual, pairs);
        if (bound.dataType() != AtomicType.BOOLEAN) {
            throw new AnalysisException("DATATYPE_MISMATCH.FILTER_NOT_BOOLEAN", "join condition '" + bound.name()
                    + "' of type " + bound.dataType().simpleString() + " is not a boolean");
        }
        return bound;
    }

    private static AnalysisException unsupported(String message) {
        return new AnalysisException(AnalysisException.UNSUPPORTED_STREAMING_OPERATION, message);
    }
}
