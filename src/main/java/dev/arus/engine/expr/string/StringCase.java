package dev.arus.engine.expr.string;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.bind.FunctionBinder;
import dev.arus.engine.expr.bind.InputType;
import dev.arus.engine.expr.bind.RowwiseFunction;
import dev.arus.engine.expr.bind.ScalarFunction;
import java.util.List;
import java.util.Locale;

/**
 * Spark's {@code upper} ({@code ucase}), {@code lower} ({@code lcase}) and {@code initcap}: a
 * string in upper or lower case, by Unicode's root-locale rules as Spark's ICU case mappings, or
 * with each word's first character in title case and the rest in lower case, a word being what
 * follows a space. Named after the name the call used: {@code ucase(s)}.
 */
final class StringCase extends RowwiseFunction {

    enum Mapping { UPPER, LOWER, INITCAP }

    private final Mapping mapping;
    private final StringBuilder text = new StringBuilder();

    private StringCase(Mapping mapping, List<BoundExpression> arguments, String sql) {
        super(AtomicType.STRING, arguments, sql);
        this.mapping = mapping;
    }

    static ScalarFunction.Binding binding(Mapping mapping, String name) {
        return (call, arguments, binder) -> {
            String sql = FunctionBinder.sql(name, arguments);
            return new StringCase(mapping, coerce(binder, call, sql, arguments, InputType.STRING), sql);
        };
    }

    @Override
    protected void compute(int row, ColumnVector[] arguments, ColumnVector result) {
        String value = string(arguments[0], row);
        setString(result, row, switch (mapping) {
            case UPPER -> value.toUpperCase(Locale.ROOT);
            case LOWER -> value.toLowerCase(Locale.ROOT);
            case INITCAP -> initcap(value.toLowerCase(Locale.ROOT));
        });
    }

    private String initcap(String lower) {
        text.setLength(0);
        boolean wordStart = true;
        for (int i = 0; i < lower.length(); ) {
            int c = lower.codePointAt(i);
            text.appendCodePoint(wordStart ? Character.toTitleCase(c) : c);
            wordStart = c == ' ';
            i += Character.charCount(c);
        }
        return text.toString();
    }
}
