package dev.arus.engine.sink;

import dev.arus.engine.files.AtomicFiles;
import dev.arus.engine.data.Row;
import dev.arus.engine.data.Schema;
import dev.arus.engine.format.ParquetRowWriter;
import dev.arus.engine.format.ParquetSchemas;
import dev.arus.engine.streaming.InvalidOptionException;
import dev.arus.engine.streaming.StorageWriteException;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Locale;

/**
 * The parquet sink's part files: written whole to a hidden temporary file, synced, then renamed
 * into place, so that a crash leaves no half file under a part file's name. The only class of
 * the sinks that touches the Parquet library, so that it is loaded only when a query writes
 * Parquet.
 */
final class ParquetPartFiles {

    private ParquetPartFiles() {
    }

    /**
     * The codec of option {@code compression}, Spark's names; snappy when absent, as Spark's default.
     *
     * @throws InvalidOptionException for another codec
     * @throws dev.arus.engine.streaming.AnalysisException for a column type Parquet cannot take
     */
    static String compression(String given, Schema schema) {
        ParquetSchemas.messageType(schema);
        String codec = given == null ? "snappy" : given.trim().toLowerCase(Locale.ROOT);
        if (!ParquetRowWriter.CODECS.contains(codec)) {
            throw new InvalidOptionException("CODEC_NOT_AVAILABLE.WITH_AVAILABLE_CODECS_SUGGESTION", "compression",
                    "[CODEC_NOT_AVAILABLE.WITH_AVAILABLE_CODECS_SUGGESTION] The codec " + given + " is not available. "
                    + "Available codecs are " + String.join(", ", ParquetRowWriter.CODECS) + ". SQLSTATE: 56038");
        }
        return codec;
    }

    static String extension(String codec) {
        return ParquetRowWriter.extension(codec);
    }

    /** Writes the part file {@code part}; returns its size in bytes. */
    static long write(Path part, Schema schema, List<Row> rows, String codec) {
        Path temporary = AtomicFiles.temporaryOf(part);
        ParquetRowWriter.write(temporary, schema, rows, codec);
        try {
            try (FileChannel channel = FileChannel.open(temporary, StandardOpenOption.WRITE)) {
                channel.force(false);
            }
            long size = Files.size(temporary);
            Files.move(temporary, part, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            AtomicFiles.syncDirectory(part.getParent());
            return size;
        } catch (IOException e) {
            throw StorageWriteException.of("Cannot write " + part, e);
        }
    }
}
