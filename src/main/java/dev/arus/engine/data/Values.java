package dev.arus.engine.data;

import java.util.Arrays;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Equality, hash codes and text of values as {@link ColumnVector#getObject} gives them, by
 * content all the way down: two byte arrays are equal when their bytes are, two maps when their
 * entries are, in order.
 */
final class Values {

    private static final HexFormat HEX = HexFormat.ofDelimiter(" ").withUpperCase();

    private Values() {
    }

    static boolean deepEquals(Object a, Object b) {
        if (a == b) {
            return true;
        }
        if (a == null || b == null) {
            return false;
        }
        if (a instanceof byte[] x && b instanceof byte[] y) {
            return Arrays.equals(x, y);
        }
        if (a instanceof List<?> x && b instanceof List<?> y) {
            if (x.size() != y.size()) {
                return false;
            }
            for (int i = 0; i < x.size(); i++) {
                if (!deepEquals(x.get(i), y.get(i))) {
                    return false;
                }
            }
            return true;
        }
        if (a instanceof Map<?, ?> x && b instanceof Map<?, ?> y) {
            if (x.size() != y.size()) {
                return false;
            }
            Iterator<? extends Map.Entry<?, ?>> left = x.entrySet().iterator();
            Iterator<? extends Map.Entry<?, ?>> right = y.entrySet().iterator();
            while (left.hasNext()) {
                Map.Entry<?, ?> l = left.next();
                Map.Entry<?, ?> r = right.next();
                if (!deepEquals(l.getKey(), r.getKey()) || !deepEquals(l.getValue(), r.getValue())) {
                    return false;
                }
            }
            return true;
        }
        return a.equals(b);
    }

    static int deepHashCode(Object value) {
        if (value == null) {
            return 0;
        }
        if (value instanceof byte[] bytes) {
            return Arrays.hashCode(bytes);
        }
        if (value instanceof List<?> list) {
            int hash = 1;
            for (Object item : list) {
                hash = 31 * hash + deepHashCode(item);
            }
            return hash;
        }
        if (value instanceof Map<?, ?> map) {
            int hash = 7;
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                hash = 31 * hash + 17 * deepHashCode(entry.getKey()) + deepHashCode(entry.getValue());
            }
            return hash;
        }
        return value.hashCode();
    }

    /** Java's text of a value, with byte arrays, lists and maps spelled out: {@code [41 42]}, {@code {a=1}}. */
    static String toString(Object value) {
        if (value instanceof byte[] bytes) {
            return "[" + HEX.formatHex(bytes) + "]";
        }
        if (value instanceof List<?> list) {
            StringBuilder text = new StringBuilder("[");
            for (int i = 0; i < list.size(); i++) {
                text.append(i == 0 ? "" : ", ").append(toString(list.get(i)));
            }
            return text.append(']').toString();
        }
        if (value instanceof Map<?, ?> map) {
            StringBuilder text = new StringBuilder("{");
            boolean first = true;
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                text.append(first ? "" : ", ").append(toString(entry.getKey())).append('=')
                        .append(toString(entry.getValue()));
                first = false;
            }
            return text.append('}').toString();
        }
        return String.valueOf(value);
    }
}
