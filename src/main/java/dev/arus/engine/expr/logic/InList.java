package dev.arus.engine.expr.logic;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.BooleanVector;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.BoundNode;
import dev.arus.engine.expr.EvaluationContext;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.SqlText;
import dev.arus.engine.expr.bind.ExpressionBinder;
import dev.arus.engine.expr.bind.TypeCoercion;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

/**
 * {@code value IN (a, b, ...)} with SQL semantics: NULL when the value is NULL, true when it
 * equals an item, else NULL when some item is NULL, else false.
 */
public final class InList extends BoundNode {

    private final BoundExpression value;
    private final BoundExpression[] items;
    private final ColumnVector[] itemValues;

    /** {@code value IN (a, b, ...)}: the value and the items brought to their wider common type, which is not complex. */
    public static BoundExpression bind(ExpressionBinder binder, Expression.In in) {
        BoundExpression value = binder.bind(in.value());
        List<BoundExpression> items = in.list().stream().map(binder::bind).toList();
        String sql = SqlText.in(value.sql(), items.stream().map(BoundExpression::sql).toList());
        List<BoundExpression> all = Stream.concat(Stream.of(value), items.stream()).toList();
        DataType common = binder.commonType(all, "in", sql, in.position(), ExpressionBinder.TypeListing.LIST);
        if (common.isComplex()) {
            throw binder.differentTypes("in", sql, ExpressionBinder.TypeListing.LIST.of(all), in.position());
        }
        return new InList(TypeCoercion.implicitCast(value, common),
                items.stream().map(i -> TypeCoercion.implicitCast(i, common)).toList(), sql);
    }

    InList(BoundExpression value, List<BoundExpression> items, String sql) {
        super(AtomicType.BOOLEAN, value.nullable() || items.stream().anyMatch(BoundExpression::nullable), sql);
        this.value = value;
        this.items = items.toArray(BoundExpression[]::new);
        this.itemValues = new ColumnVector[this.items.length];
    }

    @Override
    public BooleanVector evaluate(ColumnarBatch input, EvaluationContext context) {
        ColumnVector values = value.evaluate(input, context);
        boolean itemNulls = false;
        for (int k = 0; k < items.length; k++) {
            itemValues[k] = items[k].evaluate(input, context);
            itemNulls |= itemValues[k].hasNulls();
        }
        int size = input.size();
        BooleanVector result = output(size);
        boolean[] out = result.values();
        Arrays.fill(out, 0, size, false);
        for (ColumnVector item : itemValues) {
            if (values instanceof LongVector longs) {
                long[] a = longs.values();
                long[] b = ((LongVector) item).values();
                for (int i = 0; i < size; i++) {
                    out[i] |= a[i] == b[i] && !item.isNull(i);
                }
            } else {
                for (int i = 0; i < size; i++) {
                    out[i] |= !item.isNull(i) && !values.isNull(i) && Comparison.compareRow(values, item, i) == 0;
                }
            }
        }
        if (values.hasNulls() || itemNulls) {
            for (int i = 0; i < size; i++) {
                if (values.isNull(i) || !out[i] && anyItemNull(i)) {
                    result.setNull(i);
                }
            }
        }
        return result;
    }

    private boolean anyItemNull(int row) {
        for (ColumnVector item : itemValues) {
            if (item.isNull(row)) {
                return true;
            }
        }
        return false;
    }
}
