package dev.arus.server.spark;

import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.log.LogStream;
import java.util.ArrayDeque;
import java.util.Queue;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;

/**
 * Reads an {@link EventLogPartition} in a Spark task: the log's records decoded as Arus's engine
 * decodes them, a chunk of at most {@value ColumnarBatch#CHUNK_SIZE} records at a time, so that a
 * task holds one chunk's rows however many records its range spans.
 */
final class EventLogReaderFactory implements PartitionReaderFactory {

    @Override
    public PartitionReader<InternalRow> createReader(InputPartition partition) {
        return new Reader((EventLogPartition) partition);
    }

    private static final class Reader implements PartitionReader<InternalRow> {

        private final LogStream stream;
        private final EventLogPartition range;
        private final ColumnarBatch chunk;
        private final Queue<InternalRow> rows = new ArrayDeque<>();
        private long next;
        private InternalRow current;

        Reader(EventLogPartition range) {
            this.range = range;
            this.stream = SparkEventLog.find(range.log()).log().stream(range.stream());
            this.chunk = ColumnarBatch.allocate(stream.readSchema(), ColumnarBatch.INITIAL_CAPACITY);
            this.next = range.from();
        }

        @Override
        public boolean next() {
            while (rows.isEmpty() && next < range.to()) {
                long until = Math.min(range.to(), next + ColumnarBatch.CHUNK_SIZE);
                stream.read(range.partition(), next, until, chunk, decoded -> {
                    for (int row = 0; row < decoded.size(); row++) {
                        rows.add(EventLogRows.row(decoded, row));
                    }
                });
                next = until;
            }
            current = rows.poll();
            return current != null;
        }

        @Override
        public InternalRow get() {
            return current;
        }

        @Override
        public void close() {
            rows.clear();
        }
    }
}
