package dev.arus.server.stream;

import dev.arus.engine.log.EventLog;
import dev.arus.engine.log.LogStream;
import dev.arus.engine.time.Clock;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Each stream's ingest rate over the last minute: every 5 seconds, how many events each stream
 * has taken is sampled, and the rate is the difference between the newest sample and one a
 * minute older (or the oldest kept), per second. Thread-safe.
 */
@Component
class IngestRates {

    private static final long WINDOW_MS = 60_000;

    private record Sample(long millis, long events) {
    }

    private final EventLog log;
    private final Clock clock;
    private final Map<String, Deque<Sample>> samples = new HashMap<>();

    IngestRates(EventLog log, Clock clock) {
        this.log = log;
        this.clock = clock;
    }

    @Scheduled(fixedRate = 5_000)
    synchronized void sample() {
        long now = clock.millis();
        Map<String, Deque<Sample>> current = new HashMap<>();
        for (LogStream stream : log.streams()) {
            Deque<Sample> kept = samples.getOrDefault(stream.name(), new ArrayDeque<>());
            kept.addLast(new Sample(now, stream.appendedRecords()));
            while (kept.size() > 2 && now - kept.peekFirst().millis() > WINDOW_MS) {
                kept.removeFirst();
            }
            current.put(stream.name(), kept);
        }
        samples.clear();
        samples.putAll(current);
    }

    /** Events per second over the last minute; 0 until two samples were taken. */
    synchronized double perSecond(String stream) {
        Deque<Sample> kept = samples.get(stream);
        if (kept == null || kept.size() < 2 || kept.peekLast().millis() == kept.peekFirst().millis()) {
            return 0;
        }
        return (kept.peekLast().events() - kept.peekFirst().events()) * 1000.0
                / (kept.peekLast().millis() - kept.peekFirst().millis());
    }
}
