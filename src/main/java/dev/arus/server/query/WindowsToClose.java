package dev.arus.server.query;

import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The windows an aggregation or a session window holds in its state, in the order the watermark
 * closes them. Spark closes a window (evicts its state, and in append mode emits its row) in the
 * first batch whose watermark is at or past the window's end ({@code window.end <= watermark}),
 * for a time window as for a session ({@code session_window.end}, its last event plus the gap),
 * so the window that closes next is the one with the earliest end, at the watermark equal to its
 * end. A state row's window is the first struct with a {@code start} and an {@code end} in its
 * key (an aggregation's {@code window}), else in its value (a session's row, whose key holds only
 * {@code sessionStartTime}); rows without one (an aggregation by plain keys, a deduplication) have
 * no window to close.
 */
final class WindowsToClose {

    private WindowsToClose() {
    }

    /** The first {@code limit} windows to close of {@code rows}, state rows of batch {@code batchId} as JSON. */
    static ClosingWindowsView of(long batchId, List<Map<String, Object>> rows, int limit) {
        List<ClosingWindowsView.ClosingWindow> windows = rows.stream()
                .map(WindowsToClose::windowOf)
                .filter(Objects::nonNull)
                .sorted(Comparator.comparing((ClosingWindowsView.ClosingWindow window) -> Instant.parse(window.closesAt()))
                        .thenComparing(window -> window.key().toString()))
                .toList();
        return new ClosingWindowsView(batchId, windows.subList(0, Math.min(limit, windows.size())), windows.size());
    }

    private static ClosingWindowsView.ClosingWindow windowOf(Map<String, Object> row) {
        Map<String, Object> key = QueryStates.struct(row, "key");
        Map<String, Object> window = window(key);
        if (window == null) {
            window = window(QueryStates.struct(row, "value"));
        }
        return window == null ? null : new ClosingWindowsView.ClosingWindow((String) window.get("end"), window, key);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> window(Map<String, Object> struct) {
        for (Object field : struct.values()) {
            if (field instanceof Map<?, ?> inner && inner.get("start") instanceof String
                    && inner.get("end") instanceof String) {
                return (Map<String, Object>) inner;
            }
        }
        return null;
    }
}
