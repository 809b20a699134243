package dev.arus.engine.expr.bind;

import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.StructVector;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.BoundNode;
import dev.arus.engine.expr.EvaluationContext;

/**
 * A field of a struct: {@code window.start}. Returns the struct's child vector when the struct
 * has no nulls; otherwise copies it so that a null struct gives a null field.
 */
public final class FieldExtraction extends BoundNode {

    private final BoundExpression struct;
    private final int fieldIndex;
    private final String fieldName;

    FieldExtraction(BoundExpression struct, int fieldIndex, dev.arus.engine.data.Field field) {
        super(field.type(), struct.nullable() || field.nullable(), struct.sql() + "." + field.name());
        this.struct = struct;
        this.fieldIndex = fieldIndex;
        this.fieldName = field.name();
    }

    /** Spark names a bare field reference by the field alone: {@code start}. */
    public String fieldName() {
        return fieldName;
    }

    @Override
    public ColumnVector evaluate(ColumnarBatch input, EvaluationContext context) {
        StructVector structs = (StructVector) struct.evaluate(input, context);
        ColumnVector field = structs.child(fieldIndex);
        if (!structs.hasNulls()) {
            return field;
        }
        int size = input.size();
        ColumnVector result = output(size);
        for (int i = 0; i < size; i++) {
            if (structs.isNull(i)) {
                result.setNull(i);
            } else {
                field.copyRow(i, result, i);
            }
        }
        return result;
    }
}
