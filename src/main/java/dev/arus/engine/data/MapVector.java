package dev.arus.engine.data;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A vector of maps: a row is a slice of a key vector and a value vector shared by all rows,
 * entries in their insertion order. Keys are never NULL.
 */
public final class MapVector extends SliceVector {

    public MapVector(MapType type, int capacity) {
        super(type, capacity, type.keyType(), type.valueType());
    }

    public ColumnVector keys() {
        return child(0);
    }

    public ColumnVector values() {
        return child(1);
    }

    /** The entries in order; with duplicate keys (which from_json keeps, as Spark does) the last value wins. */
    @Override
    public Object getObject(int row) {
        if (isNull(row)) {
            return null;
        }
        Map<Object, Object> map = new LinkedHashMap<>();
        for (int i = start(row), end = start(row) + length(row); i < end; i++) {
            map.put(keys().getObject(i), values().getObject(i));
        }
        return Collections.unmodifiableMap(map);
    }

    @Override
    protected void setValue(int row, Object value) {
        Map<?, ?> map = (Map<?, ?>) value;
        int at = appendRow(row, map.size());
        for (Map.Entry<?, ?> entry : map.entrySet()) {
            keys().setObject(at, entry.getKey());
            values().setObject(at++, entry.getValue());
        }
    }
}
