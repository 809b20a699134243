package dev.arus.engine.log;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.BinaryVector;
import dev.arus.engine.data.BooleanVector;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.DoubleVector;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.data.Schema;
import dev.arus.engine.data.StringVector;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.UUID;
import java.util.zip.CRC32C;

/**
 * The binary form of a record batch, a run of consecutive records of one partition, stored
 * column by column so that a reader fills column vectors without parsing anything. A batch is a
 * fixed header, then its payload; little-endian throughout:
 * <pre>
 *   int magic "ARLB", byte version 1, 3 bytes 0, int payload length,
 *   int CRC-32C of everything after it (the rest of the header and the payload),
 *   long base offset, int record count, long ingest time (microseconds),
 *   long, long the producer's id (0, 0: none), long the producer's sequence number (-1: none),
 *   payload: per column, in schema order: a null byte (0 none, 1 a bitmap of count bits
 *   follows), then the values: 8 bytes per long, timestamp or double, 4 per int, 1 per boolean;
 *   strings and binaries as count lengths (4 bytes each) then their bytes (UTF-8 for strings).
 * </pre>
 * A record's offset is the base offset plus its index in the batch. The producer, when there is
 * one, lets a writer that retries a batch after a crash find that it was written already. Stateless.
 */
final class RecordBatchCodec {

    static final int MAGIC = 0x424C5241; // "ARLB" little-endian
    static final byte VERSION = 1;
    static final int HEADER_BYTES = 60;
    /** Where the checksummed bytes start: after magic, version, padding, length and the checksum itself. */
    static final int CHECKED_FROM = 16;

    private RecordBatchCodec() {
    }

    /** What a header says. */
    record Header(long baseOffset, int count, long ingestTimeMicros, Producer producer, int payloadBytes,
                  int checksum) {

        long nextOffset() {
            return baseOffset + count;
        }

        int totalBytes() {
            return HEADER_BYTES + payloadBytes;
        }
    }

    /**
     * Reads the header at the buffer's position, moving past it; null when the bytes are not a
     * header (wrong magic or version, or a negative length).
     */
    static Header readHeader(ByteBuffer in) {
        in.order(ByteOrder.LITTLE_ENDIAN);
        if (in.getInt() != MAGIC || in.get() != VERSION) {
            return null;
        }
        in.position(in.position() + 3);
        int payloadBytes = in.getInt();
        int checksum = in.getInt();
        long baseOffset = in.getLong();
        int count = in.getInt();
        long ingestTimeMicros = in.getLong();
        long idHigh = in.getLong();
        long idLow = in.getLong();
        long sequence = in.getLong();
        Producer producer = idHigh == 0 && idLow == 0 ? null : new Producer(new UUID(idHigh, idLow), sequence);
        return count < 0 || payloadBytes < 0 || baseOffset < 0 ? null
                : new Header(baseOffset, count, ingestTimeMicros, producer, payloadBytes, checksum);
    }

    /**
     * Whether the whole batch at {@code buffer}'s position (its header read into {@code header})
     * matches its checksum.
     */
    static boolean intact(ByteBuffer buffer, Header header) {
        int start = buffer.position() + CHECKED_FROM;
        CRC32C crc = new CRC32C();
        crc.update(buffer.duplicate().position(start).limit(buffer.position() + header.totalBytes()));
        return (int) crc.getValue() == header.checksum();
    }

    /**
     * Encodes rows {@code [from, from + count)} of {@code rows} as one record batch with the given
     * base offset and ingest time, into {@code out} (grown as needed, positioned after the batch).
     */
    static ByteBuffer encode(Schema schema, ColumnarBatch rows, int from, int count, long baseOffset,
                             long ingestTimeMicros, Producer producer, ByteBuffer out) {
        out = ensure(out, HEADER_BYTES);
        out.order(ByteOrder.LITTLE_ENDIAN);
        int start = out.position();
        out.position(start + HEADER_BYTES);
        for (int c = 0; c < schema.size(); c++) {
            out = encodeColumn(schema.field(c).type(), rows.column(c), from, count, out);
        }
        int payload = out.position() - start - HEADER_BYTES;
        int end = out.position();
        out.position(start);
        out.putInt(MAGIC).put(VERSION).put((byte) 0).put((byte) 0).put((byte) 0).putInt(payload).putInt(0)
                .putLong(baseOffset).putInt(count).putLong(ingestTimeMicros)
                .putLong(producer == null ? 0 : producer.id().getMostSignificantBits())
                .putLong(producer == null ? 0 : producer.id().getLeastSignificantBits())
                .putLong(producer == null ? -1 : producer.sequence());
        CRC32C crc = new CRC32C();
        crc.update(out.duplicate().position(start + CHECKED_FROM).limit(end));
        out.putInt(start + CHECKED_FROM - 4, (int) crc.getValue());
        out.position(end);
        return out;
    }

    private static ByteBuffer encodeColumn(DataType type, ColumnVector vector, int from, int count, ByteBuffer out) {
        out = ensure(out, 1 + (count + 7) / 8);
        if (!vector.hasNulls()) {
            out.put((byte) 0);
        } else {
            out.put((byte) 1);
            byte bits = 0;
            for (int i = 0; i < count; i++) {
                if (vector.isNull(from + i)) {
                    bits |= (byte) (1 << (i & 7));
                }
                if ((i & 7) == 7 || i == count - 1) {
                    out.put(bits);
                    bits = 0;
                }
            }
        }
        switch ((AtomicType) type) {
            case LONG, TIMESTAMP -> {
                out = ensure(out, 8 * count);
                out.asLongBuffer().put(((LongVector) vector).values(), from, count);
                out.position(out.position() + 8 * count);
            }
            case INT -> {
                out = ensure(out, 4 * count);
                long[] values = ((LongVector) vector).values();
                for (int i = 0; i < count; i++) {
                    out.putInt((int) values[from + i]);
                }
            }
            case DOUBLE -> {
                out = ensure(out, 8 * count);
                out.asDoubleBuffer().put(((DoubleVector) vector).values(), from, count);
                out.position(out.position() + 8 * count);
            }
            case BOOLEAN -> {
                out = ensure(out, count);
                boolean[] values = ((BooleanVector) vector).values();
                for (int i = 0; i < count; i++) {
                    out.put(values[from + i] ? (byte) 1 : 0);
                }
            }
            case STRING -> {
                String[] values = ((StringVector) vector).values();
                byte[][] bytes = new byte[count][];
                for (int i = 0; i < count; i++) {
                    bytes[i] = vector.isNull(from + i) ? new byte[0] : values[from + i].getBytes(StandardCharsets.UTF_8);
                }
                out = encodeBytes(bytes, out);
            }
            case BINARY -> {
                byte[][] values = ((BinaryVector) vector).values();
                byte[][] bytes = new byte[count][];
                for (int i = 0; i < count; i++) {
                    bytes[i] = vector.isNull(from + i) ? new byte[0] : values[from + i];
                }
                out = encodeBytes(bytes, out);
            }
            default -> throw new IllegalArgumentException("a stream cannot hold values of type " + type.simpleString());
        }
        return out;
    }

    private static ByteBuffer encodeBytes(byte[][] values, ByteBuffer out) {
        int total = 0;
        for (byte[] value : values) {
            total += value.length;
        }
        out = ensure(out, 4 * values.length + total);
        for (byte[] value : values) {
            out.putInt(value.length);
        }
        for (byte[] value : values) {
            out.put(value);
        }
        return out;
    }

    /**
     * Decodes rows {@code [skip, skip + rows)} of the batch whose payload starts at
     * {@code payload}'s position into rows {@code [0, rows)} of {@code target} (whose vectors
     * must hold them), then puts the ingest time in column {@code schema.size()} of it.
     */
    static void decode(Schema schema, Header header, ByteBuffer payload, int skip, int rows, ColumnarBatch target) {
        payload.order(ByteOrder.LITTLE_ENDIAN);
        int count = header.count();
        for (int c = 0; c < schema.size(); c++) {
            decodeColumn(schema.field(c).type(), payload, count, skip, rows, target.column(c));
        }
        LongVector ingest = (LongVector) target.column(schema.size());
        ingest.resetNulls();
        Arrays.fill(ingest.values(), 0, rows, header.ingestTimeMicros());
        target.setSize(rows);
    }

    private static void decodeColumn(DataType type, ByteBuffer in, int count, int skip, int rows, ColumnVector vector) {
        vector.resetNulls();
        if (in.get() == 1) {
            int bitmap = in.position();
            for (int i = 0; i < rows; i++) {
                int bit = skip + i;
                if ((in.get(bitmap + (bit >> 3)) & (1 << (bit & 7))) != 0) {
                    vector.setNull(i);
                }
            }
            in.position(bitmap + (count + 7) / 8);
        }
        switch ((AtomicType) type) {
            case LONG, TIMESTAMP -> {
                in.asLongBuffer().position(skip).get(((LongVector) vector).values(), 0, rows);
                in.position(in.position() + 8 * count);
            }
            case INT -> {
                long[] values = ((LongVector) vector).values();
                int base = in.position() + 4 * skip;
                for (int i = 0; i < rows; i++) {
                    values[i] = in.getInt(base + 4 * i);
                }
                in.position(in.position() + 4 * count);
            }
            case DOUBLE -> {
                in.asDoubleBuffer().position(skip).get(((DoubleVector) vector).values(), 0, rows);
                in.position(in.position() + 8 * count);
            }
            case BOOLEAN -> {
                boolean[] values = ((BooleanVector) vector).values();
                int base = in.position() + skip;
                for (int i = 0; i < rows; i++) {
                    values[i] = in.get(base + i) != 0;
                }
                in.position(in.position() + count);
            }
            case STRING -> {
                String[] values = ((StringVector) vector).values();
                decodeBytes(in, count, skip, rows, (i, start, length) ->
                        values[i] = new String(in.array(), in.arrayOffset() + start, length, StandardCharsets.UTF_8));
            }
            case BINARY -> {
                byte[][] values = ((BinaryVector) vector).values();
                decodeBytes(in, count, skip, rows, (i, start, length) -> {
                    byte[] value = new byte[length];
                    in.get(start, value);
                    values[i] = value;
                });
            }
            default -> throw new IllegalArgumentException("a stream cannot hold values of type " + type.simpleString());
        }
    }

    /** Where one variable-length value lies in the buffer. */
    @FunctionalInterface
    private interface ValueAt {
        void take(int row, int start, int length);
    }

    private static void decodeBytes(ByteBuffer in, int count, int skip, int rows, ValueAt values) {
        int lengths = in.position();
        int start = lengths + 4 * count;
        for (int i = 0; i < skip; i++) {
            start += in.getInt(lengths + 4 * i);
        }
        for (int i = 0; i < rows; i++) {
            int length = in.getInt(lengths + 4 * (skip + i));
            values.take(i, start, length);
            start += length;
        }
        for (int i = skip + rows; i < count; i++) {
            start += in.getInt(lengths + 4 * i);
        }
        in.position(start);
    }

    private static ByteBuffer ensure(ByteBuffer buffer, int more) {
        if (buffer.remaining() >= more) {
            return buffer;
        }
        ByteBuffer larger = ByteBuffer.allocate(Math.max(buffer.capacity() * 2, buffer.position() + more))
                .order(ByteOrder.LITTLE_ENDIAN);
        buffer.flip();
        larger.put(buffer);
        return larger;
    }
}
