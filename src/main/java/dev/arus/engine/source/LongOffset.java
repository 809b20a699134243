package dev.arus.engine.source;

/**
 * A position that is one number, Spark's {@code LongOffset}: for the {@code rate} source, the
 * whole seconds elapsed since the source was created. Serialised as the bare number ({@code 4}).
 */
public record LongOffset(long offset) implements Offset {

    /** Reads an offset written by {@link #json()}. */
    public static LongOffset parse(String json) {
        try {
            return new LongOffset(Long.parseLong(json.trim()));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a LongOffset: '" + json + "'", e);
        }
    }

    @Override
    public String json() {
        return Long.toString(offset);
    }
}
