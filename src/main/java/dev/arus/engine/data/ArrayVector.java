package dev.arus.engine.data;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/** A vector of arrays: a row is a slice of one element vector shared by all rows. */
public final class ArrayVector extends SliceVector {

    public ArrayVector(ArrayType type, int capacity) {
        super(type, capacity, type.elementType());
    }

    /** The vector every row's elements live in. */
    public ColumnVector elements() {
        return child(0);
    }

    @Override
    public Object getObject(int row) {
        if (isNull(row)) {
            return null;
        }
        Object[] items = new Object[length(row)];
        for (int i = 0; i < items.length; i++) {
            items[i] = elements().getObject(start(row) + i);
        }
        return Collections.unmodifiableList(Arrays.asList(items));
    }

    @Override
    protected void setValue(int row, Object value) {
        List<?> items = (List<?>) value;
        int start = appendRow(row, items.size());
        for (int i = 0; i < items.size(); i++) {
            elements().setObject(start + i, items.get(i));
        }
    }
}
