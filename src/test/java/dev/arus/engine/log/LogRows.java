package dev.arus.engine.log;

import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.Schema;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Test rows in and out of a stream: batches built from value lists, and a partition read back as lists. */
final class LogRows {

    private LogRows() {
    }

    /** A batch of {@code schema} holding {@code rows}, each a list of values of the kinds {@code getObject} returns. */
    static ColumnarBatch batch(Schema schema, List<List<Object>> rows) {
        ColumnarBatch batch = ColumnarBatch.allocate(schema, Math.max(1, rows.size()));
        for (int r = 0; r < rows.size(); r++) {
            for (int c = 0; c < schema.size(); c++) {
                batch.column(c).setObject(r, rows.get(r).get(c));
            }
        }
        batch.setSize(rows.size());
        return batch;
    }

    /** Rows {@code [from, to)} of a partition, each with its ingest time last. */
    static List<List<Object>> read(LogStream stream, int partition, long from, long to) {
        List<List<Object>> rows = new ArrayList<>();
        ColumnarBatch chunk = ColumnarBatch.allocate(stream.readSchema(), ColumnarBatch.CHUNK_SIZE);
        stream.read(partition, from, to, chunk, read -> {
            for (int r = 0; r < read.size(); r++) {
                Object[] values = new Object[read.schema().size()];
                for (int c = 0; c < values.length; c++) {
                    Object value = read.column(c).getObject(r);
                    values[c] = value instanceof byte[] bytes ? Arrays.toString(bytes) : value;
                }
                rows.add(Arrays.asList(values));
            }
        });
        return rows;
    }

    /** Every durable row of a partition. */
    static List<List<Object>> readAll(LogStream stream, int partition) {
        return read(stream, partition, stream.earliestOffsets()[partition], stream.durableEnds()[partition]);
    }

    /** Appends and waits until durable. */
    static AppendResult append(LogStream stream, ColumnarBatch rows) {
        return append(stream, rows, null);
    }

    static AppendResult append(LogStream stream, ColumnarBatch rows, Producer producer) {
        try {
            return stream.append(rows, producer).get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError("append failed", e);
        }
    }
}
