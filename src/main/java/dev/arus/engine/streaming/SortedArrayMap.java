package dev.arus.engine.streaming;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * An immutable map of a few entries, iterated in key order and held in two arrays. A service keeps
 * the last hundred progress reports of every query, each with maps of a handful of figures: as
 * tree maps these made half of a report's memory and of what the collector copies every second.
 * Maps of the same keys share one array of them: a query's reports name the same figures batch
 * after batch, and a thousand queries kept 400,000 copies of a few key arrays (11 MB).
 */
public final class SortedArrayMap<V> extends SortedKeyMap<V> {

    /** How many different sets of keys are shared at most; maps of further sets keep their own. */
    private static final int MAX_SHARED_KEY_SETS = 1_024;
    /** The shared key arrays, each under a list view of itself; never changed once here. */
    private static final Map<List<String>, String[]> SHARED_KEYS = new ConcurrentHashMap<>();

    private final Object[] values;

    private SortedArrayMap(String[] keys, Object[] values) {
        super(keys);
        this.values = values;
    }

    /**
     * {@code values} under {@code keys}, which are in key order; neither array is copied, nor
     * changed afterwards by the caller. For maps made batch after batch under one constant array
     * of keys (a batch's durations), without the sorting and the lookup of {@link #copyOf}.
     */
    public static <V> Map<String, V> ofSorted(String[] keys, V[] values) {
        if (keys.length != values.length) {
            throw new IllegalArgumentException(keys.length + " keys for " + values.length + " values");
        }
        return new SortedArrayMap<>(inKeyOrder(keys), values);
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
    @SuppressWarnings("unchecked")
    V valueAt(int index) {
        return (V) values[index];
    }
}
