package dev.arus.server.storage;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.server.ArusProperties;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

class DefinitionFilesTest {

    @TempDir
    Path root;

    private DefinitionFiles files() {
        ArusProperties properties = new Binder(new MapConfigurationPropertySource(Map.of("arus.data-dir", root.toString())))
                .bindOrCreate("arus", Bindable.of(ArusProperties.class));
        return new DefinitionFiles(new DataDirectory(properties));
    }

    @Test
    void replacesADefinitionAndLeavesNoTemporaryFile() throws IOException {
        UUID id = UUID.randomUUID();
        DefinitionFiles files = files();

        files.write(id, "one".getBytes(StandardCharsets.UTF_8));
        files.write(id, "two".getBytes(StandardCharsets.UTF_8));

        try (var listing = Files.list(root.resolve("queries"))) {
            assertThat(listing.map(path -> path.getFileName().toString())).containsExactly(id + ".json");
        }
        assertThat(files.readAll().values()).extracting(String::new).containsExactly("two");
    }

    @Test
    void readsNothingWhenNoneWasSavedAndIgnoresLeftoverTemporaryFiles() throws IOException {
        assertThat(files().readAll()).isEmpty();
        Files.createDirectories(root.resolve("queries"));
        Files.writeString(root.resolve("queries/.x.json.tmp"), "half");

        assertThat(files().readAll()).isEmpty();
    }

    @Test
    void deletesADefinition() {
        UUID id = UUID.randomUUID();
        DefinitionFiles files = files();
        files.write(id, new byte[] {'{', '}'});

        files.delete(id);
        files.delete(id);

        assertThat(files.readAll()).isEmpty();
    }
}
