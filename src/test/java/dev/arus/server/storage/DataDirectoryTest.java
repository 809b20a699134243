package dev.arus.server.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arus.server.ArusProperties;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
        assertThatThrownBy(() -> data.resolve(".")).hasMessageContaining("keeps for itself");
        assertThatThrownBy(() -> data.resolve("queries/x")).hasMessageContaining("keeps for itself");
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
}
