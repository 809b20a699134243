package dev.arus.server.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arus.server.ArusProperties;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

class DataDirectoryTest {

    @TempDir
    Path temp;

    private DataDirectory dataDirectory(Path root) {
        ArusProperties properties = new Binder(new MapConfigurationPropertySource(
                java.util.Map.of("arus.data-dir", root.toString())))
                .bindOrCreate("arus", Bindable.of(ArusProperties.class));
        return new DataDirectory(properties);
    }

    @Test
    void resolvesARelativeLocationInsideTheDataDirectoryWithoutCreatingIt() throws IOException {
        Path root = temp.resolve("data");

        assertThat(dataDirectory(root).resolve("checkpoints/visits")).isEqualTo(root.resolve("checkpoints/visits"));
        assertThat(root).doesNotExist();
    }

    @Test
    void refusesAbsolutePathsParentSegmentsAndItsOwnDirectories() throws IOException {
        DataDirectory data = dataDirectory(Files.createDirectories(temp.resolve("data")));

        assertThatThrownBy(() -> data.resolve(temp.resolve("elsewhere").toString()))
                .isInstanceOf(DataPathException.class).hasMessageContaining("is absolute");
        assertThatThrownBy(() -> data.resolve("../elsewhere")).hasMessageContaining("'..'");
        assertThatThrownBy(() -> data.resolve("a/../b")).hasMessageContaining("'..'");
        assertThatThrownBy(() -> data.resolve(".")).hasMessageContaining("the data directory itself");
        assertThatThrownBy(() -> data.resolve("queries/x")).hasMessageContaining("keeps for itself");
        assertThatThrownBy(() -> data.resolve("streams")).hasMessageContaining("event log");
        assertThatThrownBy(() -> data.resolve("streams/s1/0")).hasMessageContaining("event log");
        assertThat(data.resolve("streams-archive")).isEqualTo(data.resolve("x").resolveSibling("streams-archive"));
    }

    @Test
    void refusesALinkIntoItsOwnDirectories() throws IOException {
        Path root = Files.createDirectories(temp.resolve("data"));
        Files.createDirectories(root.resolve("streams/s1"));
        Files.createSymbolicLink(root.resolve("segments"), root.resolve("streams/s1"));

        assertThatThrownBy(() -> dataDirectory(root).resolve("segments")).isInstanceOf(DataPathException.class)
                .hasMessageContaining("event log");
    }

    @Test
    void findsTheCheckpointsOnDiskALocationIsLiesInOrContains() throws IOException {
        Path root = Files.createDirectories(temp.resolve("data"));
        for (String checkpoint : List.of("cp/a", "cp/deep/b")) {
            Files.createDirectories(root.resolve(checkpoint).resolve("offsets"));
            Files.writeString(root.resolve(checkpoint).resolve("metadata"), "{\"id\":\"x\"}");
        }
        Files.createDirectories(root.resolve("cp/a/state/0/0"));
        Files.createDirectories(root.resolve("in/offsets"));
        Files.writeString(root.resolve("in/metadata.csv"), "a,b");
        DataDirectory data = dataDirectory(root);

        assertThat(data.checkpointsAround(data.resolve("cp"))).containsExactlyInAnyOrder(
                data.resolve("cp/a"), data.resolve("cp/deep/b"));
        assertThat(data.checkpointsAround(data.resolve("cp/a"))).containsExactly(data.resolve("cp/a"));
        assertThat(data.checkpointsAround(data.resolve("cp/a/state/0/not-yet"))).containsExactly(data.resolve("cp/a"));
        assertThat(data.checkpointsAround(data.resolve("in"))).as("offsets without metadata is no checkpoint").isEmpty();
        assertThat(data.checkpointsAround(data.resolve("missing/x"))).isEmpty();
        assertThat(data.relative(data.resolve("cp/deep/b"))).isEqualTo("cp/deep/b");
    }

    @Test
    void followsSymbolicLinksAndRefusesThoseThatLeadOutOrNowhere() throws IOException {
        Path root = Files.createDirectories(temp.resolve("data"));
        Path outside = Files.createDirectories(temp.resolve("outside"));
        Files.createDirectories(root.resolve("real"));
        Files.createSymbolicLink(root.resolve("inside"), root.resolve("real"));
        Files.createSymbolicLink(root.resolve("out"), outside);
        Files.createSymbolicLink(root.resolve("dangling"), temp.resolve("missing"));
        DataDirectory data = dataDirectory(root);

        assertThat(data.resolve("inside/cp")).isEqualTo(root.toRealPath().resolve("real/cp"));
        assertThatThrownBy(() -> data.resolve("out/cp")).isInstanceOf(DataPathException.class)
                .hasMessageContaining("leads out of the data directory");
        assertThatThrownBy(() -> data.resolve("dangling/cp")).isInstanceOf(DataPathException.class)
                .hasMessageContaining("missing target");
    }

    @Test
    void deletesATreeInsideTheDataDirectoryOnly() throws IOException {
        Path root = Files.createDirectories(temp.resolve("data"));
        Files.createDirectories(root.resolve("cp/offsets"));
        Files.writeString(root.resolve("cp/offsets/0"), "v1\n");
        DataDirectory data = dataDirectory(root);

        data.delete(root.resolve("cp"));

        assertThat(root.resolve("cp")).doesNotExist();
        assertThat(root).exists();
        assertThatThrownBy(() -> data.delete(temp.resolve("outside"))).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void checksATreeForDeletionWhileARunningQueryRenamesItsTemporaryFilesAway() throws Exception {
        Path root = Files.createDirectories(temp.resolve("data"));
        Path commits = Files.createDirectories(root.resolve("checkpoints/visits/commits"));
        DataDirectory data = dataDirectory(root);
        AtomicBoolean writing = new AtomicBoolean(true);
        Thread writer = new Thread(() -> {
            // what an atomic checkpoint write does: a temporary file, renamed over its final name
            for (int n = 0; writing.get(); n++) {
                try {
                    Path temporary = Files.writeString(commits.resolve("." + n % 64 + ".tmp"), "v1");
                    Files.move(temporary, commits.resolve(String.valueOf(n % 64)), StandardCopyOption.ATOMIC_MOVE,
                            StandardCopyOption.REPLACE_EXISTING);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        });
        writer.start();
        try {
            for (int i = 0; i < 2_000; i++) {
                data.checkDeletable(root.resolve("checkpoints/visits"));
            }
        } finally {
            writing.set(false);
            writer.join();
        }
        assertThat(commits).isDirectory();
    }
}
