package dev.arus.engine.streaming;

import dev.arus.engine.time.IsoInstants;
import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * A progress report's {@code eventTime}: instants by name ({@code avg}, {@code max}, {@code min},
 * {@code watermark}) kept as milliseconds and read as the ISO texts Spark reports
 * ({@link IsoInstants}), in key order. A query makes one report per batch and mostly nobody reads
 * its event times as text, so they are written when read rather than for every batch (four texts
 * were a sixth of a 20-row trigger), and kept as bytes without being parsed back.
 */
public final class EventTimes extends AbstractMap<String, String> {

    private final String[] names;
    private final long[] millis;

    private EventTimes(String[] names, long[] millis) {
        this.names = names;
        this.millis = millis;
    }

    /**
     * The instants {@code millis} after the epoch under {@code names}, which are in key order;
     * neither array is copied, nor changed afterwards by the caller.
     */
    public static EventTimes ofMillis(String[] names, long[] millis) {
        if (names.length != millis.length) {
            throw new IllegalArgumentException(names.length + " event-time names for " + millis.length + " instants");
        }
        for (int i = 1; i < names.length; i++) {
            if (names[i - 1].compareTo(names[i]) >= 0) {
                throw new IllegalArgumentException("Event-time names out of key order: " + String.join(", ", names));
            }
        }
        return new EventTimes(names, millis);
    }

    /** The name of the {@code index}th instant, in key order. */
    String name(int index) {
        return names[index];
    }

    /** The milliseconds after the epoch of the {@code index}th instant. */
    long millis(int index) {
        return millis[index];
    }

    @Override
    public int size() {
        return names.length;
    }

    @Override
    public boolean containsKey(Object key) {
        return indexOf(key) >= 0;
    }

    @Override
    public String get(Object key) {
        int index = indexOf(key);
        return index >= 0 ? text(index) : null;
    }

    private int indexOf(Object key) {
        for (int i = 0; i < names.length; i++) {
            if (names[i].equals(key)) {
                return i;
            }
        }
        return -1;
    }

    private String text(int index) {
        return IsoInstants.ofMillisShared(millis[index]);
    }

    @Override
    public Set<Entry<String, String>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public Iterator<Entry<String, String>> iterator() {
                return new Iterator<>() {
                    private int next;

                    @Override
                    public boolean hasNext() {
                        return next < names.length;
                    }

                    @Override
                    public Entry<String, String> next() {
                        if (next == names.length) {
                            throw new NoSuchElementException();
                        }
                        int at = next++;
                        return new SimpleImmutableEntry<>(names[at], text(at));
                    }
                };
            }

            @Override
            public int size() {
                return names.length;
            }
        };
    }
}
