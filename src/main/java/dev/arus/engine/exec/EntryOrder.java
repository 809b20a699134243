package dev.arus.engine.exec;

import dev.arus.engine.data.Row;
import java.util.Comparator;
import java.util.List;

/**
 * An order of rows of one schema, by their values from the first column on: NULL first, numbers,
 * strings, times and booleans by their natural order, structs field by field, and anything else
 * by its text. It gives state entries an order that does not depend on how a version was read.
 */
public final class EntryOrder {

    /** Rows ordered by their values. */
    public static final Comparator<Row> ROWS = EntryOrder::compareRows;

    /** Entries ordered by key, then value. */
    public static final Comparator<StateEntries.Entry> ENTRIES = Comparator
            .comparing(StateEntries.Entry::key, ROWS)
            .thenComparing(StateEntries.Entry::value, Comparator.nullsFirst(ROWS));

    private EntryOrder() {
    }

    private static int compareRows(Row a, Row b) {
        int size = Math.min(a.size(), b.size());
        for (int i = 0; i < size; i++) {
            int order = compareValues(a.get(i), b.get(i));
            if (order != 0) {
                return order;
            }
        }
        return Integer.compare(a.size(), b.size());
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static int compareValues(Object a, Object b) {
        if (a == null || b == null) {
            return a == null ? (b == null ? 0 : -1) : 1;
        }
        if (a instanceof Row rowA && b instanceof Row rowB) {
            return compareRows(rowA, rowB);
        }
        if (a instanceof Number numberA && b instanceof Number numberB && !(a.getClass().equals(b.getClass()))) {
            return Double.compare(numberA.doubleValue(), numberB.doubleValue());
        }
        if (a instanceof Comparable comparable && a.getClass().equals(b.getClass())) {
            return comparable.compareTo(b);
        }
        if (a instanceof List<?> listA && b instanceof List<?> listB) {
            int size = Math.min(listA.size(), listB.size());
            for (int i = 0; i < size; i++) {
                int order = compareValues(listA.get(i), listB.get(i));
                if (order != 0) {
                    return order;
                }
            }
            return Integer.compare(listA.size(), listB.size());
        }
        return String.valueOf(a).compareTo(String.valueOf(b));
    }
}
