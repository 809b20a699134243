package dev.arus.engine.expr.string;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.BooleanVector;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.bind.FunctionBinder;
import dev.arus.engine.expr.bind.InputType;
import dev.arus.engine.expr.bind.RowwiseFunction;
import dev.arus.engine.expr.bind.ScalarFunction;
import java.util.List;

/**
 * Where one string occurs in another: Spark's {@code instr(s, sub)} and
 * {@code locate(sub, s[, pos])}, the 1-based character position of the first occurrence (at or
 * after {@code pos} for locate) or 0, and {@code startswith}, {@code endswith} and
 * {@code contains}, whether it occurs there. The empty string occurs everywhere. As Spark's
 * {@code StringLocate}, locate is 0 when {@code pos} is NULL or below 1, and its name shows the
 * default position: {@code locate(b, abc, 1)}.
 */
final class StringSearch extends RowwiseFunction {

    enum Kind {
        INSTR("instr"), LOCATE("locate"), STARTS_WITH("startswith"), ENDS_WITH("endswith"), CONTAINS("contains");

        private final String sqlName;

        Kind(String sqlName) {
            this.sqlName = sqlName;
        }
    }

    private final Kind kind;

    private StringSearch(Kind kind, List<BoundExpression> arguments, String sql) {
        super(kind == Kind.INSTR || kind == Kind.LOCATE ? AtomicType.INT : AtomicType.BOOLEAN,
                arguments.get(0).nullable() || arguments.get(1).nullable(), arguments, sql);
        this.kind = kind;
    }

    static ScalarFunction.Binding binding(Kind kind) {
        return (call, arguments, binder) -> {
            List<BoundExpression> all = kind == Kind.LOCATE && arguments.size() == 2
                    ? List.of(arguments.get(0), arguments.get(1), defaultInt(1)) : arguments;
            String sql = FunctionBinder.sql(kind.sqlName, all);
            return new StringSearch(kind, coerce(binder, call, sql, all, InputType.STRING, InputType.STRING,
                    InputType.of(AtomicType.INT)), sql);
        };
    }

    @Override
    protected boolean propagatesNull(int index) {
        return index < 2;
    }

    @Override
    protected void compute(int row, ColumnVector[] arguments, ColumnVector result) {
        String first = string(arguments[0], row);
        String second = string(arguments[1], row);
        switch (kind) {
            case INSTR -> setInteger(result, row, CodePoints.indexOf(first, second, 0) + 1);
            case LOCATE -> setInteger(result, row, locate(first, second, arguments[2], row));
            case STARTS_WITH -> ((BooleanVector) result).values()[row] = first.startsWith(second);
            case ENDS_WITH -> ((BooleanVector) result).values()[row] = first.endsWith(second);
            case CONTAINS -> ((BooleanVector) result).values()[row] = first.contains(second);
        }
    }

    private static int locate(String part, String text, ColumnVector positions, int row) {
        if (positions.isNull(row)) {
            return 0;
        }
        long position = integer(positions, row);
        return position < 1 ? 0 : part.isEmpty() ? 1 : CodePoints.indexOf(text, part, (int) position - 1) + 1;
    }
}
