package dev.arus.server.ops;

import dev.arus.server.ShownPaths;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.config.MeterFilter;
import java.nio.file.Path;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The disk meters of the data directory's disk ({@code disk_free_bytes}, {@code disk_total_bytes}
 * from {@code management.metrics.system.diskspace.paths}) carry the directory in their
 * {@code path} tag as clients are shown it, {@code "."}, and not as the server's absolute path:
 * {@code /actuator/prometheus} is open to everyone.
 */
@Configuration(proxyBeanMethods = false)
class DiskMeterPaths {

    private static final String PATH_TAG = "path";

    @Bean
    MeterFilter shownDiskPaths(ShownPaths shownPaths) {
        return new MeterFilter() {
            @Override
            public Meter.Id map(Meter.Id id) {
                String path = id.getTag(PATH_TAG);
                if (path == null || !id.getName().startsWith("disk.")) {
                    return id;
                }
                return id.replaceTags(Tags.of(id.getTagsAsIterable()).and(PATH_TAG, shownPaths.of(Path.of(path))));
            }
        };
    }
}
