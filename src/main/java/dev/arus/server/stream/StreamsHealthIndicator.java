package dev.arus.server.stream;

import dev.arus.engine.log.EventLog;
import dev.arus.engine.log.LogStream;
import dev.arus.server.ArusProperties;
import dev.arus.server.ShownPaths;
import java.io.File;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.stereotype.Component;

/**
 * The {@code streams} health component: {@code DOWN} when the event log's disk has less than
 * {@code arus.health.min-free-disk} of usable space, naming the streams on it (their next
 * appends will fail, and the checkouts posting to them will get errors), or when a stream was
 * found damaged at startup. Details give each stream's size, and name files relative to the data
 * directory, as the component is open to everyone.
 */
@Component("streamsHealthIndicator")
class StreamsHealthIndicator implements HealthIndicator {

    private final EventLog log;
    private final long thresholdBytes;
    private final ShownPaths shownPaths;

    StreamsHealthIndicator(EventLog log, ArusProperties properties, ShownPaths shownPaths) {
        this.log = log;
        this.thresholdBytes = properties.health().minFreeDisk().toBytes();
        this.shownPaths = shownPaths;
    }

    @Override
    public Health health() {
        File disk = log.directory().toFile();
        long free = disk.getUsableSpace();
        List<LogStream> streams = log.streams();
        Map<String, Long> sizes = new LinkedHashMap<>();
        streams.forEach(stream -> sizes.put(stream.name(), stream.sizeBytes()));
        Map<String, String> damaged = new LinkedHashMap<>();
        log.damaged().forEach((name, damage) -> damaged.put(name, shownPaths.of(damage.getMessage())));
        boolean nearlyFull = free < thresholdBytes;
        Health.Builder health = nearlyFull || !damaged.isEmpty() ? Health.down() : Health.up();
        health.withDetail("path", shownPaths.of(log.directory()))
                .withDetail("free", free)
                .withDetail("threshold", thresholdBytes)
                .withDetail("sizeBytes", sizes);
        if (nearlyFull) {
            health.withDetail("diskNearlyFull", sizes.keySet());
        }
        if (!damaged.isEmpty()) {
            health.withDetail("damaged", damaged);
        }
        return health.build();
    }
}
