package dev.arus.engine.expr;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.BinaryVector;
import dev.arus.engine.data.ColumnVector;
import java.util.List;

/**
 * Spark's {@code length} ({@code char_length}, {@code character_length}): the number of
 * characters of a string, counted as code points and not bytes, or the number of bytes of a
 * binary value. Other types are read as strings: {@code length(123)} is 3.
 */
final class StringLength extends RowwiseFunction {

    private static final InputType STRING_OR_BINARY = InputType.anyOf(InputType.STRING,
            InputType.of(AtomicType.BINARY));

    private StringLength(List<BoundExpression> arguments, String sql) {
        super(AtomicType.INT, arguments, sql);
    }

    static ScalarFunction.Binding binding(String name) {
        return (call, arguments, binder) -> {
            String sql = FunctionBinder.sql(name, arguments);
            return new StringLength(coerce(binder, call, sql, arguments, STRING_OR_BINARY), sql);
        };
    }

    @Override
    void compute(int row, ColumnVector[] arguments, ColumnVector result) {
        ColumnVector value = arguments[0];
        setInteger(result, row, value instanceof BinaryVector bytes ? bytes.values()[row].length
                : CodePoints.count(string(value, row)));
    }
}
