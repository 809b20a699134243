package dev.arus.engine.kafka;

import dev.arus.engine.data.ArrayType;
import dev.arus.engine.data.ArrayVector;
import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.BinaryVector;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.data.Schema;
import dev.arus.engine.data.StringVector;
import dev.arus.engine.data.StructType;
import dev.arus.engine.data.StructVector;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;

/**
 * Kafka records as rows of Spark's Kafka schema ({@code KafkaRecordToRowConverter}): {@code key}
 * and {@code value} binary, {@code topic}, {@code partition}, {@code offset}, {@code timestamp}
 * (the record's, to the millisecond), {@code timestampType} (Kafka's id: 0 create time, 1 log
 * append time) and, when asked for, {@code headers} as an array of {@code {key, value}} in the
 * record's order, NULL for a record without headers. Every column is nullable, as Spark declares them.
 */
final class KafkaRecords {

    static final StructType HEADER = new StructType(List.of(new Field("key", AtomicType.STRING, true),
            new Field("value", AtomicType.BINARY, true)));
    static final ArrayType HEADERS = new ArrayType(HEADER, true);

    private static final Schema SCHEMA = Schema.of(
            new Field("key", AtomicType.BINARY, true),
            new Field("value", AtomicType.BINARY, true),
            new Field("topic", AtomicType.STRING, true),
            new Field("partition", AtomicType.INT, true),
            new Field("offset", AtomicType.LONG, true),
            new Field("timestamp", AtomicType.TIMESTAMP, true),
            new Field("timestampType", AtomicType.INT, true));
    private static final Schema WITH_HEADERS = SCHEMA.withField(new Field("headers", HEADERS, true));

    private KafkaRecords() {
    }

    static Schema schema(boolean includeHeaders) {
        return includeHeaders ? WITH_HEADERS : SCHEMA;
    }

    /**
     * Fills one task's chunk with records and hands it on each time it is full; {@link #flush}
     * hands on the rest. Owned by one task.
     */
    static final class ChunkWriter {
        private final ColumnarBatch chunk;
        private final Consumer<ColumnarBatch> consumer;
        private final ColumnVector[] vectors;
        // The rows every vector holds: grown as records come, up to a full chunk.
        private int capacity;
        private int size;

        ChunkWriter(ColumnarBatch chunk, Consumer<ColumnarBatch> consumer) {
            this.chunk = chunk;
            this.consumer = consumer;
            this.vectors = new ColumnVector[chunk.schema().size()];
            for (int c = 0; c < vectors.length; c++) {
                vectors[c] = chunk.column(c);
            }
            capacity = Arrays.stream(vectors).mapToInt(ColumnVector::capacity).min().orElseThrow();
            reset();
        }

        void add(ConsumerRecord<byte[], byte[]> record) {
            int row = size;
            if (row == capacity) {
                grow(row + 1);
            }
            binary(0, row, record.key());
            binary(1, row, record.value());
            ((StringVector) vectors[2]).values()[row] = record.topic();
            ((LongVector) vectors[3]).values()[row] = record.partition();
            ((LongVector) vectors[4]).values()[row] = record.offset();
            ((LongVector) vectors[5]).values()[row] = Math.multiplyExact(record.timestamp(), 1000L);
            ((LongVector) vectors[6]).values()[row] = record.timestampType().id;
            if (vectors.length > 7) {
                headers((ArrayVector) vectors[7], row, record.headers());
            }
            if (++size == ColumnarBatch.CHUNK_SIZE) {
                flush();
            }
        }

        private void binary(int column, int row, byte[] value) {
            if (value == null) {
                vectors[column].setNull(row);
            } else {
                vectors[column].setNotNull(row);
                ((BinaryVector) vectors[column]).values()[row] = value;
            }
        }

        /** As Spark's {@code KafkaRecordToRowConverter}: a record without headers has NULL, not an empty array. */
        private static void headers(ArrayVector column, int row, Headers headers) {
            Header[] all = headers.toArray();
            if (all.length == 0) {
                column.setNull(row);
                return;
            }
            int at = column.appendRow(row, all.length);
            StructVector elements = (StructVector) column.elements();
            for (Header header : all) {
                elements.setNotNull(at);
                elements.child(0).setObject(at, header.key());
                elements.child(1).setObject(at, header.value());
                at++;
            }
        }

        /** The task's chunk may hold fewer rows than a full chunk, and its vectors need not be alike. */
        private void grow(int rows) {
            for (ColumnVector vector : vectors) {
                vector.reserve(rows);
            }
            capacity = ColumnarBatch.capacityFor(rows);
        }

        /** Hands on the records added since the last chunk, if any. */
        void flush() {
            if (size > 0) {
                for (int c = 0; c < vectors.length; c++) {
                    chunk.setColumn(c, vectors[c]);
                }
                chunk.setSize(size);
                consumer.accept(chunk);
                reset();
            }
        }

        /** A consumer may have replaced or marked the vectors of the previous chunk. */
        private void reset() {
            for (ColumnVector vector : vectors) {
                vector.resetNulls();
            }
            size = 0;
        }
    }
}
