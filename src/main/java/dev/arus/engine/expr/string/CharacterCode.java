package dev.arus.engine.expr.string;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.bind.ExpressionBinder;
import dev.arus.engine.expr.bind.FunctionBinder;
import dev.arus.engine.expr.bind.InputType;
import dev.arus.engine.expr.bind.RowwiseFunction;
import dev.arus.engine.expr.bind.ScalarFunction;
import java.util.List;

/**
 * Spark's {@code ascii(s)}, the code point of a string's first character (0 for the empty
 * string), and {@code chr(n)} ({@code char}), the character of code {@code n} modulo 256 (the
 * empty string for a negative {@code n}), as Spark's {@code Chr}.
 */
final class CharacterCode extends RowwiseFunction {

    /** The 256 strings {@code chr} returns, made once rather than per row. */
    private static final String[] CHARACTERS = new String[256];

    static {
        for (int c = 0; c < CHARACTERS.length; c++) {
            CHARACTERS[c] = Character.toString(c);
        }
    }

    private final boolean toCharacter;

    private CharacterCode(boolean toCharacter, List<BoundExpression> arguments, String sql) {
        super(toCharacter ? AtomicType.STRING : AtomicType.INT, arguments, sql);
        this.toCharacter = toCharacter;
    }

    static BoundExpression bindAscii(Expression.FunctionCall call, List<BoundExpression> arguments,
            ExpressionBinder binder) {
        String sql = FunctionBinder.sql("ascii", arguments);
        return new CharacterCode(false, coerce(binder, call, sql, arguments, InputType.STRING), sql);
    }

    static ScalarFunction.Binding chrBinding(String name) {
        return (call, arguments, binder) -> {
            String sql = FunctionBinder.sql(name, arguments);
            return new CharacterCode(true, coerce(binder, call, sql, arguments, InputType.of(AtomicType.LONG)), sql);
        };
    }

    @Override
    protected void compute(int row, ColumnVector[] arguments, ColumnVector result) {
        if (toCharacter) {
            long code = integer(arguments[0], row);
            setString(result, row, code < 0 ? "" : CHARACTERS[(int) (code & 0xFF)]);
        } else {
            String text = string(arguments[0], row);
            setInteger(result, row, text.isEmpty() ? 0 : text.codePointAt(0));
        }
    }
}
