package dev.arus.engine.expr.analysis;

import dev.arus.engine.data.DataType;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.Schema;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.Expression.FunctionCall;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.InputColumn;
import dev.arus.engine.expr.Renamed;
import dev.arus.engine.expr.aggregate.AggregateCall;
import dev.arus.engine.expr.bind.ColumnResolver;
import dev.arus.engine.expr.bind.ExpressionBinder;
import dev.arus.engine.expr.bind.FieldExtraction;
import dev.arus.engine.expr.bind.TypeCoercion;
import dev.arus.engine.expr.window.GroupingKey;
import dev.arus.engine.expr.window.SessionWindowBinder;
import dev.arus.engine.expr.window.WindowBinder;
import dev.arus.engine.streaming.AnalysisException;
import java.util.List;

/**
 * Resolves unresolved expressions against an input schema, for the three places a query uses
 * them: projections and filters ({@link #bind}), {@code groupBy} keys ({@link #bindGroupingKey})
 * and {@code agg} columns ({@link #bindAggregate}). It also names output columns as Spark's
 * Column API ({@code ExpressionUtils.toNamed}, then {@code ResolveAliases}) does: an alias wins;
 * a column, or a struct field written as a column path ({@code data.amount}), keeps its (field)
 * name; a cast of a named expression keeps that name, through any number of casts
 * ({@code CAST(CAST(value AS BOOLEAN) AS INT)} is {@code value}); anything else, {@code getField}
 * included ({@code data.amount} again, by its pretty SQL), is called by its pretty SQL. Stateless.
 */
public final class ExpressionAnalyzer {

    private ExpressionAnalyzer() {
    }

    /** The type two values are compared as ({@code a = b}), or null when they cannot be. */
    public static DataType comparisonType(DataType left, DataType right) {
        return TypeCoercion.comparisonType(left, right);
    }

    /**
     * Spark's {@code findWiderCommonType} under ANSI coercion, as its set operations widen their
     * inputs' columns: the type every one of {@code types} widens to, or null when there is none.
     */
    public static DataType widerCommonType(List<DataType> types) {
        return TypeCoercion.widerCommonType(types);
    }

    /**
     * Whether values of the two types are alike but for nullability (Spark's
     * {@code equalsStructurally} ignoring nullability), as a set operation's inputs' columns must
     * be where they cannot be widened.
     */
    public static boolean sameShape(DataType left, DataType right) {
        return TypeCoercion.mergeNullability(left, right) != null;
    }

    /**
     * Column {@code ordinal} of {@code input} as column {@code target} of a set operation's output:
     * cast (implicitly, as Spark's {@code WidenSetOperationTypes} casts) to its type and named as it.
     */
    public static BoundExpression conformed(Schema input, int ordinal, Field target) {
        BoundExpression column = new InputColumn(ordinal, input.field(ordinal));
        return new Renamed(TypeCoercion.implicitCast(column, target.type()), target.name());
    }

    /** Spark's {@code UNRESOLVED_COLUMN} error for a column {@code name} that {@code input} lacks. */
    public static AnalysisException unresolvedColumn(String name, Schema input) {
        return ColumnResolver.unresolvedColumn(List.of(name), input.fields(), -1, null);
    }

    /** A projection or filter expression; aggregates and {@code window} are refused. */
    public static BoundExpression bind(Expression expression, Schema input) {
        return named(expression, binder(input, expression));
    }

    private static BoundExpression named(Expression expression, ExpressionBinder binder) {
        BoundExpression bound = binder.bind(expression);
        if (expression instanceof Expression.Alias alias) {
            return new Renamed(bound, alias.automatic() ? bound.sql() : alias.name());
        }
        if (bound instanceof FieldExtraction field && expression instanceof Expression.ColumnReference) {
            return new Renamed(field, field.fieldName());
        }
        if (expression instanceof Expression.Cast cast && isNamed(cast.child())) {
            // Spark's toNamed: a top-level Cast of a named expression, or of a cast of one, takes that name.
            return new Renamed(bound, named(cast.child(), binder).name());
        }
        return bound;
    }

    private static boolean isNamed(Expression expression) {
        return expression instanceof Expression.ColumnReference || expression instanceof Expression.Alias
                || expression instanceof Expression.Cast cast && isNamed(cast.child());
    }

    /**
     * An unaliased item of a SQL select list, named as {@code spark.sql} names it rather than as
     * the Column API does: Spark SQL's {@code ResolveAliases} calls a cast after its child only
     * when the child is a column or an alias itself, so {@code CAST(CAST(value AS BOOLEAN) AS INT)}
     * keeps its pretty SQL as its name there (an automatic {@link Expression.Alias}), where
     * {@code selectExpr} calls it {@code value}.
     */
    public static Expression sqlSelectItem(Expression item) {
        if (item instanceof Expression.Cast cast && !(cast.child() instanceof Expression.ColumnReference)
                && !(cast.child() instanceof Expression.Alias)) {
            return new Expression.Alias(item, "", item.position(), true);
        }
        return item;
    }

    /**
     * A {@code groupBy} key: {@code window(time, size[, slide[, start]])} becomes a
     * {@link GroupingKey.WindowKey} named {@code window}, {@code session_window(time, gap)} a
     * {@link GroupingKey.SessionKey} named {@code session_window} (either named by its alias, if
     * any); anything else a value key.
     */
    public static GroupingKey bindGroupingKey(Expression expression, Schema input) {
        Expression inner = expression instanceof Expression.Alias alias ? alias.child() : expression;
        String alias = expression instanceof Expression.Alias named ? named.name() : null;
        if (inner instanceof FunctionCall call && call.name().equalsIgnoreCase("window")) {
            return WindowBinder.bind(binder(input, expression), call, alias == null ? "window" : alias);
        }
        if (inner instanceof FunctionCall call && call.name().equalsIgnoreCase("session_window")) {
            return SessionWindowBinder.bind(binder(input, expression), call, alias == null ? "session_window" : alias);
        }
        BoundExpression bound = bind(expression, input);
        DataType type = bound.dataType();
        if (type.isComplex()) {
            // Spark 4 groups by structs and arrays, and by maps after sorting their keys
            // (InsertMapSortInGroupingExpressions); Arus keys groups by primitive values only.
            throw new AnalysisException("UNSUPPORTED_FEATURE", "[UNSUPPORTED_FEATURE] Grouping by \""
                    + bound.sql() + "\" of the type \"" + type.sql() + "\" is not supported yet: Arus groups by"
                    + " atomic values (numbers, strings, binary, booleans, dates, timestamps, intervals) and windows."
                    + (expression.position() >= 0 ? " (at position " + expression.position() + ")" : ""),
                    expression.position(), expression.sql());
        }
        return new GroupingKey.ValueKey(bound, bound.name());
    }

    /** An {@code agg} column: an aggregate function of an expression, optionally aliased. */
    public static AggregateCall bindAggregate(Expression expression, Schema input) {
        return AggregateBinder.bind(expression, input);
    }

    /** Whether an {@code agg} column aggregates distinct values, as {@code count(DISTINCT x)} does. */
    public static boolean isDistinctAggregate(Expression expression) {
        Expression inner = expression instanceof Expression.Alias alias ? alias.child() : expression;
        return inner instanceof FunctionCall call && call.distinct();
    }

    /** A binder of {@code expression} over {@code input}, outside any aggregate, with every family's bindings. */
    private static ExpressionBinder binder(Schema input, Expression expression) {
        return new ExpressionBinder(input, expression, false, LanguageBindings.INSTANCE);
    }
}
