package dev.arus.engine.expr.collection;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.StructType;
import dev.arus.engine.data.StructVector;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.BoundNode;
import dev.arus.engine.expr.EvaluationContext;
import dev.arus.engine.expr.Expression.FunctionCall;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.SqlText;
import dev.arus.engine.expr.bind.ExpressionBinder;
import dev.arus.engine.expr.bind.FunctionBinder;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code struct(a, b)} and {@code named_struct('x', a, 'y', b)}: a struct of the values, never
 * NULL itself (Spark's {@code CreateNamedStruct}). The result is a view over the values' own
 * vectors, so building a struct copies nothing.
 */
final class CreateStruct extends BoundNode {

    private final BoundExpression[] values;
    private final StructVector struct;

    private CreateStruct(StructType type, List<BoundExpression> values, String sql) {
        super(type, false, sql);
        this.values = values.toArray(BoundExpression[]::new);
        this.struct = StructVector.view(type);
    }

    /**
     * {@code struct(...)}: Spark's {@code CreateStruct} names a field after a column (the last
     * part of {@code a.b}), an alias or a struct field, and {@code colN} (1-based) otherwise.
     */
    static BoundExpression bind(FunctionCall call, List<BoundExpression> arguments, ExpressionBinder binder) {
        List<Field> fields = new ArrayList<>();
        List<String> sql = new ArrayList<>();
        for (int i = 0; i < arguments.size(); i++) {
            BoundExpression value = arguments.get(i);
            Expression argument = call.arguments().get(i);
            fields.add(new Field(fieldName(argument, i), value.dataType(), value.nullable()));
            // Spark's Alias.sql keeps the alias inside the struct's name: struct(a AS x)
            sql.add(argument instanceof Expression.Alias alias ? value.sql() + " AS " + alias.name() : value.sql());
        }
        return new CreateStruct(new StructType(fields), arguments, SqlText.function("struct", sql));
    }

    private static String fieldName(Expression argument, int index) {
        if (argument instanceof Expression.ColumnReference column) {
            return column.nameParts().get(column.nameParts().size() - 1);
        }
        if (argument instanceof Expression.Alias alias) {
            return alias.name();
        }
        if (argument instanceof Expression.FieldAccess access) {
            return access.field();
        }
        return "col" + (index + 1);
    }

    /** {@code named_struct(name1, value1, ...)}: names are string literals, at odd positions. */
    static BoundExpression bindNamed(FunctionCall call, List<BoundExpression> arguments, ExpressionBinder binder) {
        String sql = FunctionBinder.sql("named_struct", arguments);
        if (arguments.size() % 2 != 0) {
            throw FunctionBinder.wrongNumberOfArguments(binder, call, "2n (n > 0)");
        }
        List<String> invalid = new ArrayList<>();
        List<Field> fields = new ArrayList<>();
        List<BoundExpression> values = new ArrayList<>();
        for (int i = 0; i < arguments.size(); i += 2) {
            Expression name = call.arguments().get(i);
            BoundExpression value = arguments.get(i + 1);
            if (name instanceof Expression.Literal literal && literal.type() == AtomicType.STRING) {
                fields.add(new Field((String) literal.value(), value.dataType(), value.nullable()));
                values.add(value);
            } else {
                invalid.add("\"" + arguments.get(i).sql() + "\"");
            }
        }
        if (!invalid.isEmpty()) {
            throw binder.mismatch("CREATE_NAMED_STRUCT_WITHOUT_FOLDABLE_STRING", sql, "Only foldable `STRING`"
                    + " expressions are allowed to appear at odd position, but they are " + invalid + ".",
                    call.position());
        }
        return new CreateStruct(new StructType(fields), values, sql);
    }

    @Override
    public ColumnVector evaluate(ColumnarBatch input, EvaluationContext context) {
        for (int i = 0; i < values.length; i++) {
            struct.setChild(i, values[i].evaluate(input, context));
        }
        return struct;
    }
}
