package dev.arus.server.storage;

import dev.arus.server.ArusProperties;
import dev.arus.server.DataDisk;
import dev.arus.server.ShownPaths;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.stereotype.Component;

/**
 * The {@code diskSpace} health component, watching the disk of the data directory rather than
 * the working directory: checkpoints, file sinks and saved definitions are all written there, so
 * a full data disk fails every checkpointed query. {@code DOWN} below
 * {@code arus.health.min-free-disk} of usable space. The data directory need not exist yet
 * ({@link DataDisk}).
 * It replaces Spring's own disk space component ({@code management.health.diskspace.enabled=false}),
 * which would show the server's absolute path to everyone: the {@code path} here is relative to the
 * data directory, which is {@code "."}.
 */
@Component("diskSpaceHealthIndicator")
class DataDiskHealthIndicator implements HealthIndicator {

    private final Path dataDir;
    private final long thresholdBytes;
    private final ShownPaths shownPaths;

    DataDiskHealthIndicator(ArusProperties properties, ShownPaths shownPaths) {
        this.dataDir = properties.dataDir().toAbsolutePath().normalize();
        this.thresholdBytes = properties.health().minFreeDisk().toBytes();
        this.shownPaths = shownPaths;
    }

    @Override
    public Health health() {
        File disk = DataDisk.of(dataDir);
        long free = disk.getUsableSpace();
        Health.Builder health = free >= thresholdBytes ? Health.up() : Health.down();
        return health.withDetail("path", shownPaths.of(dataDir))
                .withDetail("total", disk.getTotalSpace())
                .withDetail("free", free)
                .withDetail("threshold", thresholdBytes)
                .withDetail("exists", Files.isDirectory(dataDir))
                .build();
    }
}
