package dev.arus.engine.expr.string;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.StringVector;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.BoundNode;
import dev.arus.engine.expr.EvaluationContext;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.NullMasks;
import dev.arus.engine.expr.bind.ExpressionBinder;
import dev.arus.engine.expr.bind.FunctionBinder;
import dev.arus.engine.expr.bind.InputType;
import java.util.List;

/**
 * Spark's {@code trim}, {@code ltrim} and {@code rtrim}, which
 * {@code trim(BOTH | LEADING | TRAILING chars FROM str)} is written as: without characters they
 * remove spaces (the character 32 only, as Spark's {@code UTF8String.trim}), with them any of
 * their characters. The two-argument call takes the characters first, as Spark's does. Named
 * {@code trim(s)} or {@code TRIM(BOTH x FROM s)}.
 */
final class StringTrim extends BoundNode {

    enum Side { BOTH, LEADING, TRAILING }

    private final Side side;
    private final BoundExpression source;
    private final BoundExpression characters;

    private StringTrim(Side side, BoundExpression source, BoundExpression characters, String sql) {
        super(AtomicType.STRING, source.nullable() || characters != null && characters.nullable(), sql);
        this.side = side;
        this.source = source;
        this.characters = characters;
    }

    static BoundExpression bindTrim(Expression.FunctionCall call, List<BoundExpression> arguments,
            ExpressionBinder binder) {
        return bind(Side.BOTH, "trim", call, arguments, binder);
    }

    static BoundExpression bindLeading(Expression.FunctionCall call, List<BoundExpression> arguments,
            ExpressionBinder binder) {
        return bind(Side.LEADING, "ltrim", call, arguments, binder);
    }

    static BoundExpression bindTrailing(Expression.FunctionCall call, List<BoundExpression> arguments,
            ExpressionBinder binder) {
        return bind(Side.TRAILING, "rtrim", call, arguments, binder);
    }

    private static BoundExpression bind(Side side, String name, Expression.FunctionCall call,
            List<BoundExpression> arguments, ExpressionBinder binder) {
        BoundExpression source = arguments.get(arguments.size() - 1);
        BoundExpression characters = arguments.size() == 2 ? arguments.get(0) : null;
        String sql = characters == null ? FunctionBinder.sql(name, arguments)
                : "TRIM(" + side + " " + characters.sql() + " FROM " + source.sql() + ")";
        BoundExpression text = binder.require(sql, call.position(), ExpressionBinder.ordinal(arguments.size() - 1),
                source, InputType.STRING);
        BoundExpression trimmed = characters == null ? null
                : binder.require(sql, call.position(), "first", characters, InputType.STRING);
        return new StringTrim(side, text, trimmed, sql);
    }

    @Override
    public StringVector evaluate(ColumnarBatch input, EvaluationContext context) {
        StringVector values = (StringVector) source.evaluate(input, context);
        StringVector sets = characters == null ? null : (StringVector) characters.evaluate(input, context);
        int size = input.size();
        StringVector result = output(size);
        NullMasks.propagate(result, values, size);
        if (sets != null) {
            NullMasks.propagate(result, sets, size);
        }
        String[] in = values.values();
        String[] out = result.values();
        for (int i = 0; i < size; i++) {
            out[i] = result.isNull(i) ? null : trim(in[i], sets == null ? " " : sets.values()[i]);
        }
        return result;
    }

    private String trim(String text, String set) {
        int start = 0;
        int end = text.length();
        if (side != Side.TRAILING) {
            while (start < end && set.indexOf(text.charAt(start)) >= 0) {
                start++;
            }
        }
        if (side != Side.LEADING) {
            while (end > start && set.indexOf(text.charAt(end - 1)) >= 0) {
                end--;
            }
        }
        return start == 0 && end == text.length() ? text : text.substring(start, end);
    }
}
