package dev.arus.engine.streaming;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * An immutable map of a few entries, iterated in key order and held in two arrays. A service keeps
 * the last hundred progress reports of every query, each with maps of a handful of figures: as
 * tree maps these made half of a report's memory and of what the collector copies every second.
 * Maps of the same keys share one array of them: a query's reports name the same figures batch
 * after batch, and a thousand queries kept 400,000 copies of a few key arrays (11 MB).
 */
final class SortedArrayMap<V> extends AbstractMap<String, V> {

    /** How many different sets of keys are shared at most; maps of further sets keep their own. */
    private static final int MAX_SHARED_KEY_SETS = 1_024;
    /** The shared key arrays, each under a list view of itself; never changed once here. */
    private static final Map<List<String>, String[]> SHARED_KEYS = new ConcurrentHashMap<>();

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
        String[] keys = shared(map.keySet().toArray(String[]::new));
        Object[] values = new Object[keys.length];
        for (int i = 0; i < keys.length; i++) {
            values[i] = map.get(keys[i]);
        }
        return new SortedArrayMap<>(keys, values);
    }

    /** {@code keys} sorted, as the array an earlier map of the same keys holds when there is one. */
    private static String[] shared(String[] keys) {
        Arrays.sort(keys);
        List<String> keySet = Arrays.asList(keys);
        String[] known = SHARED_KEYS.get(keySet);
        if (known != null) {
            return known;
        }
        if (SHARED_KEYS.size() >= MAX_SHARED_KEY_SETS) {
            return keys;
        }
        known = SHARED_KEYS.putIfAbsent(keySet, keys);
        return known != null ? known : keys;
    }

    /** Whether this map and {@code other} hold one array of keys between them. */
    boolean sharesKeysWith(SortedArrayMap<?> other) {
        return keys == other.keys;
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
