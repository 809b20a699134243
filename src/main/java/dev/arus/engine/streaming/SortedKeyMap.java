package dev.arus.engine.streaming;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * An immutable map of a few entries whose keys are held in one sorted array, iterated in key
 * order: the reading side of {@link SortedArrayMap} and {@link EventTimes}, which keep their
 * values each in its own way.
 */
abstract class SortedKeyMap<V> extends AbstractMap<String, V> {

    final String[] keys;

    SortedKeyMap(String[] keys) {
        this.keys = keys;
    }

    /** {@code keys} when each comes after the one before it; refused otherwise. */
    static String[] inKeyOrder(String[] keys) {
        for (int i = 1; i < keys.length; i++) {
            if (keys[i - 1].compareTo(keys[i]) >= 0) {
                throw new IllegalArgumentException("Keys out of order: " + String.join(", ", keys));
            }
        }
        return keys;
    }

    /** The value under {@code keys[index]}. */
    abstract V valueAt(int index);

    @Override
    public int size() {
        return keys.length;
    }

    @Override
    public boolean containsKey(Object key) {
        return indexOf(key) >= 0;
    }

    @Override
    public V get(Object key) {
        int index = indexOf(key);
        return index >= 0 ? valueAt(index) : null;
    }

    /** Where {@code key} is in {@link #keys}; negative when it is not. */
    final int indexOf(Object key) {
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
                    public Entry<String, V> next() {
                        if (next == keys.length) {
                            throw new NoSuchElementException();
                        }
                        int at = next++;
                        return new SimpleImmutableEntry<>(keys[at], valueAt(at));
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
