package dev.arus.engine.streaming;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * An immutable map of a few entries, iterated in key order and held in two arrays. A service keeps
 * the last hundred progress reports of every query, each with maps of a handful of figures: as
 * tree maps these made half of a report's memory and of what the collector copies every second.
 */
final class SortedArrayMap<V> extends AbstractMap<String, V> {

    private final String[] keys;
    private final Object[] values;

    private SortedArrayMap(String[] keys, Object[] values) {
        this.keys = keys;
        this.values = values;
    }

    /** A sorted copy of {@code map}, which may hold null values but no null key. */
    static <V> Map<String, V> copyOf(Map<String, V> map) {
        if (map instanceof SortedArrayMap<V> sorted) {
            return sorted;
        }
        String[] keys = map.keySet().toArray(String[]::new);
        Arrays.sort(keys);
        Object[] values = new Object[keys.length];
        for (int i = 0; i < keys.length; i++) {
            values[i] = map.get(keys[i]);
        }
        return new SortedArrayMap<>(keys, values);
    }

    @Override
    public int size() {
        return keys.length;
    }

    @Override
    public boolean containsKey(Object key) {
        return indexOf(key) >= 0;
    }

    @Override
    @SuppressWarnings("unchecked")
    public V get(Object key) {
        int index = indexOf(key);
        return index >= 0 ? (V) values[index] : null;
    }

    private int indexOf(Object key) {
        return key instanceof String text ? Arrays.binarySearch(keys, text) : -1;
    }

    @Override
    public Set<Entry<String, V>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public Iterator<Entry<String, V>> iterator() {
                return new Iterator<>() {
                    private int next;

                    @Override
                    public boolean hasNext() {
                        return next < keys.length;
                    }

                    @Override
                    @SuppressWarnings("unchecked")
                    public Entry<String, V> next() {
                        if (next == keys.length) {
                            throw new NoSuchElementException();
                        }
                        int at = next++;
                        return new SimpleImmutableEntry<>(keys[at], (V) values[at]);
                    }
                };
            }

            @Override
            public int size() {
                return keys.length;
            }
        };
    }
}
