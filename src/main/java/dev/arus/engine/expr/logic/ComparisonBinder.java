package dev.arus.engine.expr.logic;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.DecimalType;
import dev.arus.engine.expr.BinaryOperator;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.Constant;
import dev.arus.engine.expr.Expression.Binary;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.SqlText;
import dev.arus.engine.expr.bind.ExpressionBinder;
import dev.arus.engine.expr.bind.FunctionBinder;
import dev.arus.engine.expr.bind.TypeCoercion;
import dev.arus.engine.expr.math.ArithmeticBinder;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;

/**
 * Binds {@code = <=> < <= > >=} as Spark 4's ANSI coercion does: a string is read as the other
 * side's type (a BIGINT next to an integer, a DOUBLE next to a fraction, a DATE next to a date);
 * an integer compared with a decimal literal is compared with the literal's floor or ceiling
 * instead, as Spark's {@code DecimalPrecision} rewrites it (so {@code n > 1.5} is named
 * {@code (n > 1)}); otherwise a decimal meets a number as the decimal holding both, and the sides
 * are brought to their tightest common type (a DATE next to a TIMESTAMP becomes one). Stateless.
 */
public final class ComparisonBinder {

    private static final BigDecimal LONG_MIN = BigDecimal.valueOf(Long.MIN_VALUE);
    private static final BigDecimal LONG_MAX = BigDecimal.valueOf(Long.MAX_VALUE);

    private ComparisonBinder() {
    }

    public static BoundExpression bind(ExpressionBinder binder, Binary binary, BoundExpression left, BoundExpression right) {
        BinaryOperator operator = binary.operator();
        DataType promoted = TypeCoercion.stringPromotion(left.dataType(), right.dataType());
        if (promoted != null) {
            left = TypeCoercion.implicitCast(left, promoted);
            right = TypeCoercion.implicitCast(right, promoted);
        }
        BoundExpression reduced = againstDecimalLiteral(binder, binary, left, right);
        if (reduced != null) {
            return reduced;
        }
        String sql = SqlText.binary(operator, left.sql(), right.sql());
        if (left.dataType() instanceof DecimalType || right.dataType() instanceof DecimalType) {
            BoundExpression a = ArithmeticBinder.asDecimalOperand(left, right.dataType());
            right = ArithmeticBinder.asDecimalOperand(right, left.dataType());
            left = a;
        }
        DataType type = TypeCoercion.comparisonType(left.dataType(), right.dataType());
        if (type == null || type.isComplex()) {
            throw binder.mismatch("BINARY_OP_DIFF_TYPES", sql, "the left and right operands of the binary operator"
                    + " have incompatible types (\"" + left.dataType().sql() + "\" and \"" + right.dataType().sql()
                    + "\").", binary.position());
        }
        return new Comparison(operator, TypeCoercion.implicitCast(left, type), TypeCoercion.implicitCast(right, type),
                sql);
    }

    /**
     * {@code between(x, a, b)}, which {@code x BETWEEN a AND b} is in Spark 4: {@code x >= a AND
     * x <= b}, each comparison coerced on its own, named {@code between(x, a, b)}.
     */
    static BoundExpression bindBetween(Expression.FunctionCall call, List<BoundExpression> arguments,
            ExpressionBinder binder) {
        List<Expression> written = call.arguments();
        BoundExpression value = arguments.get(0);
        BoundExpression atLeast = bind(binder, new Binary(BinaryOperator.GREATER_THAN_OR_EQUAL, written.get(0),
                written.get(1), call.position()), value, arguments.get(1));
        BoundExpression atMost = bind(binder, new Binary(BinaryOperator.LESS_THAN_OR_EQUAL, written.get(0),
                written.get(2), call.position()), value, arguments.get(2));
        return new Conjunction(true, atLeast, atMost, FunctionBinder.sql("between", arguments));
    }

    /**
     * Spark's {@code integralAndDecimalLiteral}: {@code int > 1.5} is {@code int > 1},
     * {@code int >= 1.5} is {@code int >= 2}, and a literal beyond a long decides the comparison;
     * null when the comparison is not of that kind.
     */
    private static BoundExpression againstDecimalLiteral(ExpressionBinder binder, Binary binary,
            BoundExpression left, BoundExpression right) {
        BinaryOperator operator = binary.operator();
        if (operator == BinaryOperator.EQUAL || operator == BinaryOperator.NULL_SAFE_EQUAL) {
            return null;
        }
        boolean literalOnRight = left.dataType().isIntegral() && isDecimalLiteral(right);
        boolean literalOnLeft = right.dataType().isIntegral() && isDecimalLiteral(left);
        if (!literalOnRight && !literalOnLeft) {
            return null;
        }
        BigDecimal value = (BigDecimal) ((Constant) (literalOnRight ? right : left)).value();
        // seen from the integer's side: int > lit, int >= lit, int < lit or int <= lit
        BinaryOperator seen = literalOnRight ? operator : mirror(operator);
        boolean greater = seen == BinaryOperator.GREATER_THAN || seen == BinaryOperator.GREATER_THAN_OR_EQUAL;
        if (value.compareTo(LONG_MIN) < 0 || value.compareTo(LONG_MAX) > 0) {
            boolean answer = greater == value.compareTo(LONG_MIN) < 0;
            return new Constant(answer, AtomicType.BOOLEAN, Boolean.toString(answer));
        }
        boolean ceiling = seen == BinaryOperator.GREATER_THAN_OR_EQUAL || seen == BinaryOperator.LESS_THAN;
        long bound = value.setScale(0, ceiling ? RoundingMode.CEILING : RoundingMode.FLOOR).longValueExact();
        BoundExpression literal = new Constant(bound, AtomicType.LONG, Long.toString(bound));
        Binary rewritten = new Binary(operator, binary.left(), binary.right(), binary.position());
        return literalOnRight ? bind(binder, rewritten, left, literal) : bind(binder, rewritten, literal, right);
    }

    private static boolean isDecimalLiteral(BoundExpression expression) {
        return expression instanceof Constant constant && constant.value() instanceof BigDecimal;
    }

    private static BinaryOperator mirror(BinaryOperator operator) {
        return switch (operator) {
            case GREATER_THAN -> BinaryOperator.LESS_THAN;
            case GREATER_THAN_OR_EQUAL -> BinaryOperator.LESS_THAN_OR_EQUAL;
            case LESS_THAN -> BinaryOperator.GREATER_THAN;
            default -> BinaryOperator.GREATER_THAN_OR_EQUAL;
        };
    }
}
