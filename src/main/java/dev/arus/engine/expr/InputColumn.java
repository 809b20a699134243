package dev.arus.engine.expr;

import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.Field;
import java.util.OptionalInt;

/** A bare reference to an input column: evaluation hands back the input's own vector. */
public final class InputColumn extends BoundNode {

    private final int ordinal;

    public InputColumn(int ordinal, Field field) {
        super(field.type(), field.nullable(), field.name());
        this.ordinal = ordinal;
    }

    @Override
    public ColumnVector evaluate(ColumnarBatch input, EvaluationContext context) {
        return input.column(ordinal);
    }

    @Override
    public OptionalInt inputOrdinal() {
        return OptionalInt.of(ordinal);
    }
}
