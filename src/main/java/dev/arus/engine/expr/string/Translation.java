package dev.arus.engine.expr.string;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.bind.ExpressionBinder;
import dev.arus.engine.expr.bind.FunctionBinder;
import dev.arus.engine.expr.bind.InputType;
import dev.arus.engine.expr.bind.RowwiseFunction;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Spark's {@code translate(input, from, to)}: each character of {@code input} found in
 * {@code from} is replaced by the character at the same place in {@code to}, or dropped when
 * {@code to} is shorter; a character listed twice in {@code from} keeps its first place.
 * Characters are code points. The table is built once for as long as {@code from} and
 * {@code to} stay the same, which for literals is always.
 */
final class Translation extends RowwiseFunction {

    /** The table's mark for a character that {@code to} has no replacement for: it is dropped. */
    private static final int DROPPED = 0;
    private static final int UNCHANGED = -1;

    private final int[] ascii = new int[128];
    private final Map<Integer, Integer> others = new HashMap<>();
    private final StringBuilder translated = new StringBuilder();
    private String from;
    private String to;

    private Translation(List<BoundExpression> arguments, String sql) {
        super(AtomicType.STRING, arguments, sql);
    }

    static BoundExpression bind(Expression.FunctionCall call, List<BoundExpression> arguments,
            ExpressionBinder binder) {
        String sql = FunctionBinder.sql("translate", arguments);
        return new Translation(coerce(binder, call, sql, arguments, InputType.STRING, InputType.STRING,
                InputType.STRING), sql);
    }

    @Override
    protected void compute(int row, ColumnVector[] arguments, ColumnVector result) {
        String matching = string(arguments[1], row);
        String replacing = string(arguments[2], row);
        if (!matching.equals(from) || !replacing.equals(to)) {
            table(matching, replacing);
        }
        String input = string(arguments[0], row);
        translated.setLength(0);
        for (int i = 0; i < input.length(); ) {
            int c = input.codePointAt(i);
            i += Character.charCount(c);
            int replacement = c < ascii.length ? ascii[c] : others.getOrDefault(c, UNCHANGED);
            if (replacement == UNCHANGED) {
                translated.appendCodePoint(c);
            } else if (replacement != DROPPED) {
                translated.appendCodePoint(replacement);
            }
        }
        setString(result, row, translated.toString());
    }

    /** Spark's {@code StringTranslate.buildDict}: a NUL in {@code to}, as a missing character, drops. */
    private void table(String matching, String replacing) {
        from = matching;
        to = replacing;
        Arrays.fill(ascii, UNCHANGED);
        others.clear();
        int j = 0;
        for (int i = 0; i < matching.length(); ) {
            int c = matching.codePointAt(i);
            i += Character.charCount(c);
            int replacement = DROPPED;
            if (j < replacing.length()) {
                replacement = replacing.codePointAt(j);
                j += Character.charCount(replacement);
            }
            if (c < ascii.length) {
                if (ascii[c] == UNCHANGED) {
                    ascii[c] = replacement;
                }
            } else {
                others.putIfAbsent(c, replacement);
            }
        }
    }
}
