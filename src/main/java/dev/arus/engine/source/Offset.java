package dev.arus.engine.source;

/**
 * A position in a source, as Spark reports it in progress and writes it to the offset log.
 * Offsets are immutable values; two equal offsets mean no new data.
 */
public interface Offset {

    /** The offset as Spark serialises it, e.g. {@code 4} or {@code {"offset":20,"timestamp":0}}. */
    String json();
}
