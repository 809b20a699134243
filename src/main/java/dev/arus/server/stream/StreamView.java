package dev.arus.server.stream;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A stream as {@code GET /api/streams} shows it: its definition, per partition the offsets it
 * keeps, its size on disk, what came in (events since the service started, and per second over
 * the last minute), and each active query reading it with how far behind it is. A stream found
 * damaged at startup shows only its name and the {@code damage}.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
record StreamView(String name, @Nullable String schema, @Nullable List<Column> columns, @Nullable Integer partitions,
                  @Nullable String keyField, @Nullable RetentionView retention, @Nullable List<PartitionView> offsets,
                  @Nullable Long sizeBytes, @Nullable Long eventsIn, @Nullable Double eventsPerSecond,
                  @Nullable List<ReaderView> readers, @Nullable String damage) {

    record Column(String name, String type, boolean nullable) {
    }

    /** {@code maxAge} in whole seconds (null: no age limit), {@code maxBytes} (0: no size limit). */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record RetentionView(@Nullable Long maxAgeSeconds, long maxBytes, boolean keepUnread) {
    }

    /** The first offset kept and the offset after the last durable event. */
    record PartitionView(int partition, long earliest, long latest) {
    }

    /**
     * A query reading the stream: events it has not yet committed, and how long ago the oldest of
     * them came in (null when it has read everything).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record ReaderView(String query, long lagEvents, @Nullable Double lagSeconds) {
    }

    static StreamView damaged(String name, String damage) {
        return new StreamView(name, null, null, null, null, null, null, null, null, null, null, damage);
    }
}
