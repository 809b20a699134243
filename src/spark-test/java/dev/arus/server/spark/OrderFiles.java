package dev.arus.server.spark;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;

/**
 * Twelve orders in three json files, a minute apart by modification time, so that a file source
 * with {@code maxFilesPerTrigger} 1 reads one file a batch in the same order on either engine:
 * {@code order_id} 0 to 11, {@code category} books for every third, games otherwise, and
 * {@code amount} 2.5 times the id.
 */
final class OrderFiles {

    static final String SCHEMA = "order_id INT, category STRING, amount DOUBLE";

    private OrderFiles() {
    }

    static void write(Path directory) throws IOException {
        Files.createDirectories(directory);
        for (int file = 0; file < 3; file++) {
            List<String> lines = new ArrayList<>();
            for (int order = 0; order < 4; order++) {
                int id = file * 4 + order;
                lines.add("{\"order_id\":" + id + ",\"category\":\"" + (id % 3 == 0 ? "books" : "games")
                        + "\",\"amount\":" + (id * 2.5) + "}");
            }
            Path written = directory.resolve("orders-" + file + ".json");
            Files.write(written, lines);
            Files.setLastModifiedTime(written, FileTime.fromMillis(1_790_000_000_000L + file * 60_000L));
        }
    }
}
