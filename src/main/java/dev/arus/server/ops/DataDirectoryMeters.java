package dev.arus.server.ops;

import dev.arus.engine.time.Clock;
import dev.arus.server.ArusProperties;
import dev.arus.server.DataDisk;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import org.springframework.stereotype.Component;

/**
 * The data directory's meters. {@code arus.data.directory.used}: the bytes of the files under
 * {@code arus.data-dir} (streams, checkpoints, file sinks, saved definitions), what the service
 * itself keeps on disk. Of the disk it is on: {@code arus.data.directory.free}, the usable bytes
 * as the {@code diskSpace} and {@code streams} health components measure them, and
 * {@code arus.data.directory.total}; and {@code arus.data.directory.min.free},
 * {@code arus.health.min-free-disk}, below which those components are DOWN, so that an alert can
 * compare the two and fire before health trips. Walking the tree costs a look at every file: the
 * used bytes are measured when scraped, at most once per {@link #REMEASURE}. Thread-safe.
 */
@Component
class DataDirectoryMeters {

    /** How long a measure of the used bytes stands: three scrapes of the shipped Prometheus configuration. */
    static final Duration REMEASURE = Duration.ofSeconds(30);

    private final Path directory;
    private final Clock clock;
    private long usedBytes;
    private long measuredAtMillis = Long.MIN_VALUE;

    DataDirectoryMeters(ArusProperties properties, MeterRegistry registry, Clock clock) {
        this.directory = properties.dataDir().toAbsolutePath().normalize();
        this.clock = clock;
        Gauge.builder("arus.data.directory.used", this, DataDirectoryMeters::usedBytes).baseUnit("bytes")
                .description("Bytes of the files under the data directory: streams, checkpoints, file sinks, definitions")
                .register(registry);
        Gauge.builder("arus.data.directory.free", directory, dir -> DataDisk.of(dir).getUsableSpace()).baseUnit("bytes")
                .description("Usable bytes of the data directory's disk, as the diskSpace health component sees them")
                .register(registry);
        Gauge.builder("arus.data.directory.total", directory, dir -> DataDisk.of(dir).getTotalSpace()).baseUnit("bytes")
                .description("The size of the data directory's disk").register(registry);
        long threshold = properties.health().minFreeDisk().toBytes();
        Gauge.builder("arus.data.directory.min.free", () -> threshold).baseUnit("bytes")
                .description("arus.health.min-free-disk: with less usable space, health is DOWN").register(registry);
    }

    /** The bytes of the files under the data directory, measured at most once per {@link #REMEASURE}. */
    synchronized long usedBytes() {
        long now = clock.millis();
        if (measuredAtMillis == Long.MIN_VALUE || now - measuredAtMillis >= REMEASURE.toMillis()) {
            usedBytes = measure(directory);
            measuredAtMillis = now;
        }
        return usedBytes;
    }

    /** The bytes of the regular files under {@code root}, not following links; files that go meanwhile count as gone. */
    static long measure(Path root) {
        long[] bytes = {0};
        try {
            Files.walkFileTree(root, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
                    if (attributes.isRegularFile()) {
                        bytes[0] += attributes.size();
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException failure) {
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path dir, IOException failure) {
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException notThrown) {
            // every visit goes on whatever fails, the missing root included
            throw new UncheckedIOException(notThrown);
        }
        return bytes[0];
    }
}
