package dev.arus.server.ops;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.log.EventLog;
import dev.arus.engine.log.LogStream;
import dev.arus.engine.log.StreamDefinition;
import dev.arus.engine.time.ManualClock;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The event log's lag meters on a real log: they follow readers without a gap a scrape could fall into. */
class StreamMetersTest {

    @TempDir
    Path directory;

    private final ManualClock clock = new ManualClock(1_700_000_000_000L);
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final List<Meter.Id> removed = new CopyOnWriteArrayList<>();
    private EventLog log;

    @AfterEach
    void close() {
        log.close();
    }

    @Test
    void aRefreshUpdatesTheLagOfAKnownReaderInPlaceAndRemovesOnlyReadersThatLeft() throws Exception {
        log = EventLog.open(directory, clock, EventLog.DEFAULT_SEGMENT_BYTES);
        LogStream stream = log.create(StreamDefinition.of("clicks", "page STRING", 1, null, null));
        UUID reader = UUID.randomUUID();
        stream.register(reader, "revenue", new long[] {0});
        registry.config().onMeterRemoved(meter -> removed.add(meter.getId()));
        StreamMeters meters = new StreamMeters(log, registry, clock);

        stream.append(pages(stream, "/", "/cart")).get(30, TimeUnit.SECONDS);
        clock.advance(Duration.ofSeconds(3));
        meters.refresh();

        assertThat(removed).as("a scrape between two refreshes finds every reader's gauges").isEmpty();
        assertThat(lag("arus.stream.lag.events")).isEqualTo(2);
        assertThat(lag("arus.stream.lag.seconds")).isEqualTo(3);

        stream.unregister(reader);
        meters.refresh();
        assertThat(removed).extracting(Meter.Id::getName)
                .containsExactlyInAnyOrder("arus.stream.lag.events", "arus.stream.lag.seconds");
        assertThat(registry.find("arus.stream.lag.events").gauges()).isEmpty();
    }

    private static ColumnarBatch pages(LogStream stream, String... pages) {
        ColumnarBatch batch = ColumnarBatch.allocate(stream.definition().schema(), pages.length);
        for (int row = 0; row < pages.length; row++) {
            batch.column(0).setObject(row, pages[row]);
        }
        batch.setSize(pages.length);
        return batch;
    }

    private double lag(String name) {
        return registry.get(name).tags("stream", "clicks", "query", "revenue").gauge().value();
    }
}
