package dev.arus.engine.expr.logic;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.expr.BinaryOperator;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.Constant;
import dev.arus.engine.expr.Expression.Binary;
import dev.arus.engine.expr.Expression.FunctionCall;
import dev.arus.engine.expr.SqlText;
import dev.arus.engine.expr.bind.ExpressionBinder;
import dev.arus.engine.expr.bind.FunctionBinder;
import java.util.List;

/**
 * Spark's null-handling functions that its analyzer rewrites into other expressions
 * ({@code RuntimeReplaceable}), bound here to the nodes they stand for and named as written:
 * {@code nvl} and {@code ifnull} are a coalesce, {@code nvl2} and {@code nullif} an IF,
 * {@code isnull} and {@code isnotnull} the IS NULL tests. Stateless.
 */
final class NullFunctions {

    private NullFunctions() {
    }

    static BoundExpression bindNvl(FunctionCall call, List<BoundExpression> arguments, ExpressionBinder binder) {
        return Coalesce.bindAs("nvl", call, arguments, binder);
    }

    static BoundExpression bindIfNull(FunctionCall call, List<BoundExpression> arguments, ExpressionBinder binder) {
        return Coalesce.bindAs("ifnull", call, arguments, binder);
    }

    /** {@code nvl2(a, b, c)}: {@code IF(a IS NOT NULL, b, c)}. */
    static BoundExpression bindNvl2(FunctionCall call, List<BoundExpression> arguments, ExpressionBinder binder) {
        BoundExpression tested = arguments.get(0);
        BoundExpression present = new NullTest(tested, true, SqlText.isNull(tested.sql(), true));
        return CaseWhen.ifThenElse(binder, call.position(), present, arguments.get(1), arguments.get(2),
                FunctionBinder.sql("nvl2", arguments));
    }

    /** {@code nullif(a, b)}: {@code IF(a = b, NULL, a)}, of {@code a}'s type, compared as {@code =} compares. */
    static BoundExpression bindNullIf(FunctionCall call, List<BoundExpression> arguments, ExpressionBinder binder) {
        BoundExpression value = arguments.get(0);
        BoundExpression equal = ComparisonBinder.bind(binder, new Binary(BinaryOperator.EQUAL,
                call.arguments().get(0), call.arguments().get(1), call.position()), value, arguments.get(1));
        BoundExpression none = new Constant(null, value.dataType() == AtomicType.NULL ? AtomicType.STRING
                : value.dataType(), "NULL");
        return CaseWhen.ifThenElse(binder, call.position(), equal, none, value, FunctionBinder.sql("nullif",
                arguments));
    }

    /** {@code isnull(x)}, named as Spark names it, {@code (x IS NULL)}. */
    static BoundExpression bindIsNull(FunctionCall call, List<BoundExpression> arguments, ExpressionBinder binder) {
        return new NullTest(arguments.get(0), false, SqlText.isNull(arguments.get(0).sql(), false));
    }

    static BoundExpression bindIsNotNull(FunctionCall call, List<BoundExpression> arguments,
            ExpressionBinder binder) {
        return new NullTest(arguments.get(0), true, SqlText.isNull(arguments.get(0).sql(), true));
    }
}
