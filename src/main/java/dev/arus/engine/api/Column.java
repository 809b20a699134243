package dev.arus.engine.api;

import dev.arus.engine.expr.BinaryOperator;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.sql.DataTypeParser;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Spark's Java {@code Column}: an unresolved expression built in code. Methods taking an
 * {@code Object} accept another Column or a literal value, as Spark's do. Immutable;
 * {@link #toString()} is the name Spark would give the column.
 */
public final class Column {

    private final Expression expression;

    public Column(Expression expression) {
        this.expression = expression;
    }

    /** The expression tree, for the planner. */
    public Expression expr() {
        return expression;
    }

    static Expression toExpression(Object value) {
        return value instanceof Column column ? column.expression : Expression.Literal.of(value, -1);
    }

    private Column binary(BinaryOperator operator, Object other) {
        return new Column(new Expression.Binary(operator, expression, toExpression(other), -1));
    }

    public Column plus(Object other) {
        return binary(BinaryOperator.ADD, other);
    }

    public Column minus(Object other) {
        return binary(BinaryOperator.SUBTRACT, other);
    }

    public Column multiply(Object other) {
        return binary(BinaryOperator.MULTIPLY, other);
    }

    public Column divide(Object other) {
        return binary(BinaryOperator.DIVIDE, other);
    }

    public Column mod(Object other) {
        return binary(BinaryOperator.REMAINDER, other);
    }

    public Column gt(Object other) {
        return binary(BinaryOperator.GREATER_THAN, other);
    }

    public Column lt(Object other) {
        return binary(BinaryOperator.LESS_THAN, other);
    }

    public Column geq(Object other) {
        return binary(BinaryOperator.GREATER_THAN_OR_EQUAL, other);
    }

    public Column leq(Object other) {
        return binary(BinaryOperator.LESS_THAN_OR_EQUAL, other);
    }

    public Column equalTo(Object other) {
        return binary(BinaryOperator.EQUAL, other);
    }

    /** {@code NOT (a = b)}, as Spark builds {@code =!=}. */
    public Column notEqual(Object other) {
        return new Column(new Expression.Not(binary(BinaryOperator.EQUAL, other).expression, -1));
    }

    public Column eqNullSafe(Object other) {
        return binary(BinaryOperator.NULL_SAFE_EQUAL, other);
    }

    public Column and(Column other) {
        return binary(BinaryOperator.AND, other);
    }

    public Column or(Column other) {
        return binary(BinaryOperator.OR, other);
    }

    public Column isNull() {
        return new Column(new Expression.IsNull(expression, false, -1));
    }

    public Column isNotNull() {
        return new Column(new Expression.IsNull(expression, true, -1));
    }

    public Column isin(Object... values) {
        return new Column(new Expression.In(expression, Arrays.stream(values).map(Column::toExpression).toList(), -1));
    }

    /**
     * Casts to a type written as Spark's DDL: {@code timestamp}, {@code bigint}, {@code decimal(10,2)},
     * {@code date}; an unknown or unsupported type is refused with UNSUPPORTED_DATATYPE.
     */
    public Column cast(String typeName) {
        return new Column(new Expression.Cast(expression, DataTypeParser.parseDataType(typeName.trim()), -1));
    }

    public Column alias(String name) {
        Expression child = expression instanceof Expression.Alias alias ? alias.child() : expression;
        return new Column(new Expression.Alias(child, name, -1));
    }

    public Column as(String name) {
        return alias(name);
    }

    public Column name(String name) {
        return alias(name);
    }

    public Column getField(String fieldName) {
        return new Column(new Expression.FieldAccess(expression, fieldName, -1));
    }

    /** Adds a branch to a column made by {@link functions#when}. */
    public Column when(Column condition, Object value) {
        Expression.CaseWhen caseWhen = requireOpenCaseWhen("when");
        List<Expression.WhenClause> branches = new ArrayList<>(caseWhen.branches());
        branches.add(new Expression.WhenClause(condition.expression, toExpression(value)));
        return new Column(new Expression.CaseWhen(branches, null, -1));
    }

    /** Sets the ELSE value of a column made by {@link functions#when}. */
    public Column otherwise(Object value) {
        Expression.CaseWhen caseWhen = requireOpenCaseWhen("otherwise");
        return new Column(new Expression.CaseWhen(caseWhen.branches(), toExpression(value), -1));
    }

    private Expression.CaseWhen requireOpenCaseWhen(String method) {
        if (!(expression instanceof Expression.CaseWhen caseWhen)) {
            throw new IllegalArgumentException(method + "() can only be applied on a Column previously generated"
                    + " by when() function");
        }
        if (caseWhen.elseValue() != null) {
            throw new IllegalArgumentException(method + "() can only be applied once on a Column previously"
                    + " generated by when() function and not after otherwise()");
        }
        return caseWhen;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Column column && expression.equals(column.expression);
    }

    @Override
    public int hashCode() {
        return expression.hashCode();
    }

    /** Spark's name for the column: {@code (value + 1)}, {@code count(1)}, {@code a AS b}. */
    @Override
    public String toString() {
        return expression.sql();
    }
}
