package dev.arus.engine.expr.aggregate;

import dev.arus.engine.data.ArrayType;
import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.DayTimeIntervalType;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.Expression.FunctionCall;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.SqlText;
import dev.arus.engine.expr.bind.ExpressionBinder;
import dev.arus.engine.expr.bind.FunctionBinder;
import dev.arus.engine.expr.bind.InputType;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Binds Spark's {@code percentile_approx(x, percentage[, accuracy])} (also called
 * {@code approx_percentile}) with Spark's checks in Spark's order: {@code x} a number, date,
 * timestamp or day-time interval (a string or NULL read as a DOUBLE); the percentage a number or
 * an {@code array(...)} of numbers, written as literals; the accuracy an integer literal in
 * {@code (0, 2147483647]}, 10000 when left out. The column is named with all three, as
 * {@code percentile_approx(x, 0.5, 10000)}. Stateless.
 */
public final class PercentileBinder {

    private static final String VALUE_TYPES = "(\"NUMERIC\" or \"DATE\" or \"TIMESTAMP\" or \"TIMESTAMP_NTZ\""
            + " or \"INTERVAL YEAR TO MONTH\" or \"INTERVAL DAY TO SECOND\")";

    private PercentileBinder() {
    }

    /** One literal percentage or accuracy: its value (null for NULL), type and SQL as Spark prints it. */
    private record Constant(Object value, DataType type, String sql) {
    }

    public static AggregateCall bind(ExpressionBinder binder, FunctionCall call, String prettyName, String alias) {
        FunctionBinder.arity(binder, call, 2, 3);
        BoundExpression value = binder.bind(call.arguments().get(0));
        Expression percentageArgument = call.arguments().get(1);
        boolean array = percentageArgument instanceof FunctionCall function
                && function.name().toLowerCase(Locale.ROOT).equals("array");
        List<Constant> percentages = new ArrayList<>();
        String percentageSql;
        if (array) {
            List<String> elements = new ArrayList<>();
            for (Expression element : ((FunctionCall) percentageArgument).arguments()) {
                Constant constant = constant(binder, element);
                percentages.add(constant);
                elements.add(constant == null ? binder.bind(element).sql() : constant.sql());
            }
            percentageSql = SqlText.function("array", elements);
        } else {
            Constant constant = constant(binder, percentageArgument);
            percentages.add(constant);
            percentageSql = constant == null ? binder.bind(percentageArgument).sql() : constant.sql();
        }
        Expression accuracyArgument = call.arguments().size() > 2 ? call.arguments().get(2) : null;
        Constant accuracy = accuracyArgument == null
                ? new Constant(AggregateCall.Percentiles.DEFAULT_ACCURACY, AtomicType.INT, "10000")
                : constant(binder, accuracyArgument);
        String accuracySql = accuracy == null ? binder.bind(accuracyArgument).sql() : accuracy.sql();
        String sql = prettyName + "(" + (call.distinct() ? "DISTINCT " : "") + value.sql() + ", " + percentageSql
                + ", " + accuracySql + ")";

        value = valueOf(binder, value, sql, call);
        checkPercentageTypes(binder, percentages, array, percentageArgument, sql, call);
        if (accuracy != null && accuracy.type() != AtomicType.NULL && !accuracy.type().isIntegral()) {
            throw binder.mismatch("UNEXPECTED_INPUT_TYPE", sql, "The third parameter requires the \"INTEGRAL\" type,"
                    + " however \"" + accuracy.sql() + "\" has the type \"" + ExpressionBinder.typeName(accuracy.type())
                    + "\".", call.position());
        }
        if (percentages.contains(null)) {
            throw nonFoldable(binder, "percentage", array ? "ARRAY<DOUBLE>" : "DOUBLE", percentageSql, sql, call);
        }
        if (accuracy == null) {
            throw nonFoldable(binder, "accuracy", ExpressionBinder.typeName(binder.bind(accuracyArgument).dataType()),
                    accuracySql, sql, call);
        }
        if (accuracy.value() == null) {
            throw binder.mismatch("UNEXPECTED_NULL", sql, "The accuracy must not be null.", call.position());
        }
        long accuracyValue = ((Number) accuracy.value()).longValue();
        if (accuracyValue <= 0 || accuracyValue > Integer.MAX_VALUE) {
            throw binder.mismatch("VALUE_OUT_OF_RANGE", sql, "The accuracy must be between (0, 2147483647]"
                    + " (current value = " + accuracyValue + "L).", call.position());
        }
        if (!array && percentages.get(0).value() == null) {
            throw binder.mismatch("UNEXPECTED_NULL", sql, "The percentage must not be null.", call.position());
        }
        List<Double> values = percentages.stream().map(p -> ((Number) p.value()).doubleValue()).toList();
        if (values.stream().anyMatch(p -> p < 0.0 || p > 1.0)) {
            throw binder.mismatch("VALUE_OUT_OF_RANGE", sql, "The percentage must be between [0.0, 1.0] (current value = "
                    + String.join(",", values.stream().map(p -> p + "D").toList()) + ").", call.position());
        }
        DataType resultType = array ? new ArrayType(value.dataType(), false) : value.dataType();
        return new AggregateCall(AggregateFunction.PERCENTILE_APPROX, value, alias != null ? alias : sql, resultType,
                AggregateCall.Settings.withPercentiles(new AggregateCall.Percentiles(values, array, accuracyValue)));
    }

    /** {@code x} as Spark's implicit cast brings it to one of the types the function takes. */
    private static BoundExpression valueOf(ExpressionBinder binder, BoundExpression value, String sql,
            FunctionCall call) {
        DataType type = value.dataType();
        if (type.isNumeric() || type == AtomicType.DATE || type == AtomicType.TIMESTAMP
                || type instanceof DayTimeIntervalType) {
            return value;
        }
        if (type == AtomicType.STRING || type == AtomicType.NULL) {
            return binder.require(sql, call.position(), "first", value, InputType.of(AtomicType.DOUBLE));
        }
        throw binder.unexpectedType(sql, call.position(), "first", VALUE_TYPES, value);
    }

    /** Spark's {@code (DOUBLE or ARRAY<DOUBLE>)}: numbers and NULL; an array without NULL elements. */
    private static void checkPercentageTypes(ExpressionBinder binder, List<Constant> percentages, boolean array,
            Expression argument, String sql, FunctionCall call) {
        boolean nullElement = false;
        boolean numbers = true;
        for (Constant percentage : percentages) {
            if (percentage == null) {
                continue;
            }
            nullElement |= percentage.type() == AtomicType.NULL;
            numbers &= percentage.type() == AtomicType.NULL || percentage.type().isNumeric();
        }
        if (numbers && !(array && nullElement)) {
            return;
        }
        String type;
        if (array) {
            boolean allNull = percentages.stream().allMatch(p -> p != null && p.type() == AtomicType.NULL);
            type = "ARRAY<" + (allNull ? "VOID" : numbers ? "DOUBLE" : firstType(percentages)) + ">";
        } else {
            type = ExpressionBinder.typeName(percentages.get(0).type());
        }
        throw binder.mismatch("UNEXPECTED_INPUT_TYPE", sql, "The second parameter requires the (\"DOUBLE\" or"
                + " \"ARRAY<DOUBLE>\") type, however \"" + argumentSql(binder, argument) + "\" has the type \""
                + type + "\".", call.position());
    }

    private static String firstType(List<Constant> percentages) {
        return percentages.stream().filter(p -> p != null && !p.type().isNumeric() && p.type() != AtomicType.NULL)
                .map(p -> ExpressionBinder.typeName(p.type())).findFirst().orElse("DOUBLE");
    }

    private static String argumentSql(ExpressionBinder binder, Expression argument) {
        if (argument instanceof FunctionCall array) {
            List<String> elements = new ArrayList<>();
            for (Expression element : array.arguments()) {
                Constant constant = constant(binder, element);
                elements.add(constant == null ? binder.bind(element).sql() : constant.sql());
            }
            return SqlText.function("array", elements);
        }
        Constant constant = constant(binder, argument);
        return constant == null ? binder.bind(argument).sql() : constant.sql();
    }

    /**
     * A literal, or a negated numeric literal, as Spark folds it; null for anything else, which
     * Spark refuses as not foldable.
     */
    private static Constant constant(ExpressionBinder binder, Expression expression) {
        if (expression instanceof Expression.Literal literal) {
            return new Constant(literal.value(), literal.type(), binder.bind(literal).sql());
        }
        if (expression instanceof Expression.Negate negate && negate.child() instanceof Expression.Literal literal
                && literal.value() instanceof Number number && literal.type().isNumeric()) {
            Number negated = number instanceof BigDecimal decimal ? decimal.negate()
                    : number instanceof Double d ? (Number) (-d) : number instanceof Float f ? (Number) (-f)
                    : (Number) (-number.longValue());
            return new Constant(negated, literal.type(), binder.bind(negate).sql());
        }
        return null;
    }

    private static RuntimeException nonFoldable(ExpressionBinder binder, String input, String type, String inputSql,
            String sql, FunctionCall call) {
        return binder.mismatch("NON_FOLDABLE_INPUT", sql, "the input `" + input + "` should be a foldable \"" + type
                + "\" expression; however, got \"" + inputSql + "\".", call.position());
    }
}
