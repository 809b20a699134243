package dev.arus.engine.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arus.engine.streaming.CheckpointException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SourceMetadataTest {

    @TempDir
    Path sources;

    @Test
    void readsWhatItWritesAsSparkWritesTheFile() {
        Path file = sources.resolve("0/0");
        SourceMetadata.write(file, "{\"orders\":{\"0\":23,\"1\":5}}");

        assertThat(file).hasBinaryContent("v1\n{\"orders\":{\"0\":23,\"1\":5}}".getBytes(StandardCharsets.UTF_8));
        assertThat(SourceMetadata.read(file)).isEqualTo("{\"orders\":{\"0\":23,\"1\":5}}");
    }

    /** Spark's rate source reads everything after the version line as its creation time: no line end may follow. */
    @Test
    void writesARateSourcesCreationTimeAsSparksRateSourceReadsIt() {
        Path file = sources.resolve("0/0");
        SourceMetadata.write(file, "1796558515470");

        assertThat(file).hasBinaryContent("v1\n1796558515470".getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void readsTheFileAnEarlierArusWroteWithALineEnd() throws IOException {
        Path file = Files.createDirectories(sources.resolve("0")).resolve("0");
        Files.writeString(file, "v1\n1796558515470\n");

        assertThat(SourceMetadata.read(file)).isEqualTo("1796558515470");
    }

    @Test
    void readsTheFileAsSparksKafkaSourceWritesItAZeroByteFirstAndNoLineEnd() throws IOException {
        Path file = Files.createDirectories(sources.resolve("0")).resolve("0");
        Files.writeString(file, "\0v1\n{\"orders\":{\"0\":23}}");

        assertThat(SourceMetadata.read(file)).isEqualTo("{\"orders\":{\"0\":23}}");
    }

    @Test
    void findsNoMetadataWithoutTheFileAndDamageInAnotherVersion() throws IOException {
        assertThat(SourceMetadata.read(sources.resolve("0/0"))).isNull();
        Path file = Files.createDirectories(sources.resolve("1")).resolve("0");
        Files.writeString(file, "v2\n{}\n");

        assertThatThrownBy(() -> SourceMetadata.read(file)).isInstanceOf(CheckpointException.class)
                .hasMessageContaining("expected a 'v1' line");
    }
}
