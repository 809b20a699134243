package dev.arus.server.ops;

import dev.arus.engine.log.EventLog;
import dev.arus.engine.log.LogStream;
import dev.arus.engine.time.Clock;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.FunctionTimer;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.Tags;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.ToDoubleFunction;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * The event log's meters, per stream (tag {@code stream}): {@code arus.stream.events.in} and
 * {@code arus.stream.in} (counters, events and their bytes: Prometheus's {@code
 * arus_stream_events_in_total} and {@code arus_stream_in_bytes_total}, which says its unit once), {@code arus.stream.fsync} (a timer of each group
 * commit's syncs), {@code arus.stream.size} (bytes on disk); and per stream and reading query
 * (tag {@code query}), {@code arus.stream.lag.events} and {@code arus.stream.lag.seconds}. Streams
 * and readers come and go: every 5 seconds the meters follow what the log holds. Thread-safe.
 */
@Component
class StreamMeters {

    private final EventLog log;
    private final MeterRegistry registry;
    private final Clock clock;
    private final Map<LogStream, List<Meter>> byStream = new IdentityHashMap<>();
    private final Map<Tags, ReaderLag> lags = new HashMap<>();
    private final MultiGauge lagEvents;
    private final MultiGauge lagSeconds;

    StreamMeters(EventLog log, MeterRegistry registry, Clock clock) {
        this.log = log;
        this.registry = registry;
        this.clock = clock;
        this.lagEvents = MultiGauge.builder("arus.stream.lag.events")
                .description("Events of the stream an active query has not yet read and committed")
                .register(registry);
        this.lagSeconds = MultiGauge.builder("arus.stream.lag.seconds").baseUnit("seconds")
                .description("How long ago the oldest event an active query has not read came in; 0 when none")
                .register(registry);
        refresh();
    }

    @Scheduled(fixedRate = 5_000)
    synchronized void refresh() {
        List<LogStream> streams = log.streams();
        byStream.keySet().removeIf(stream -> {
            boolean gone = !streams.contains(stream);
            if (gone) {
                byStream.get(stream).forEach(registry::remove);
            }
            return gone;
        });
        Map<Tags, ReaderLag> current = new HashMap<>();
        long nowMicros = clock.millis() * 1000;
        for (LogStream stream : streams) {
            byStream.computeIfAbsent(stream, this::register);
            stream.readers().values().forEach(reader -> {
                Tags tags = Tags.of("stream", stream.name(), "query", reader.label());
                ReaderLag lag = current.computeIfAbsent(tags, key -> lags.getOrDefault(key, new ReaderLag()));
                lag.measure(stream.lag(reader.committed()), nowMicros);
            });
        }
        lags.keySet().retainAll(current.keySet());
        lags.putAll(current);
        // Rows already registered keep their gauge, which reads the same ReaderLag: re-registering
        // them (overwrite) would remove and add each gauge, and a scrape in between would miss it.
        lagEvents.register(rows(ReaderLag::records), false);
        lagSeconds.register(rows(ReaderLag::seconds), false);
    }

    private List<MultiGauge.Row<?>> rows(ToDoubleFunction<ReaderLag> value) {
        List<MultiGauge.Row<?>> rows = new ArrayList<>();
        lags.forEach((tags, lag) -> rows.add(MultiGauge.Row.of(tags, lag, value)));
        return rows;
    }

    /** How far one query is behind in one stream, as last measured; its two gauges read it. */
    private static final class ReaderLag {
        private volatile double records;
        private volatile double seconds;

        void measure(LogStream.Lag lag, long nowMicros) {
            records = lag.records();
            seconds = lag.oldestUnreadMicros() < 0 ? 0 : Math.max(0, nowMicros - lag.oldestUnreadMicros()) / 1e6;
        }

        double records() {
            return records;
        }

        double seconds() {
            return seconds;
        }
    }

    private List<Meter> register(LogStream stream) {
        Tags tags = Tags.of("stream", stream.name());
        return List.of(
                FunctionCounter.builder("arus.stream.events.in", stream, LogStream::appendedRecords).tags(tags)
                        .description("Events appended to the stream, durable").register(registry),
                FunctionCounter.builder("arus.stream.in", stream, LogStream::appendedBytes).tags(tags)
                        .baseUnit("bytes").description("Bytes of record batches appended to the stream")
                        .register(registry),
                FunctionTimer.builder("arus.stream.fsync", stream, LogStream::groupCommits,
                                LogStream::syncNanosTotal, TimeUnit.NANOSECONDS).tags(tags)
                        .description("Group commits that wrote to the stream, and the time their fsyncs took")
                        .register(registry),
                Gauge.builder("arus.stream.size", stream, LogStream::sizeBytes).tags(tags).baseUnit("bytes")
                        .description("The stream's size on disk").register(registry));
    }
}
