package dev.arus.engine.source;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * Where each source of a query stands, as Spark's {@code OffsetSeq}: one offset per source, in
 * the order the plan lists its sources (left before right), {@code null} for a source that has
 * none yet.
 */
public record SourceOffsets(List<Offset> offsets) {

    public SourceOffsets {
        offsets = Collections.unmodifiableList(new ArrayList<>(offsets));
    }

    /** No offset for any of {@code sources} sources: before the first batch. */
    public static SourceOffsets none(int sources) {
        return new SourceOffsets(Arrays.asList(new Offset[sources]));
    }

    public int size() {
        return offsets.size();
    }

    public Offset get(int source) {
        return offsets.get(source);
    }

    /** Source {@code source}'s offset as its JSON, or null. */
    public String json(int source) {
        Offset offset = offsets.get(source);
        return offset == null ? null : offset.json();
    }
}
