package dev.arus.server.stream;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

/**
 * The body of {@code POST /api/streams}: a stream's name, its columns as Spark DDL, its
 * partitions (1 when absent), the field whose value picks an event's partition (absent: each
 * request goes to the next partition in turn) and its retention (absent: the service's default,
 * {@code arus.streams.default-retention}).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
record StreamSpec(
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, description = "1 to 64 letters, digits, '_' or '-'",
                example = "orders")
        String name,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, description = "Columns as Spark DDL, of types boolean, "
                + "int, bigint, double, string, binary and timestamp; NOT NULL makes a field required in every event",
                example = "order_id STRING NOT NULL, category STRING, amount DOUBLE, event_time TIMESTAMP")
        String schema,
        @Schema(description = "1 to 256; 1 when absent", example = "1")
        @Nullable Integer partitions,
        @Schema(description = "The column whose value picks an event's partition, so that events with equal keys "
                + "keep their order; absent: each request goes to the next partition in turn")
        @Nullable String keyField,
        @Schema(description = "What the stream keeps; absent: the service's default (arus.streams.default-retention, "
                + "7 days unless configured otherwise); {} keeps everything")
        @Nullable Retention retention) {

    /**
     * Whole segments go once older than {@code maxAge} (a Spark interval, {@code 7 days}) or while
     * the stream holds more than {@code maxBytes}; with {@code keepUnread} (true when absent)
     * never one that an active query has not read.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Retention(
            @Schema(description = "A Spark interval; absent: no age limit", example = "7 days")
            @Nullable String maxAge,
            @Schema(description = "Bytes per partition; absent: no size limit", example = "1073741824")
            @Nullable Long maxBytes,
            @Schema(description = "Whether segments an active query has not read are kept past the limits; "
                    + "true when absent. Without, such a query fails or skips as its failOnDataLoss option says")
            @Nullable Boolean keepUnread) {
    }
}
