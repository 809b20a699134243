package dev.arus.engine.expr.string;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.BinaryVector;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.bind.FunctionBinder;
import dev.arus.engine.expr.bind.InputType;
import dev.arus.engine.expr.bind.RowwiseFunction;
import dev.arus.engine.expr.bind.ScalarFunction;
import java.util.List;

/**
 * Spark's {@code length} ({@code char_length}, {@code character_length}): the number of
 * characters of a string, counted as code points and not bytes, or the number of bytes of a
 * binary value; and {@code octet_length} and {@code bit_length}, the bytes of the string's UTF-8
 * form (of the binary value) and eight times that. Other types are read as strings:
 * {@code length(123)} is 3.
 */
final class StringLength extends RowwiseFunction {

    /** What a length counts. */
    enum Unit { CHARACTERS, BYTES, BITS }

    private static final InputType STRING_OR_BINARY = InputType.anyOf(InputType.STRING,
            InputType.of(AtomicType.BINARY));

    private final Unit unit;

    private StringLength(Unit unit, List<BoundExpression> arguments, String sql) {
        super(AtomicType.INT, arguments, sql);
        this.unit = unit;
    }

    static ScalarFunction.Binding binding(String name) {
        return binding(name, Unit.CHARACTERS);
    }

    static ScalarFunction.Binding binding(String name, Unit unit) {
        return (call, arguments, binder) -> {
            String sql = FunctionBinder.sql(name, arguments);
            return new StringLength(unit, coerce(binder, call, sql, arguments, STRING_OR_BINARY), sql);
        };
    }

    @Override
    protected void compute(int row, ColumnVector[] arguments, ColumnVector result) {
        ColumnVector value = arguments[0];
        if (value instanceof BinaryVector bytes) {
            int length = bytes.values()[row].length;
            setInteger(result, row, unit == Unit.BITS ? length * 8L : length);
            return;
        }
        String text = string(value, row);
        setInteger(result, row, switch (unit) {
            case CHARACTERS -> CodePoints.count(text);
            case BYTES -> utf8Length(text);
            case BITS -> utf8Length(text) * 8L;
        });
    }

    /** The bytes of the text's UTF-8 form, without making it: an unpaired surrogate is one byte ({@code ?}), as Java writes it. */
    static int utf8Length(String text) {
        int bytes = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 0x80) {
                bytes++;
            } else if (c < 0x800) {
                bytes += 2;
            } else if (Character.isHighSurrogate(c) && i + 1 < text.length()
                    && Character.isLowSurrogate(text.charAt(i + 1))) {
                bytes += 4;
                i++;
            } else if (Character.isSurrogate(c)) {
                bytes++;
            } else {
                bytes += 3;
            }
        }
        return bytes;
    }
}
