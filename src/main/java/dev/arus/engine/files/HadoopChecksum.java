package dev.arus.engine.files;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.zip.CRC32;

/**
 * The checksum Hadoop's local file system keeps beside each file Spark writes: {@code .<name>.crc},
 * the magic {@code crc\0}, the bytes per checksum (an int, 512 by default), then the CRC-32 of
 * each such chunk of the file in turn (Hadoop's {@code ChecksumFileSystem} with
 * {@code DataChecksum.Type.CRC32}). A Spark log entry ends without a newline, where Arus's end in
 * one so that a cut short entry is told apart; a matching checksum tells that Spark's entry is whole.
 */
public final class HadoopChecksum {

    private static final int MAGIC = 0x63726300; // "crc\0"
    private static final int HEADER = 8;

    private HadoopChecksum() {
    }

    /** Where Hadoop keeps the checksum of {@code file}: {@code .<name>.crc} beside it. */
    public static Path fileOf(Path file) {
        return file.resolveSibling("." + file.getFileName() + ".crc");
    }

    /** Whether {@code file}, whose content is {@code content}, has a Hadoop checksum beside it that matches it. */
    public static boolean matches(Path file, byte[] content) {
        byte[] sums;
        try {
            sums = Files.readAllBytes(fileOf(file));
        } catch (NoSuchFileException absent) {
            return false;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (sums.length < HEADER) {
            return false;
        }
        ByteBuffer buffer = ByteBuffer.wrap(sums);
        int bytesPerChecksum = buffer.getInt(4);
        if (buffer.getInt(0) != MAGIC || bytesPerChecksum <= 0) {
            return false;
        }
        int chunks = (int) ((content.length + (long) bytesPerChecksum - 1) / bytesPerChecksum);
        if (sums.length != HEADER + 4 * chunks) {
            return false;
        }
        CRC32 crc = new CRC32();
        for (int chunk = 0; chunk < chunks; chunk++) {
            int from = chunk * bytesPerChecksum;
            crc.reset();
            crc.update(content, from, Math.min(bytesPerChecksum, content.length - from));
            if ((int) crc.getValue() != buffer.getInt(HEADER + 4 * chunk)) {
                return false;
            }
        }
        return true;
    }
}
