package dev.arus.server.demo;

import dev.arus.server.ArusProperties;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * The table the dashboard's stream-static join template reads: {@value #PATH} under the data
 * directory, each shop's city. Written when the service is ready unless a file of that name is
 * there already (a user's own is never overwritten); {@code arus.demo.enabled=false} leaves the
 * data directory untouched.
 */
@Component
class ExampleTable {

    static final String PATH = "tables/shops.csv";
    static final String CSV = """
            shop,city
            0,Lisbon
            1,Oslo
            2,Tallinn
            """;

    private static final Logger LOG = LoggerFactory.getLogger(ExampleTable.class);

    private final Path file;
    private final boolean enabled;

    ExampleTable(ArusProperties properties) {
        this.file = properties.dataDir().resolve(PATH);
        this.enabled = properties.demo().enabled();
    }

    @EventListener(ApplicationReadyEvent.class)
    void write() {
        if (enabled) {
            writeUnlessPresent(file);
        }
    }

    /** Writes the table at {@code file}, unless something is there already; a failure is logged, never thrown. */
    static void writeUnlessPresent(Path file) {
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, CSV, StandardOpenOption.CREATE_NEW);
        } catch (FileAlreadyExistsException present) {
            // The user's table, or the one written at an earlier start.
        } catch (IOException failed) {
            LOG.warn("Could not write the example table {}: {}", file, failed.toString());
        }
    }
}
