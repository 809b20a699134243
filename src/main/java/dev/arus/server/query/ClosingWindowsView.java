package dev.arus.server.query;

import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;
import java.util.Map;

/**
 * The windows an operator's last committed state holds, the one the watermark closes next first,
 * as {@code GET /api/queries/{id}/state/{operatorId}/closing} shows them (see {@link WindowsToClose}).
 */
@Schema(description = "The windows in an aggregation's or session window's state, in the order the watermark closes them")
public record ClosingWindowsView(
        @Schema(description = "The committed batch whose state was read: the last")
        long batchId,
        @Schema(description = "The first windows to close, by end, then by key")
        List<ClosingWindow> windows,
        @Schema(description = "Windows (state rows with one) in the state in all")
        long numWindows) {

    /** The most windows one answer holds, whatever the limit asked for. */
    static final int MAX_WINDOWS = 1000;

    /** The windows of an answer when no limit is asked for. */
    static final int DEFAULT_WINDOWS = 20;

    /**
     * One window of the state and the group it belongs to.
     *
     * @param closesAt the watermark that closes it: its end
     * @param window   the window, {@code {start, end}}
     * @param key      the state row's key, as the state rows show it
     */
    public record ClosingWindow(
            @Schema(format = "date-time", description = "The watermark that closes it, its end: the first batch whose "
                    + "watermark is at or past it evicts it (and in append mode emits its row)")
            String closesAt,
            @Schema(description = "The window, {start, end}")
            Map<String, Object> window,
            @Schema(description = "The state row's key, as the state rows show it")
            Map<String, Object> key) {
    }
}
