package dev.arus.engine.expr.analysis;

import dev.arus.engine.data.ArrayType;
import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.DayTimeIntervalType;
import dev.arus.engine.data.DecimalType;
import dev.arus.engine.data.MapType;
import dev.arus.engine.data.Schema;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.Expression.FunctionCall;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.aggregate.AggregateCall;
import dev.arus.engine.expr.aggregate.AggregateFunction;
import dev.arus.engine.expr.aggregate.DecimalResults;
import dev.arus.engine.expr.aggregate.PercentileBinder;
import dev.arus.engine.expr.bind.ColumnResolver;
import dev.arus.engine.expr.bind.ExpressionBinder;
import dev.arus.engine.expr.bind.FunctionBinder;
import dev.arus.engine.expr.bind.InputType;
import dev.arus.engine.streaming.AnalysisException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Binds an {@code agg} column, a call of an {@link AggregateFunction} optionally aliased, as
 * Spark's analyzer does: arguments resolved, arity checked, each argument brought to the type
 * the function takes by Spark's ANSI implicit casts (or refused with Spark's error), the result
 * type fixed and the column named by its pretty SQL. Stateless.
 */
final class AggregateBinder {

    private AggregateBinder() {
    }

    static AggregateCall bind(Expression expression, Schema input) {
        Expression inner = expression instanceof Expression.Alias alias ? alias.child() : expression;
        ExpressionBinder binder = new ExpressionBinder(input, expression, true, LanguageBindings.INSTANCE);
        AggregateFunction function = inner instanceof FunctionCall named ? AggregateFunction.named(named.name()) : null;
        if (function == null) {
            if (inner instanceof FunctionCall unknown
                    && !FunctionRegistry.names().contains(unknown.name().toLowerCase(Locale.ROOT))) {
                throw ColumnResolver.unresolved("function", unknown.name(), FunctionRegistry.names(),
                        unknown.position(), unknown.sql());
            }
            throw binder.error("MISSING_AGGREGATION", "The non-aggregating expression \"" + inner.sql()
                    + "\" is based on columns which are not participating in the GROUP BY clause. Add the columns"
                    + " or the expression to the GROUP BY, or aggregate the expression.", inner.position());
        }
        FunctionCall call = (FunctionCall) inner;
        if (call.star() && function != AggregateFunction.COUNT) {
            throw binder.error("INVALID_USAGE_OF_STAR_OR_REGEX", "Invalid usage of '*' in " + call.sql() + ".",
                    call.position());
        }
        if (function == AggregateFunction.PERCENTILE_APPROX) {
            // its percentage may be array(...), a literal Arus reads here rather than binds
            return PercentileBinder.bind(binder, call, function.prettyName(call.name()),
                    expression instanceof Expression.Alias alias ? alias.name() : null);
        }
        List<BoundExpression> arguments = new ArrayList<>();
        for (Expression argument : call.arguments()) {
            arguments.add(binder.bind(argument));
        }
        if (!call.star() && !(function == AggregateFunction.COUNT && call.distinct())) {
            // Spark's count takes several columns only to count distinct tuples, which streaming refuses later
            FunctionBinder.arity(binder, call, minimumArguments(function), maximumArguments(function));
        }
        BoundExpression argument = call.star() ? null : arguments.get(0);
        String prettyName = function.prettyName(call.name());
        List<String> shown = argument == null ? List.of("1") : function.showsEveryArgument()
                ? arguments.stream().map(BoundExpression::sql).toList() : List.of(argument.sql());
        String sql = prettyName + "(" + (call.distinct() ? "DISTINCT " : "") + String.join(", ", shown) + ")";
        String name = expression instanceof Expression.Alias alias ? alias.name() : sql;
        return switch (function) {
            case COUNT -> {
                boolean countsEveryRow = argument == null
                        || call.arguments().get(0) instanceof Expression.Literal literal && literal.value() != null;
                yield new AggregateCall(function, countsEveryRow ? null : argument, name, AtomicType.LONG);
            }
            case SUM, AVG -> {
                DataType type = argument.dataType();
                if (!type.isNumeric() && !(function == AggregateFunction.SUM && type instanceof DayTimeIntervalType)) {
                    throw binder.unexpectedType(sql, call.position(), "first", "\"NUMERIC\"", argument);
                }
                yield new AggregateCall(function, argument, name, sumOrAverageType(function, type));
            }
            case MIN, MAX -> {
                DataType type = argument.dataType();
                if (type.isComplex() || type == AtomicType.NULL) {
                    throw binder.unexpectedType(sql, call.position(), "first", "orderable", argument);
                }
                if (type == AtomicType.BINARY) {
                    throw binder.error("UNSUPPORTED_FEATURE", prettyName + " of a BINARY value is not supported yet: "
                            + sql, call.position());
                }
                yield new AggregateCall(function, argument, name, type);
            }
            case FIRST, LAST -> new AggregateCall(function, storable(binder, argument, sql, call), name,
                    argument.dataType(), AggregateCall.Settings.ignoringNulls(ignoreNulls(binder, function, call)));
            case COLLECT_LIST, COLLECT_SET -> new AggregateCall(function, storable(binder, argument, sql, call), name,
                    new ArrayType(argument.dataType(), false));
            case STDDEV_SAMP, STDDEV_POP, VAR_SAMP, VAR_POP -> new AggregateCall(function,
                    binder.require(sql, call.position(), "first", argument, InputType.of(AtomicType.DOUBLE)), name,
                    AtomicType.DOUBLE);
            case COUNT_IF -> new AggregateCall(function,
                    binder.require(sql, call.position(), "first", argument, InputType.BOOLEAN), name, AtomicType.LONG);
            case BOOL_AND, BOOL_OR -> new AggregateCall(function,
                    binder.require(sql, call.position(), "first", argument, InputType.BOOLEAN), name,
                    AtomicType.BOOLEAN);
            case APPROX_COUNT_DISTINCT -> new AggregateCall(function, storable(binder, argument, sql, call), name,
                    AtomicType.LONG, AggregateCall.Settings.withRelativeStandardDeviation(
                            relativeStandardDeviation(binder, call)));
            case MAX_BY, MIN_BY -> extremumBy(binder, function, arguments, name, sql, call);
            case PERCENTILE_APPROX -> throw new IllegalStateException("bound by PercentileBinder");
        };
    }

    private static int minimumArguments(AggregateFunction function) {
        return function == AggregateFunction.MAX_BY || function == AggregateFunction.MIN_BY ? 2 : 1;
    }

    private static int maximumArguments(AggregateFunction function) {
        return switch (function) {
            case FIRST, LAST, APPROX_COUNT_DISTINCT -> 2;
            // Spark 4.2's max_by(x, ord, k) is its top-k form, MaxMinByK
            case MAX_BY, MIN_BY -> 3;
            default -> 1;
        };
    }

    /**
     * Spark's {@code max_by(x, ord)} and {@code min_by(x, ord)}: any value, of the type it has, at
     * an orderable ordering (Spark's {@code checkForOrderingExpr}). Arus orders atomic values
     * other than binary, and keeps atomic values in its state.
     */
    private static AggregateCall extremumBy(ExpressionBinder binder, AggregateFunction function,
            List<BoundExpression> arguments, String name, String sql, FunctionCall call) {
        String prettyName = function.prettyName(call.name());
        if (arguments.size() == 3) {
            throw binder.error("UNSUPPORTED_FEATURE", prettyName + " of the top k values is not supported yet: "
                    + sql, call.position());
        }
        BoundExpression value = storable(binder, arguments.get(0), sql, call);
        BoundExpression ordering = arguments.get(1);
        DataType orderingType = ordering.dataType();
        if (orderingType instanceof MapType) {
            throw binder.mismatch("INVALID_ORDERING_TYPE", sql, "The `" + prettyName + "` does not support ordering"
                    + " on type \"" + ExpressionBinder.typeName(orderingType) + "\".", call.position());
        }
        if (orderingType.isComplex() || orderingType == AtomicType.BINARY) {
            throw binder.error("UNSUPPORTED_FEATURE", prettyName + " ordered by a value of the type \""
                    + ExpressionBinder.typeName(orderingType) + "\" is not supported yet: " + sql, call.position());
        }
        return new AggregateCall(function, List.of(value, ordering), name, value.dataType(),
                AggregateCall.Settings.NONE);
    }

    /**
     * Spark's {@code approx_count_distinct(x, rsd)}: rsd must be a double or decimal literal, small
     * enough that HyperLogLog++ gets at least 4 bits of register address.
     */
    private static double relativeStandardDeviation(ExpressionBinder binder, FunctionCall call) {
        if (call.arguments().size() < 2) {
            return AggregateCall.Settings.NONE.relativeStandardDeviation();
        }
        Expression given = call.arguments().get(1);
        double rsd;
        if (given instanceof Expression.Literal literal && literal.value() instanceof Double value) {
            rsd = value;
        } else if (given instanceof Expression.Literal literal && literal.value() instanceof java.math.BigDecimal value) {
            rsd = value.doubleValue();
        } else {
            throw new AnalysisException("_LEGACY_ERROR_TEMP_1104", "The second argument should be a double literal.",
                    given.position(), binder.rootSql());
        }
        if (Math.ceil(2.0 * Math.log(1.106 / rsd) / Math.log(2.0)) < 4) {
            // Spark's HyperLogLogPlusPlusHelper fails this requirement when the query runs
            throw new AnalysisException("INTERNAL_ERROR", "requirement failed: HLL++ requires at least 4 bits for"
                    + " addressing. Use a lower error, at most 39%.", given.position(), binder.rootSql());
        }
        return rsd;
    }

    /**
     * Spark's result types of sum and avg: a sum of integers is a BIGINT, of floats or doubles a
     * DOUBLE, of decimals {@code decimal(p+10,s)}, of intervals an interval; an average a DOUBLE,
     * of decimals {@code decimal(p+4,s+4)}.
     */
    private static DataType sumOrAverageType(AggregateFunction function, DataType type) {
        if (type instanceof DecimalType decimal) {
            return function == AggregateFunction.SUM ? DecimalResults.sumType(decimal)
                    : DecimalResults.averageType(decimal);
        }
        if (function == AggregateFunction.AVG || type.isFloatingPoint()) {
            return AtomicType.DOUBLE;
        }
        return type instanceof DayTimeIntervalType ? type : AtomicType.LONG;
    }

    /** Spark's {@code first(x, isIgnoreNull)}: the flag must be a boolean literal. */
    private static boolean ignoreNulls(ExpressionBinder binder, AggregateFunction function, FunctionCall call) {
        if (call.arguments().size() < 2) {
            return false;
        }
        Expression flag = call.arguments().get(1);
        if (flag instanceof Expression.Literal literal && literal.value() instanceof Boolean ignore) {
            return ignore;
        }
        // Spark's FirstLast.validateIgnoreNullExpr names the function "first" or "last", whatever the alias
        String functionName = function == AggregateFunction.FIRST ? "first" : "last";
        throw new AnalysisException("_LEGACY_ERROR_TEMP_1210", "The second argument in "
                + functionName + " should be a boolean literal.", flag.position(), binder.rootSql());
    }

    /**
     * Arus keeps the values of {@code first}, {@code last} and the collections in its state as
     * atomic values; Spark also keeps structs, arrays and maps.
     */
    private static BoundExpression storable(ExpressionBinder binder, BoundExpression argument, String sql,
            FunctionCall call) {
        if (argument.dataType().isComplex()) {
            throw binder.error("UNSUPPORTED_FEATURE", sql + " of a value of the type \""
                    + argument.dataType().sql() + "\" is not supported yet: Arus keeps atomic values in an"
                    + " aggregate's state", call.position());
        }
        return argument;
    }
}
