package dev.arus.engine.format;

import dev.arus.engine.data.ColumnarBatch;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * Reads one file of a format into rows of the schema it was made for. Thread-safe: one reader
 * serves every task that reads a file of a source or table.
 */
public interface FileReader {

    /**
     * Pushes the file's rows to {@code consumer} in chunks of at most
     * {@link ColumnarBatch#CHUNK_SIZE} rows, each valid only during the call.
     *
     * @throws dev.arus.engine.streaming.ArusException {@code FAILED_READ_FILE.*} when the file
     *         cannot be read, or holds a malformed record in FAILFAST mode
     */
    void read(Path file, Consumer<ColumnarBatch> consumer);
}
