package dev.arus.engine.expr.math;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.Constant;
import dev.arus.engine.expr.Expression.FunctionCall;
import dev.arus.engine.expr.SqlText;
import dev.arus.engine.expr.bind.ExpressionBinder;
import dev.arus.engine.expr.bind.FunctionBinder;
import dev.arus.engine.expr.bind.InputType;
import dev.arus.engine.expr.bind.ScalarFunction;
import java.util.List;
import java.util.function.DoubleBinaryOperator;
import java.util.function.DoubleUnaryOperator;

/**
 * Binds Spark's DOUBLE math functions, each argument implicitly cast to a DOUBLE (a string read
 * as one), and names them as Spark's {@code prettyName} does: upper case for the functions Spark
 * names after their class ({@code SQRT(x)}, {@code LOG10(x)}), the name as written for aliases
 * ({@code pow(x, 2)}, {@code sign(x)}, {@code ln(x)}). {@code log(x)} is {@code LOG(E(), x)}, as
 * Spark's one-argument {@code Logarithm} is. The trigonometric family computes as Spark's
 * expressions do, with {@code java.lang.Math} where Spark calls {@code math.sin} and
 * {@code StrictMath} where it calls that ({@code acosh}, {@code asinh}, {@code atanh}), so that
 * results agree to the last bit. Stateless.
 */
final class MathFunctions {

    private static final InputType DOUBLE = InputType.of(AtomicType.DOUBLE);

    private MathFunctions() {
    }

    static BoundExpression bindSqrt(FunctionCall call, List<BoundExpression> arguments, ExpressionBinder binder) {
        return unary("SQRT", (unused, x) -> Math.sqrt(x), false, call, arguments, binder);
    }

    static BoundExpression bindExp(FunctionCall call, List<BoundExpression> arguments, ExpressionBinder binder) {
        return unary("EXP", (unused, x) -> StrictMath.exp(x), false, call, arguments, binder);
    }

    static BoundExpression bindLn(FunctionCall call, List<BoundExpression> arguments, ExpressionBinder binder) {
        return unary("ln", (unused, x) -> StrictMath.log(x), true, call, arguments, binder);
    }

    static BoundExpression bindLog10(FunctionCall call, List<BoundExpression> arguments, ExpressionBinder binder) {
        return unary("LOG10", (unused, x) -> StrictMath.log10(x), true, call, arguments, binder);
    }

    static BoundExpression bindLog2(FunctionCall call, List<BoundExpression> arguments, ExpressionBinder binder) {
        return unary("LOG2", (unused, x) -> StrictMath.log(x) / StrictMath.log(2), true, call, arguments, binder);
    }

    static BoundExpression bindSignum(FunctionCall call, List<BoundExpression> arguments, ExpressionBinder binder) {
        return unary("SIGNUM", (unused, x) -> Math.signum(x), false, call, arguments, binder);
    }

    static BoundExpression bindSign(FunctionCall call, List<BoundExpression> arguments, ExpressionBinder binder) {
        return unary("sign", (unused, x) -> Math.signum(x), false, call, arguments, binder);
    }

    static BoundExpression bindPow(FunctionCall call, List<BoundExpression> arguments, ExpressionBinder binder) {
        return binary("pow", StrictMath::pow, false, call, arguments, binder);
    }

    static BoundExpression bindPower(FunctionCall call, List<BoundExpression> arguments, ExpressionBinder binder) {
        return binary("POWER", StrictMath::pow, false, call, arguments, binder);
    }

    /** A function of one DOUBLE named {@code NAME(x)}: sin, cos, cbrt, degrees... */
    static ScalarFunction.Binding unary(String name, DoubleUnaryOperator function) {
        return (call, arguments, binder) -> unary(name, (unused, x) -> function.applyAsDouble(x), false, call,
                arguments, binder);
    }

    /** Spark's {@code Acosh}: {@code ln(x + sqrt(x * x - 1))}. */
    static double acosh(double x) {
        return StrictMath.log(x + Math.sqrt(x * x - 1.0));
    }

    /** Spark's {@code Asinh}: {@code ln(x + sqrt(x * x + 1))}, with minus infinity kept. */
    static double asinh(double x) {
        return x == Double.NEGATIVE_INFINITY ? x : StrictMath.log(x + Math.sqrt(x * x + 1.0));
    }

    /** Spark's {@code Atanh}: {@code (ln(1 + x) - ln(1 - x)) / 2}, written with {@code log1p}. */
    static double atanh(double x) {
        return 0.5 * (StrictMath.log1p(x) - StrictMath.log1p(-x));
    }

    /** {@code atan2(y, x)}; Spark adds 0.0 to both so that -0.0 counts as 0.0. */
    static BoundExpression bindAtan2(FunctionCall call, List<BoundExpression> arguments, ExpressionBinder binder) {
        return binary("ATAN2", (y, x) -> Math.atan2(y + 0.0, x + 0.0), false, call, arguments, binder);
    }

    /** A constant of Spark's {@code LeafMathExpression}, named {@code NAME()}: {@code pi()}, {@code e()}. */
    static ScalarFunction.Binding constant(String name, double value) {
        return (call, arguments, binder) -> new Constant(value, AtomicType.DOUBLE, name + "()");
    }

    /** {@code log(base, x)}, or {@code log(x)} of base e. */
    static BoundExpression bindLog(FunctionCall call, List<BoundExpression> arguments, ExpressionBinder binder) {
        if (arguments.size() == 2) {
            return binary("LOG", (base, x) -> StrictMath.log(x) / StrictMath.log(base), true, call, arguments, binder);
        }
        BoundExpression x = arguments.get(0);
        String sql = SqlText.function("LOG", List.of("E()", x.sql()));
        return new DoubleFunction((unused, value) -> StrictMath.log(value), true, null,
                binder.require(sql, call.position(), "second", x, DOUBLE), sql);
    }

    private static BoundExpression unary(String name, DoubleBinaryOperator function, boolean logarithm,
            FunctionCall call, List<BoundExpression> arguments, ExpressionBinder binder) {
        String sql = FunctionBinder.sql(name, arguments);
        return new DoubleFunction(function, logarithm, null,
                binder.require(sql, call.position(), "first", arguments.get(0), DOUBLE), sql);
    }

    private static BoundExpression binary(String name, DoubleBinaryOperator function, boolean logarithm,
            FunctionCall call, List<BoundExpression> arguments, ExpressionBinder binder) {
        String sql = FunctionBinder.sql(name, arguments);
        return new DoubleFunction(function, logarithm,
                binder.require(sql, call.position(), "first", arguments.get(0), DOUBLE),
                binder.require(sql, call.position(), "second", arguments.get(1), DOUBLE), sql);
    }
}
