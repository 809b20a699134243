package dev.arus.server.stream;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.arus.engine.log.Retention;
import io.swagger.v3.oas.annotations.media.Schema;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
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

    /**
     * A stream's retention under the names a definition posts it with (issue 32): {@code maxAge} as
     * the Spark interval a definition takes ({@code 7 days}; posted as {@code "168 hours"}, it reads
     * back as {@code 7 days}, which posts the same age; null: no age limit), {@code maxBytes} (0: no
     * size limit) and {@code keepUnread}, so that what a stream shows is a retention to post again.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record RetentionView(
            @Schema(description = "Segments older than this go: a Spark interval, as a definition takes it; absent: no "
                    + "age limit", example = "7 days")
            @Nullable String maxAge,
            @Schema(description = "Bytes a partition keeps at most; 0: no size limit") long maxBytes,
            @Schema(description = "Whether segments an active query has not read are kept past the limits")
            boolean keepUnread) {

        static RetentionView of(Retention retention) {
            Duration maxAge = retention.maxAge();
            return new RetentionView(maxAge == null ? null : interval(maxAge), retention.maxBytes(), retention.keepUnread());
        }

        /** {@code 7 days}, {@code 1 day 12 hours}, {@code 1.5 seconds}: what IntervalParser reads back as {@code length}. */
        static String interval(Duration length) {
            List<String> parts = new ArrayList<>();
            unit(parts, length.toDays(), "day");
            unit(parts, length.toHoursPart(), "hour");
            unit(parts, length.toMinutesPart(), "minute");
            if (length.toSecondsPart() > 0 || length.toNanosPart() >= 1000) {
                BigDecimal seconds = BigDecimal.valueOf(length.toSecondsPart())
                        .add(BigDecimal.valueOf(length.toNanosPart() / 1000, 6)).stripTrailingZeros();
                parts.add(seconds.toPlainString() + (seconds.compareTo(BigDecimal.ONE) == 0 ? " second" : " seconds"));
            }
            return String.join(" ", parts);
        }

        private static void unit(List<String> parts, long amount, String unit) {
            if (amount > 0) {
                parts.add(amount + " " + unit + (amount == 1 ? "" : "s"));
            }
        }
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
