package dev.arus.server.stream;

import dev.arus.engine.time.Clock;
import dev.arus.server.PrintableText;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The event log's write failures in the service's log, at ERROR, at most one line per kind (the
 * failure's error class) per {@link #INTERVAL}: a full disk fails every post, and a line per post
 * would bury everything else. The failures of a kind within an interval after its line are
 * counted, and its next line says how many were left out. Time is the engine's clock. Thread-safe.
 */
final class EventLogWriteFailures {

    /** The least time between two lines of one kind. */
    static final Duration INTERVAL = Duration.ofMinutes(1);

    private static final Logger log = LoggerFactory.getLogger(EventLogWriteFailures.class);

    private final Clock clock;
    // Guarded by this: per kind, when its last line was written and the failures since.
    private final Map<String, Logged> byKind = new HashMap<>();

    EventLogWriteFailures(Clock clock) {
        this.clock = clock;
    }

    /**
     * {@code what} (say, "a post of 12 events to stream 'orders'") failed with an error of class
     * {@code kind} saying {@code reason}: logged unless a line of its kind was written within the
     * interval, in which case it is counted.
     */
    void failed(String kind, String what, String reason) {
        long now = clock.millis();
        long leftOut;
        synchronized (this) {
            Logged last = byKind.get(kind);
            if (last != null && now - last.atMillis() < INTERVAL.toMillis()) {
                byKind.put(kind, new Logged(last.atMillis(), last.leftOut() + 1));
                return;
            }
            leftOut = last == null ? 0 : last.leftOut();
            byKind.put(kind, new Logged(now, 0));
        }
        log.atError().addKeyValue("errorClass", kind)
                .log("Event log write failed ({}): {}: {}{}", kind, what, PrintableText.escape(reason),
                        leftOut == 0 ? "" : " (and " + leftOut + " more failures of this kind left out of the log since "
                                + "its last line)");
    }

    /** The last line of a kind and the failures of that kind since. */
    private record Logged(long atMillis, long leftOut) {
    }
}
