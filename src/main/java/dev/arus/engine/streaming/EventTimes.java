package dev.arus.engine.streaming;

import dev.arus.engine.time.IsoInstants;
import java.util.OptionalLong;

/**
 * A progress report's {@code eventTime}: instants by name ({@code avg}, {@code max}, {@code min},
 * {@code watermark}) kept as milliseconds and read as the ISO texts Spark reports
 * ({@link IsoInstants}), in key order. A query makes one report per batch and mostly nobody reads
 * its event times as text, so they are written when read rather than for every batch (four texts
 * were a sixth of a 20-row trigger), and kept as bytes without being parsed back.
 */
public final class EventTimes extends SortedKeyMap<String> {

    private final long[] millis;

    private EventTimes(String[] names, long[] millis) {
        super(names);
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
        return new EventTimes(inKeyOrder(names), millis);
    }

    /** The milliseconds after the epoch of the instant {@code name}; empty when there is none. */
    OptionalLong millisOf(String name) {
        int index = indexOf(name);
        return index < 0 ? OptionalLong.empty() : OptionalLong.of(millis[index]);
    }

    /** The name of the {@code index}th instant, in key order. */
    String name(int index) {
        return keys[index];
    }

    /** The milliseconds after the epoch of the {@code index}th instant. */
    long millis(int index) {
        return millis[index];
    }

    @Override
    String valueAt(int index) {
        return IsoInstants.ofMillisShared(millis[index]);
    }
}
