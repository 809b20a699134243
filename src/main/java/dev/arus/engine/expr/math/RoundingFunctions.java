package dev.arus.engine.expr.math;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.DecimalType;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.Constant;
import dev.arus.engine.expr.Expression.FunctionCall;
import dev.arus.engine.expr.SqlText;
import dev.arus.engine.expr.bind.ExpressionBinder;
import dev.arus.engine.expr.bind.FunctionBinder;
import dev.arus.engine.expr.bind.InputType;
import dev.arus.engine.expr.bind.TypeCoercion;
import java.math.RoundingMode;
import java.util.List;

/**
 * Binds {@code round} and {@code bround} (HALF_UP and HALF_EVEN, of the number's own type, a
 * decimal's scale narrowed to the places kept) and {@code ceil}, {@code ceiling} and
 * {@code floor}: with one argument Spark's {@code Ceil} and {@code Floor} (BIGINT for integers and
 * doubles, a decimal of scale 0), with a scale its {@code RoundCeil} and {@code RoundFloor} on a
 * decimal. The scale must be a literal, as Spark requires it foldable. Stateless.
 */
final class RoundingFunctions {

    private static final InputType INT = InputType.of(AtomicType.INT);

    private RoundingFunctions() {
    }

    static BoundExpression bindRound(FunctionCall call, List<BoundExpression> arguments, ExpressionBinder binder) {
        return round("round", RoundingMode.HALF_UP, "try_round", call, arguments, binder);
    }

    static BoundExpression bindBRound(FunctionCall call, List<BoundExpression> arguments, ExpressionBinder binder) {
        return round("bround", RoundingMode.HALF_EVEN, "try_bround", call, arguments, binder);
    }

    static BoundExpression bindCeil(FunctionCall call, List<BoundExpression> arguments, ExpressionBinder binder) {
        return ceilOrFloor("ceil", "CEIL", RoundingMode.CEILING, call, arguments, binder);
    }

    static BoundExpression bindCeiling(FunctionCall call, List<BoundExpression> arguments, ExpressionBinder binder) {
        return ceilOrFloor("ceiling", "ceiling", RoundingMode.CEILING, call, arguments, binder);
    }

    static BoundExpression bindFloor(FunctionCall call, List<BoundExpression> arguments, ExpressionBinder binder) {
        return ceilOrFloor("floor", "FLOOR", RoundingMode.FLOOR, call, arguments, binder);
    }

    /** {@code round(x[, scale])}, named {@code round(x, 0)} without a scale as Spark fills it in. */
    private static BoundExpression round(String name, RoundingMode mode, String tryFunction, FunctionCall call,
            List<BoundExpression> arguments, ExpressionBinder binder) {
        BoundExpression scale = arguments.size() > 1 ? arguments.get(1) : new Constant(0, AtomicType.INT, "0");
        String sql = SqlText.function(name, List.of(arguments.get(0).sql(), scale.sql()));
        BoundExpression child = binder.require(sql, call.position(), "first", arguments.get(0), InputType.NUMERIC);
        if (scale.dataType() == AtomicType.NULL) {
            // Spark types the result as for scale 0 and gives NULL for every row
            return new Constant(null, Rounding.resultType(child.dataType(), 0), sql);
        }
        Long value = Constant.longValueOf(binder.require(sql, call.position(), "second", scale, INT));
        if (value == null) {
            throw binder.mismatch("NON_FOLDABLE_INPUT", sql, "the input `scale` should be a foldable \"INT\""
                    + " expression; however, got \"" + scale.sql() + "\".", call.position());
        }
        int digits = value.intValue();
        return new Rounding(child, digits, mode, tryFunction, Rounding.resultType(child.dataType(), digits), sql);
    }

    private static BoundExpression ceilOrFloor(String name, String prettyName, RoundingMode mode, FunctionCall call,
            List<BoundExpression> arguments, ExpressionBinder binder) {
        if (arguments.size() == 1) {
            return whole(prettyName, mode, call, arguments.get(0), binder);
        }
        String sql = FunctionBinder.sql(name, arguments);
        Long value = arguments.get(1).dataType() == AtomicType.INT ? Constant.longValueOf(arguments.get(1)) : null;
        if (value == null) {
            throw binder.error("_LEGACY_ERROR_TEMP_1100", "The 'scale' parameter of function '" + name
                    + "' needs to be a int literal.", call.position());
        }
        BoundExpression child = binder.require(sql, call.position(), "first", arguments.get(0), InputType.DECIMAL);
        int digits = value.intValue();
        return new Rounding(child, digits, mode, null, Rounding.resultType(child.dataType(), digits), sql);
    }

    /** Spark's {@code Ceil} and {@code Floor}: integers as BIGINT, decimals to scale 0, anything else as a DOUBLE. */
    private static BoundExpression whole(String prettyName, RoundingMode mode, FunctionCall call,
            BoundExpression argument, ExpressionBinder binder) {
        String sql = SqlText.function(prettyName, List.of(argument.sql()));
        DataType type = argument.dataType();
        if (type instanceof DecimalType decimal) {
            DataType result = decimal.scale() == 0 ? decimal
                    : DecimalType.bounded(decimal.integralDigits() + 1, 0);
            return new Rounding(argument, 0, mode, null, result, sql);
        }
        BoundExpression child = type.isIntegral() ? TypeCoercion.implicitCast(argument, AtomicType.LONG)
                : TypeCoercion.implicitCast(argument, InputType.of(AtomicType.DOUBLE));
        if (child == null) {
            throw binder.unexpectedType(sql, call.position(), "first", "(\"DOUBLE\" or \"DECIMAL\" or \"BIGINT\")",
                    argument);
        }
        return new Rounding(child, 0, mode, null, AtomicType.LONG, sql);
    }
}
