package dev.arus.engine.exec;

import dev.arus.engine.data.ArrayType;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.MapType;
import dev.arus.engine.data.Row;
import dev.arus.engine.data.StructType;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * Spark's {@code InterpretedOrdering} of result rows by sort keys: each key a column, ascending
 * or descending, with NULLs first or last; a tie on every key is a tie. Values compare as Spark
 * orders them: numbers by value (a NaN above every other double), strings by code point (the
 * order of their UTF-8 bytes), binary byte by byte unsigned, structs field by field and arrays
 * element by element (NULL first within both), a shorter array before a longer one it starts.
 * Maps have no order. Immutable.
 */
public final class RowOrdering implements Comparator<Row> {

    /** One sort key: column {@code column} of the row. */
    public record Key(int column, boolean ascending, boolean nullsFirst) {
    }

    private final List<Key> keys;

    public RowOrdering(List<Key> keys) {
        this.keys = List.copyOf(keys);
    }

    /** Spark's {@code RowOrdering.isOrderable}: whether values of {@code type} can be sorted (no map in it). */
    public static boolean isOrderable(DataType type) {
        if (type instanceof MapType) {
            return false;
        }
        if (type instanceof StructType struct) {
            return struct.fields().stream().allMatch(field -> isOrderable(field.type()));
        }
        return !(type instanceof ArrayType array) || isOrderable(array.elementType());
    }

    @Override
    public int compare(Row left, Row right) {
        for (Key key : keys) {
            Object a = left.get(key.column());
            Object b = right.get(key.column());
            int order;
            if (a == null || b == null) {
                if (a == b) {
                    continue;
                }
                order = (a == null) == key.nullsFirst() ? -1 : 1;
                return order;
            }
            order = compareValues(a, b);
            if (order != 0) {
                return key.ascending() ? order : -order;
            }
        }
        return 0;
    }

    /** Two non-null values of one type, in Spark's ascending order. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static int compareValues(Object a, Object b) {
        if (a instanceof Double || a instanceof Float) {
            return compareDoubles(((Number) a).doubleValue(), ((Number) b).doubleValue());
        }
        if (a instanceof BigDecimal decimal) {
            return decimal.compareTo((BigDecimal) b);
        }
        if (a instanceof Number number) {
            return Long.compare(number.longValue(), ((Number) b).longValue());
        }
        if (a instanceof String text) {
            return compareCodePoints(text, (String) b);
        }
        if (a instanceof byte[] bytes) {
            return Arrays.compareUnsigned(bytes, (byte[]) b);
        }
        if (a instanceof Row struct) {
            return compareElements(struct.values(), ((Row) b).values());
        }
        if (a instanceof List<?> elements) {
            int order = compareElements(elements, (List<?>) b);
            return order != 0 ? order : Integer.compare(elements.size(), ((List<?>) b).size());
        }
        return ((Comparable) a).compareTo(b);
    }

    /** The first difference of two sequences, a NULL before any value; 0 when one starts the other. */
    private static int compareElements(List<?> a, List<?> b) {
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            Object x = a.get(i);
            Object y = b.get(i);
            if (x == null || y == null) {
                if (x != y) {
                    return x == null ? -1 : 1;
                }
                continue;
            }
            int order = compareValues(x, y);
            if (order != 0) {
                return order;
            }
        }
        return 0;
    }

    /** Spark's {@code SQLOrderingUtil.compareDoubles}: a NaN equals a NaN and is above every other value. */
    private static int compareDoubles(double a, double b) {
        if (a < b) {
            return -1;
        }
        if (a > b) {
            return 1;
        }
        if (a == b) {
            return 0;
        }
        return Boolean.compare(Double.isNaN(a), Double.isNaN(b));
    }

    /** Code point by code point, as Spark compares the UTF-8 bytes of two strings. */
    private static int compareCodePoints(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            int x = a.codePointAt(i);
            int y = b.codePointAt(j);
            if (x != y) {
                return Integer.compare(x, y);
            }
            i += Character.charCount(x);
            j += Character.charCount(y);
        }
        return Boolean.compare(i < a.length(), j < b.length());
    }
}
