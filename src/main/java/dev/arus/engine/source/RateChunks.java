package dev.arus.engine.source;

import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.LongVector;
import java.util.function.Consumer;

/**
 * Writes a rate source partition's rows into the reading task's chunk: the values
 * {@code first, first + step, ...} in chunks of at most {@link ColumnarBatch#CHUNK_SIZE}, each
 * chunk's timestamps filled by the source's own rule.
 */
final class RateChunks {

    /** Fills {@code timestamps[0, size)} (microseconds) for the chunk's {@code values[0, size)}. */
    @FunctionalInterface
    interface Timestamps {
        void fill(long[] values, long[] timestamps, int size);
    }

    private RateChunks() {
    }

    /** {@code chunk} has the rate schema: {@code timestamp} then {@code value}. */
    static void emit(ColumnarBatch chunk, long first, long rows, int step, Timestamps timestamps,
            Consumer<ColumnarBatch> consumer) {
        LongVector timestampColumn = (LongVector) chunk.column(0);
        LongVector valueColumn = (LongVector) chunk.column(1);
        long next = first;
        for (long done = 0; done < rows; ) {
            int size = (int) Math.min(ColumnarBatch.CHUNK_SIZE, rows - done);
            timestampColumn.reserve(size);
            valueColumn.reserve(size);
            long[] values = valueColumn.values();
            // a running sum, not a product a row: the JIT leaves the product's widening multiply in the loop
            long value = next;
            for (int i = 0; i < size; i++) {
                values[i] = value;
                value += step;
            }
            timestamps.fill(values, timestampColumn.values(), size);
            // a consumer may have replaced or marked the vectors of the previous chunk
            timestampColumn.resetNulls();
            valueColumn.resetNulls();
            chunk.setColumn(0, timestampColumn);
            chunk.setColumn(1, valueColumn);
            chunk.setSize(size);
            consumer.accept(chunk);
            done += size;
            next += (long) size * step;
        }
    }
}
