package dev.arus.engine.streaming;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arus.engine.files.AtomicFiles;
import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StorageWriteExceptionTest {

    @TempDir
    Path directory;

    @Test
    void noSpaceLeftIsAFullDisk() {
        // What FileChannel.write throws on ENOSPC: a plain IOException with the system's words.
        StorageWriteException full = StorageWriteException.of("Cannot write cp/commits/4",
                new IOException("No space left on device"));

        assertThat(full.errorClass()).isEqualTo(StorageWriteException.FULL);
        assertThat(full.is(StorageWriteException.STORAGE_WRITE_FAILED)).isTrue();
        assertThat(full.getMessage())
                .isEqualTo("[STORAGE_WRITE_FAILED.FULL] Cannot write cp/commits/4: No space left on device");
    }

    @Test
    void aReachedQuotaIsAFullDisk() {
        assertThat(StorageWriteException.errorClassOf(new FileSystemException("cp/x", null, "Disk quota exceeded")))
                .isEqualTo(StorageWriteException.FULL);
    }

    @Test
    void aReadOnlyFileSystemIsUnavailable() {
        assertThat(StorageWriteException.errorClassOf(new FileSystemException("cp/x", null, "Read-only file system")))
                .isEqualTo(StorageWriteException.UNAVAILABLE);
    }

    @Test
    void aCheckpointFileUnderAFileIsUnavailableAndSaysWhy() throws IOException {
        Path inTheWay = Files.writeString(directory.resolve("commits"), "a file, not a directory");

        assertThatThrownBy(() -> AtomicFiles.write(inTheWay.resolve("4"), new byte[] {1}, 1))
                .isInstanceOfSatisfying(StorageWriteException.class, refused -> {
                    assertThat(refused.errorClass()).isEqualTo(StorageWriteException.UNAVAILABLE);
                    assertThat(refused.getMessage()).contains("Cannot write " + inTheWay.resolve("4"))
                            .contains("Not a directory");
                });
    }

    @Test
    void aDirectoryWhereAFileIsSaysTheFileExists() throws IOException {
        Path inTheWay = Files.writeString(directory.resolve("out"), "a file, not a directory");

        assertThatThrownBy(() -> AtomicFiles.createDirectories(inTheWay))
                .isInstanceOfSatisfying(StorageWriteException.class, refused -> assertThat(refused.getMessage())
                        .isEqualTo("[STORAGE_WRITE_FAILED.UNAVAILABLE] Cannot create directory " + inTheWay
                                + ": File exists (" + inTheWay + ")"));
    }
}
