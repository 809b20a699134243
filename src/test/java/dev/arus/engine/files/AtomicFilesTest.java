package dev.arus.engine.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file written in many writes of bounded size holds the bytes given, whole, with or without the
 * halfway seam; a write stopped halfway leaves the old content.
 */
class AtomicFilesTest {

    @TempDir
    Path directory;

    @Test
    void aFileOfManyWritesHoldsExactlyTheBytesGiven() throws IOException {
        byte[] bytes = new byte[3 * 1024 * 1024 + 7];
        new Random(36).nextBytes(bytes);
        Path target = directory.resolve("1.delta");

        AtomicFiles.write(target, bytes, bytes.length - 5);

        assertThat(Files.readAllBytes(target)).isEqualTo(Arrays.copyOf(bytes, bytes.length - 5));
    }

    @Test
    void theHalfwaySeamRunsOnceWhenHalfTheBytesAreWritten() throws IOException {
        byte[] bytes = new byte[1024 * 1024 + 3];
        new Random(7).nextBytes(bytes);
        Path target = directory.resolve("2.snapshot");
        AtomicLong writtenAtHalfway = new AtomicLong(-1);

        AtomicFiles.write(target, bytes, bytes.length,
                () -> writtenAtHalfway.set(AtomicFiles.temporaryOf(target).toFile().length()));

        assertThat(writtenAtHalfway).hasValue(bytes.length / 2);
        assertThat(Files.readAllBytes(target)).isEqualTo(bytes);
    }

    /**
     * A write stopped halfway, three chunks in, leaves the file's old content and a temporary
     * file cut short, and says so to its caller; the next write replaces both, whole.
     */
    @Test
    void aWriteStoppedHalfwayLeavesTheOldContentAndTheNextWriteReplacesItWhole() throws IOException {
        Path target = directory.resolve("3.snapshot");
        byte[] old = {1, 2, 3};
        AtomicFiles.write(target, old, old.length);
        byte[] bytes = new byte[768 * 1024 + 5];
        new Random(11).nextBytes(bytes);

        assertThatThrownBy(() -> AtomicFiles.write(target, bytes, bytes.length, () -> {
            throw new IllegalStateException("stopped halfway");
        })).hasMessage("stopped halfway");

        assertThat(Files.readAllBytes(target)).isEqualTo(old);
        assertThat(AtomicFiles.temporaryOf(target).toFile().length()).isEqualTo(bytes.length / 2);
        AtomicFiles.write(target, bytes, bytes.length);
        assertThat(Files.readAllBytes(target)).isEqualTo(bytes);
        assertThat(AtomicFiles.temporaryOf(target)).doesNotExist();
    }
}
