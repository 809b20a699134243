package dev.arus.engine.data;

import java.util.Arrays;
import java.util.List;

/**
 * One row of a result, with values as {@link ColumnVector#getObject} gives them. Immutable;
 * equal when schema and values are equal, compared by content all the way down (byte arrays by
 * their bytes, lists and maps by their elements).
 */
public final class Row {

    private final Schema schema;
    private final Object[] values;

    public Row(Schema schema, Object[] values) {
        if (values.length != schema.size()) {
            throw new IllegalArgumentException("row has " + values.length + " values for " + schema);
        }
        this.schema = schema;
        this.values = values.clone();
    }

    public Schema schema() {
        return schema;
    }

    public int size() {
        return values.length;
    }

    public Object get(int index) {
        return values[index];
    }

    /** The value of the column of this name; throws if there is none. */
    public Object get(String column) {
        int index = schema.indexOf(column);
        if (index < 0) {
            throw new IllegalArgumentException("no column '" + column + "' in " + schema);
        }
        return values[index];
    }

    public List<Object> values() {
        return Arrays.asList(values.clone());
    }

    @Override
    public boolean equals(Object other) {
        if (!(other instanceof Row row) || !schema.equals(row.schema)) {
            return false;
        }
        for (int i = 0; i < values.length; i++) {
            if (!Values.deepEquals(values[i], row.values[i])) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int hashCode() {
        int hash = schema.hashCode();
        for (Object value : values) {
            hash = 31 * hash + Values.deepHashCode(value);
        }
        return hash;
    }

    /** Spark's {@code Row.toString}: {@code [v1,v2]}; binary values as hex, {@code [41 42]}. */
    @Override
    public String toString() {
        StringBuilder text = new StringBuilder("[");
        for (int i = 0; i < values.length; i++) {
            if (i > 0) {
                text.append(',');
            }
            text.append(Values.toString(values[i]));
        }
        return text.append(']').toString();
    }
}
