package dev.arus.engine.expr.math;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.DayTimeIntervalType;
import dev.arus.engine.data.DecimalType;
import dev.arus.engine.expr.BinaryOperator;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.Expression.Binary;
import dev.arus.engine.expr.Expression.FunctionCall;
import dev.arus.engine.expr.Retyped;
import dev.arus.engine.expr.bind.ExpressionBinder;
import dev.arus.engine.expr.bind.FunctionBinder;
import dev.arus.engine.expr.bind.TypeCoercion;
import java.util.List;

/**
 * The function forms of Spark's arithmetic, bound through {@link ArithmeticBinder} so that they
 * take the operators' types and checks: {@code mod} is {@code %}, {@code pmod} its positive
 * form, {@code try_add} and friends the operators with NULL instead of overflow or division by
 * zero, {@code negative} and {@code positive} the unary signs. Stateless.
 */
final class ArithmeticFunctions {

    private static final String NUMERIC_OR_INTERVAL =
            "(\"NUMERIC\" or \"INTERVAL DAY TO SECOND\" or \"INTERVAL YEAR TO MONTH\" or \"INTERVAL\")";

    private ArithmeticFunctions() {
    }

    static BoundExpression bindMod(FunctionCall call, List<BoundExpression> arguments, ExpressionBinder binder) {
        return named(operator(BinaryOperator.REMAINDER, call, arguments, binder), "mod", arguments);
    }

    static BoundExpression bindPmod(FunctionCall call, List<BoundExpression> arguments, ExpressionBinder binder) {
        BoundExpression remainder = operator(BinaryOperator.REMAINDER, call, arguments, binder);
        DataType type = remainder.dataType();
        BoundExpression divisor = arguments.get(1);
        divisor = type instanceof DecimalType ? ArithmeticBinder.asDecimalOperand(divisor, arguments.get(0).dataType())
                : TypeCoercion.implicitCast(divisor, type);
        return new PositiveRemainder(remainder, divisor, FunctionBinder.sql("pmod", arguments));
    }

    static BoundExpression bindTryAdd(FunctionCall call, List<BoundExpression> arguments, ExpressionBinder binder) {
        return tryOperator(BinaryOperator.ADD, "try_add", call, arguments, binder);
    }

    static BoundExpression bindTrySubtract(FunctionCall call, List<BoundExpression> arguments,
            ExpressionBinder binder) {
        return tryOperator(BinaryOperator.SUBTRACT, "try_subtract", call, arguments, binder);
    }

    static BoundExpression bindTryMultiply(FunctionCall call, List<BoundExpression> arguments,
            ExpressionBinder binder) {
        return tryOperator(BinaryOperator.MULTIPLY, "try_multiply", call, arguments, binder);
    }

    static BoundExpression bindTryDivide(FunctionCall call, List<BoundExpression> arguments,
            ExpressionBinder binder) {
        return tryOperator(BinaryOperator.DIVIDE, "try_divide", call, arguments, binder);
    }

    /** {@code negative(x)}: {@code -x}, named {@code (- x)}. */
    static BoundExpression bindNegative(FunctionCall call, List<BoundExpression> arguments,
            ExpressionBinder binder) {
        return UnaryMath.negate(binder, arguments.get(0), call.position());
    }

    /** {@code positive(x)}: {@code x} itself, named {@code (+ x)}; a string is read as a DOUBLE. */
    static BoundExpression bindPositive(FunctionCall call, List<BoundExpression> arguments,
            ExpressionBinder binder) {
        BoundExpression child = arguments.get(0);
        String sql = "(+ " + child.sql() + ")";
        DataType type = child.dataType();
        if (type == AtomicType.STRING || type == AtomicType.NULL) {
            child = TypeCoercion.implicitCast(child, AtomicType.DOUBLE);
        } else if (!type.isNumeric() && !(type instanceof DayTimeIntervalType)) {
            throw binder.unexpectedType(sql, call.position(), "first", NUMERIC_OR_INTERVAL, child);
        }
        return named(child, sql);
    }

    private static BoundExpression tryOperator(BinaryOperator operator, String name, FunctionCall call,
            List<BoundExpression> arguments, ExpressionBinder binder) {
        return new TryArithmetic(operator(operator, call, arguments, binder), FunctionBinder.sql(name, arguments));
    }

    private static BoundExpression operator(BinaryOperator operator, FunctionCall call,
            List<BoundExpression> arguments, ExpressionBinder binder) {
        Binary binary = new Binary(operator, call.arguments().get(0), call.arguments().get(1), call.position());
        return ArithmeticBinder.bind(binder, binary, arguments.get(0), arguments.get(1));
    }

    private static BoundExpression named(BoundExpression expression, String name, List<BoundExpression> arguments) {
        return named(expression, FunctionBinder.sql(name, arguments));
    }

    /** The expression under Spark's name for the function, in its column name and in enclosing names. */
    private static BoundExpression named(BoundExpression expression, String sql) {
        return new Retyped(expression, expression.dataType(), sql);
    }
}
