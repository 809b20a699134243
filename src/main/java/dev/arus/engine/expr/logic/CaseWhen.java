package dev.arus.engine.expr.logic;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.BooleanVector;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.DataType;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.BoundNode;
import dev.arus.engine.expr.Constant;
import dev.arus.engine.expr.EvaluationContext;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.SelectiveEvaluation;
import dev.arus.engine.expr.SqlText;
import dev.arus.engine.expr.bind.ExpressionBinder;
import dev.arus.engine.expr.bind.TypeCoercion;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * {@code CASE WHEN c1 THEN v1 ... ELSE e END}: each row takes the value of its first true
 * condition, else the ELSE value (NULL without one). Conditions and values are evaluated only for
 * the rows that reach them, as Spark does.
 */
public final class CaseWhen extends BoundNode {

    private final SelectiveEvaluation[] conditions;
    private final SelectiveEvaluation[] values;
    private final SelectiveEvaluation elseValue;
    private boolean[] open = new boolean[0];
    private boolean[] matched = new boolean[0];

    /** {@code elseValue} is already a NULL constant of {@code type} when the CASE has no ELSE. */
    CaseWhen(List<BoundExpression> conditions, List<BoundExpression> values, BoundExpression elseValue,
            DataType type, boolean nullable, String sql) {
        super(type, nullable, sql);
        this.conditions = conditions.stream().map(SelectiveEvaluation::new).toArray(SelectiveEvaluation[]::new);
        this.values = values.stream().map(SelectiveEvaluation::new).toArray(SelectiveEvaluation[]::new);
        this.elseValue = new SelectiveEvaluation(elseValue);
    }

    /**
     * {@code CASE WHEN ... END}: BOOLEAN conditions, the values and the ELSE value brought to their
     * wider common type (a column of NULLs is a STRING one); NULL where no condition holds and there
     * is no ELSE.
     */
    public static BoundExpression bind(ExpressionBinder binder, Expression.CaseWhen caseWhen) {
        List<BoundExpression> conditions = new ArrayList<>();
        List<BoundExpression> values = new ArrayList<>();
        List<String> parts = new ArrayList<>();
        for (Expression.WhenClause branch : caseWhen.branches()) {
            BoundExpression condition = binder.requireBoolean(caseWhen, binder.bind(branch.condition()), "WHEN");
            BoundExpression value = binder.bind(branch.value());
            conditions.add(condition);
            values.add(value);
            parts.add(condition.sql());
            parts.add(value.sql());
        }
        BoundExpression elseValue = caseWhen.elseValue() == null ? null : binder.bind(caseWhen.elseValue());
        String sql = SqlText.caseWhen(parts, elseValue == null ? null : elseValue.sql());
        List<BoundExpression> results = new ArrayList<>(values);
        if (elseValue != null) {
            results.add(elseValue);
        }
        DataType type = binder.commonType(results, "casewhen", sql, caseWhen.position(),
                ExpressionBinder.TypeListing.LIST);
        if (type == AtomicType.NULL) {
            type = AtomicType.STRING;
        }
        DataType resultType = type;
        boolean nullable = elseValue == null || results.stream().anyMatch(BoundExpression::nullable);
        BoundExpression otherwise = elseValue == null ? new Constant(null, resultType, "NULL")
                : TypeCoercion.implicitCast(elseValue, resultType);
        return new CaseWhen(conditions, values.stream().map(v -> TypeCoercion.implicitCast(v, resultType)).toList(),
                otherwise, resultType, nullable, sql);
    }

    /**
     * {@code if(c, a, b)}, a CASE of one branch: {@code c} a BOOLEAN (a NULL one is read as
     * such), {@code a} and {@code b} brought to their wider type as Spark's {@code IfCoercion}
     * brings them.
     */
    static BoundExpression bindIf(Expression.FunctionCall call, List<BoundExpression> arguments,
            ExpressionBinder binder) {
        BoundExpression condition = arguments.get(0);
        List<BoundExpression> values = arguments.subList(1, 3);
        String sql = SqlText.ifThenElse(condition.sql(), values.get(0).sql(), values.get(1).sql());
        if (condition.dataType() == AtomicType.NULL) {
            condition = TypeCoercion.implicitCast(condition, AtomicType.BOOLEAN);
        } else if (condition.dataType() != AtomicType.BOOLEAN) {
            // Spark's If takes no implicit cast: a string condition is refused too
            throw binder.unexpectedType(sql, call.position(), "first", "\"BOOLEAN\"", condition);
        }
        return ifThenElse(binder, call.position(), condition, values.get(0), values.get(1), sql);
    }

    /**
     * Spark's {@code If} of a BOOLEAN condition, {@code a} and {@code b} brought to their wider
     * type; also what {@code nvl2} and {@code nullif} are rewritten to.
     */
    static BoundExpression ifThenElse(ExpressionBinder binder, int position, BoundExpression condition,
            BoundExpression a, BoundExpression b, String sql) {
        List<BoundExpression> values = List.of(a, b);
        DataType type = binder.commonType(values, "if", sql, position, ExpressionBinder.TypeListing.LIST);
        // as for CASE, a column of NULLs is a STRING one
        DataType resultType = type == AtomicType.NULL ? AtomicType.STRING : type;
        return new CaseWhen(List.of(condition), List.of(TypeCoercion.implicitCast(a, resultType)),
                TypeCoercion.implicitCast(b, resultType), resultType, a.nullable() || b.nullable(), sql);
    }

    @Override
    public ColumnVector evaluate(ColumnarBatch input, EvaluationContext context) {
        int size = input.size();
        if (open.length < size) {
            open = new boolean[size];
            matched = new boolean[size];
        }
        Arrays.fill(open, 0, size, true);
        ColumnVector result = output(size);
        int remaining = size;
        for (int k = 0; k < conditions.length && remaining > 0; k++) {
            BooleanVector condition = (BooleanVector) conditions[k].evaluate(input, open, context);
            boolean[] truth = condition.values();
            int hits = 0;
            for (int i = 0; i < size; i++) {
                matched[i] = open[i] && truth[i] && !condition.isNull(i);
                hits += matched[i] ? 1 : 0;
            }
            if (hits > 0) {
                copyRows(values[k].evaluate(input, matched, context), matched, result, size);
                for (int i = 0; i < size; i++) {
                    open[i] &= !matched[i];
                }
                remaining -= hits;
            }
        }
        if (remaining > 0) {
            copyRows(elseValue.evaluate(input, open, context), open, result, size);
        }
        return result;
    }

    private static void copyRows(ColumnVector from, boolean[] rows, ColumnVector to, int size) {
        for (int i = 0; i < size; i++) {
            if (rows[i]) {
                from.copyRow(i, to, i);
            }
        }
    }
}
