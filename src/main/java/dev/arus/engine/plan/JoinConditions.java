package dev.arus.engine.plan;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.Schema;
import dev.arus.engine.expr.BinaryOperator;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.analysis.ExpressionAnalyzer;
import dev.arus.engine.streaming.AnalysisException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;

/**
 * What every join's resolution needs, as Spark's analyser does it: the two sides' columns side by
 * side, {@code USING} columns found on each side, a condition split into its {@code AND}ed parts
 * and equalities of one side's expression with the other's, key types made comparable, and
 * Spark's refusals. Stateless.
 */
final class JoinConditions {

    private JoinConditions() {
    }

    static Schema concat(Schema left, Schema right) {
        List<Field> fields = new ArrayList<>(left.fields());
        fields.addAll(right.fields());
        return new Schema(fields);
    }

    static Expression reference(Field field) {
        return field.qualifier() == null ? new Expression.ColumnReference(List.of(field.name()), 0)
                : new Expression.ColumnReference(List.of(field.qualifier(), field.name()), 0);
    }

    /** The one column of a side called {@code name}, as Spark's {@code UNRESOLVED_USING_COLUMN_FOR_JOIN} wants it. */
    static int usingColumn(Schema side, String name, String which) {
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

    static List<Expression> conjuncts(Expression condition) {
        if (condition instanceof Expression.Binary binary && binary.operator() == BinaryOperator.AND) {
            List<Expression> all = new ArrayList<>(conjuncts(binary.left()));
            all.addAll(conjuncts(binary.right()));
            return all;
        }
        // Spark's optimizer replaces BETWEEN by its two comparisons before the join sees them, so a
        // time range written with BETWEEN bounds the join's state as the two comparisons would.
        if (condition instanceof Expression.FunctionCall call && call.name().equalsIgnoreCase("between")
                && call.arguments().size() == 3) {
            Expression value = call.arguments().get(0);
            Expression lower = call.arguments().get(1);
            Expression upper = call.arguments().get(2);
            int at = call.position();
            return List.of(new Expression.Binary(BinaryOperator.GREATER_THAN_OR_EQUAL, value, lower, at),
                    new Expression.Binary(BinaryOperator.LESS_THAN_OR_EQUAL, value, upper, at));
        }
        return List.of(condition);
    }

    /** When {@code conjunct} is an equality of a stream-side and a table-side expression, adds them as keys. */
    static boolean equality(Expression conjunct, Schema stream, Schema table, List<Expression> streamKeys,
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

    static boolean bindsOn(Expression expression, Schema side) {
        try {
            ExpressionAnalyzer.bind(expression, side);
            return true;
        } catch (AnalysisException otherSide) {
            return false;
        }
    }

    static DataType keyType(Expression streamKey, Expression tableKey, Schema stream, Schema table) {
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
    static Expression castTo(Expression key, Schema side, DataType type) {
        DataType own = ExpressionAnalyzer.bind(key, side).dataType();
        return own.equals(type) ? key : new Expression.Cast(key, type, 0);
    }

    static BoundExpression condition(Expression residual, Schema pairs) {
        BoundExpression bound = ExpressionAnalyzer.bind(residual, pairs);
        if (bound.dataType() != AtomicType.BOOLEAN) {
            throw new AnalysisException("DATATYPE_MISMATCH.FILTER_NOT_BOOLEAN", "join condition '" + bound.name()
                    + "' of type " + bound.dataType().simpleString() + " is not a boolean");
        }
        return bound;
    }

    static AnalysisException unsupported(String message) {
        return new AnalysisException(AnalysisException.UNSUPPORTED_STREAMING_OPERATION, message);
    }
}
