package dev.arus.engine.log;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.BigDecimalVector;
import dev.arus.engine.data.BinaryVector;
import dev.arus.engine.data.BooleanVector;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.DecimalType;
import dev.arus.engine.data.DoubleVector;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.data.Schema;
import dev.arus.engine.data.StringVector;
import dev.arus.engine.data.StructType;
import dev.arus.engine.data.StructVector;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
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
 *   follows), then the values (see {@link Layout}): 8 bytes per bigint, timestamp, double or
 *   decimal of up to 18 digits (unscaled), 4 per int, date or float, 2 per smallint, 1 per tinyint
 *   or boolean; strings, binaries and wider decimals (the two's-complement bytes of the unscaled
 *   value) as their bytes' total length (4 bytes), count lengths (4 bytes each), then their bytes
 *   (UTF-8 for strings), so that a reader skips a column it does not need at once; a struct
 *   as its null byte (and bitmap), then each of its fields as a column, in order (a field's
 *   value in a row where the struct is NULL is stored, and means nothing).
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
    /**
     * A record batch of {@code rows} whose header is still blank: its payload can be encoded on
     * the appending thread, and only {@link #stamp} is left for the log's single writer, once it
     * knows the batch's offsets.
     */
    record Unstamped(ByteBuffer bytes, int count) {

        int totalBytes() {
            return bytes.limit();
        }
    }

    /** Encodes every row of {@code rows} as the payload of a record batch, leaving room for its header. */
    static Unstamped encode(Schema schema, ColumnarBatch rows) {
        ByteBuffer out = ByteBuffer.allocate(HEADER_BYTES + 16 * rows.size() * Math.max(1, schema.size()))
                .order(ByteOrder.LITTLE_ENDIAN);
        out.position(HEADER_BYTES);
        for (int c = 0; c < schema.size(); c++) {
            out = encodeColumn(schema.field(c).type(), rows.column(c), 0, rows.size(), out);
        }
        out.flip();
        return new Unstamped(out, rows.size());
    }

    /**
     * Writes the header of {@code batch} (base offset, ingest time, producer, the payload's
     * length and the checksum) and returns it, ready to be written whole.
     */
    static ByteBuffer stamp(Unstamped batch, long baseOffset, long ingestTimeMicros, Producer producer) {
        ByteBuffer out = batch.bytes().duplicate().order(ByteOrder.LITTLE_ENDIAN);
        int end = out.limit();
        out.putInt(MAGIC).put(VERSION).put((byte) 0).put((byte) 0).put((byte) 0).putInt(end - HEADER_BYTES).putInt(0)
                .putLong(baseOffset).putInt(batch.count()).putLong(ingestTimeMicros)
                .putLong(producer == null ? 0 : producer.id().getMostSignificantBits())
                .putLong(producer == null ? 0 : producer.id().getLeastSignificantBits())
                .putLong(producer == null ? -1 : producer.sequence());
        CRC32C crc = new CRC32C();
        crc.update(out.duplicate().position(CHECKED_FROM).limit(end));
        out.putInt(CHECKED_FROM - 4, (int) crc.getValue());
        return out.position(0);
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
        switch (Layout.of(type)) {
            case STRUCT -> {
                List<Field> fields = ((StructType) type).fields();
                for (int f = 0; f < fields.size(); f++) {
                    out = encodeColumn(fields.get(f).type(), ((StructVector) vector).child(f), from, count, out);
                }
            }
            case LONG -> {
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
            case SHORT -> {
                out = ensure(out, 2 * count);
                long[] values = ((LongVector) vector).values();
                for (int i = 0; i < count; i++) {
                    out.putShort((short) values[from + i]);
                }
            }
            case BYTE -> {
                out = ensure(out, count);
                long[] values = ((LongVector) vector).values();
                for (int i = 0; i < count; i++) {
                    out.put((byte) values[from + i]);
                }
            }
            case DOUBLE -> {
                out = ensure(out, 8 * count);
                out.asDoubleBuffer().put(((DoubleVector) vector).values(), from, count);
                out.position(out.position() + 8 * count);
            }
            case FLOAT -> {
                out = ensure(out, 4 * count);
                double[] values = ((DoubleVector) vector).values();
                for (int i = 0; i < count; i++) {
                    out.putFloat((float) values[from + i]);
                }
            }
            case BOOLEAN -> {
                out = ensure(out, count);
                boolean[] values = ((BooleanVector) vector).values();
                for (int i = 0; i < count; i++) {
                    out.put(values[from + i] ? (byte) 1 : 0);
                }
            }
            case BYTES -> {
                byte[][] bytes = new byte[count][];
                for (int i = 0; i < count; i++) {
                    bytes[i] = vector.isNull(from + i) ? new byte[0] : bytesOf(vector, from + i);
                }
                out = encodeBytes(bytes, out);
            }
        }
        return out;
    }

    /**
     * A string's UTF-8 bytes, a binary value, or a wide decimal's unscaled value in two's
     * complement; none for a field never set (of a row whose struct is NULL).
     */
    private static byte[] bytesOf(ColumnVector vector, int row) {
        if (vector instanceof StringVector strings) {
            String value = strings.values()[row];
            return value == null ? new byte[0] : value.getBytes(StandardCharsets.UTF_8);
        }
        if (vector instanceof BigDecimalVector decimals) {
            BigDecimal value = decimals.values()[row];
            return value == null ? new byte[0] : value.unscaledValue().toByteArray();
        }
        byte[] value = ((BinaryVector) vector).values()[row];
        return value == null ? new byte[0] : value;
    }

    /**
     * How a column's values are laid out, by the width of what is stored per value; a struct
     * stores none of its own, its fields follow it.
     */
    enum Layout {
        LONG(8), INT(4), SHORT(2), BYTE(1), DOUBLE(8), FLOAT(4), BOOLEAN(1), BYTES(0), STRUCT(0);

        private final int width;

        Layout(int width) {
            this.width = width;
        }

        static Layout of(DataType type) {
            if (type instanceof StructType) {
                return STRUCT;
            }
            if (type instanceof DecimalType decimal) {
                return decimal.isCompact() ? LONG : BYTES;
            }
            return switch ((AtomicType) type) {
                case LONG, TIMESTAMP -> LONG;
                case INT, DATE -> INT;
                case SHORT -> SHORT;
                case BYTE -> BYTE;
                case DOUBLE -> DOUBLE;
                case FLOAT -> FLOAT;
                case BOOLEAN -> BOOLEAN;
                case STRING, BINARY -> BYTES;
                case NULL -> throw new IllegalArgumentException("a stream cannot hold values of type void");
            };
        }
    }

    private static ByteBuffer encodeBytes(byte[][] values, ByteBuffer out) {
        int total = 0;
        for (byte[] value : values) {
            total += value.length;
        }
        out = ensure(out, 4 + 4 * values.length + total);
        out.putInt(total);
        for (byte[] value : values) {
            out.putInt(value.length);
        }
        for (byte[] value : values) {
            out.put(value);
        }
        return out;
    }

    /**
     * Reads the rows of one record batch, chunk after chunk: where each column's nulls, values and
     * (for strings and binaries) next bytes lie is found once per batch, and columns the query does
     * not read are never decoded. A struct's fields are columns of their own, numbered after it in
     * the order they are stored (the schema's columns and fields, depth first). Chunks must come
     * in order. Not thread-safe.
     */
    static final class Reader {

        private final Schema schema;
        private final Header header;
        private final ByteBuffer in;
        private final BitSet columns;
        /** Per declared column: the number of its stored column (itself, or a struct with its fields after it). */
        private final int[] storedOf;
        /** Per stored column: its type. */
        private final DataType[] types;
        /** Per stored column: where its null bitmap starts, -1 without nulls. */
        private final int[] nullsAt;
        /** Per stored column: where its values start; for strings and binaries, their lengths. */
        private final int[] valuesAt;
        /** Per string or binary stored column: where the bytes of row {@link #nextRow} start. */
        private final int[] bytesAt;
        private int nextRow;

        /**
         * A reader of the batch whose header is {@code header} and whose payload starts at
         * {@code payload}'s position; of its columns, only those at {@code columns} (null: all).
         */
        Reader(Schema schema, Header header, ByteBuffer payload, BitSet columns) {
            this.schema = schema;
            this.header = header;
            this.in = payload.order(ByteOrder.LITTLE_ENDIAN);
            this.columns = columns;
            List<DataType> stored = new ArrayList<>();
            storedOf = new int[schema.size()];
            for (int c = 0; c < schema.size(); c++) {
                storedOf[c] = stored.size();
                addStored(schema.field(c).type(), stored);
            }
            types = stored.toArray(DataType[]::new);
            int count = header.count();
            nullsAt = new int[types.length];
            valuesAt = new int[types.length];
            bytesAt = new int[types.length];
            int at = payload.position();
            for (int c = 0; c < types.length; c++) {
                boolean nulls = in.get(at++) == 1;
                nullsAt[c] = nulls ? at : -1;
                at += nulls ? (count + 7) / 8 : 0;
                Layout layout = Layout.of(types[c]);
                if (layout == Layout.BYTES) {
                    int total = in.getInt(at);
                    valuesAt[c] = at + 4;
                    bytesAt[c] = at + 4 + 4 * count;
                    at += 4 + 4 * count + total;
                } else {
                    valuesAt[c] = at;
                    at += layout.width * count;
                }
            }
        }

        /** The stored columns of a value of {@code type}, in the order they are stored. */
        private static void addStored(DataType type, List<DataType> stored) {
            stored.add(type);
            if (type instanceof StructType struct) {
                struct.fields().forEach(field -> addStored(field.type(), stored));
            }
        }

        /**
         * Decodes rows {@code [from, from + rows)} into rows {@code [0, rows)} of {@code target}
         * (whose vectors must hold them), the columns not read set NULL, then the ingest time in
         * column {@code schema.size()}. {@code from} must not be before the end of the last chunk read.
         */
        void read(int from, int rows, ColumnarBatch target) {
            for (int c = 0; c < schema.size(); c++) {
                ColumnVector vector = target.column(c);
                if (columns != null && !columns.get(c)) {
                    vector.resetNulls();
                    for (int i = 0; i < rows; i++) {
                        vector.setNull(i);
                    }
                    continue;
                }
                readColumn(storedOf[c], from, rows, vector);
            }
            nextRow = from + rows;
            LongVector ingest = (LongVector) target.column(schema.size());
            ingest.resetNulls();
            Arrays.fill(ingest.values(), 0, rows, header.ingestTimeMicros());
            target.setSize(rows);
        }

        /** Reads stored column {@code stored} into {@code vector}; returns the stored column after it and its fields. */
        private int readColumn(int stored, int from, int rows, ColumnVector vector) {
            vector.resetNulls();
            if (nullsAt[stored] >= 0) {
                for (int i = 0; i < rows; i++) {
                    int bit = from + i;
                    if ((in.get(nullsAt[stored] + (bit >> 3)) & (1 << (bit & 7))) != 0) {
                        vector.setNull(i);
                    }
                }
            }
            if (vector instanceof StructVector struct) {
                int next = stored + 1;
                for (int f = 0; f < ((StructType) types[stored]).fields().size(); f++) {
                    next = readColumn(next, from, rows, struct.child(f));
                }
                return next;
            }
            readValues(stored, from, rows, vector);
            return stored + 1;
        }

        private void readValues(int column, int from, int rows, ColumnVector vector) {
            int at = valuesAt[column];
            switch (Layout.of(types[column])) {
                case STRUCT -> throw new IllegalStateException("a struct's fields are read as columns of their own");
                case LONG -> at(at + 8 * from).asLongBuffer().get(((LongVector) vector).values(), 0, rows);
                case INT -> {
                    long[] values = ((LongVector) vector).values();
                    for (int i = 0; i < rows; i++) {
                        values[i] = in.getInt(at + 4 * (from + i));
                    }
                }
                case SHORT -> {
                    long[] values = ((LongVector) vector).values();
                    for (int i = 0; i < rows; i++) {
                        values[i] = in.getShort(at + 2 * (from + i));
                    }
                }
                case BYTE -> {
                    long[] values = ((LongVector) vector).values();
                    for (int i = 0; i < rows; i++) {
                        values[i] = in.get(at + from + i);
                    }
                }
                case DOUBLE -> at(at + 8 * from).asDoubleBuffer().get(((DoubleVector) vector).values(), 0, rows);
                case FLOAT -> {
                    double[] values = ((DoubleVector) vector).values();
                    for (int i = 0; i < rows; i++) {
                        values[i] = in.getFloat(at + 4 * (from + i));
                    }
                }
                case BOOLEAN -> {
                    boolean[] values = ((BooleanVector) vector).values();
                    for (int i = 0; i < rows; i++) {
                        values[i] = in.get(at + from + i) != 0;
                    }
                }
                case BYTES -> readBytes(column, from, rows, vector);
            }
        }

        /** Strings, binaries and wide decimals, whose bytes follow their lengths. */
        private void readBytes(int column, int from, int rows, ColumnVector vector) {
            int lengths = valuesAt[column];
            int start = bytesFrom(column, from);
            for (int i = 0; i < rows; i++) {
                int length = in.getInt(lengths + 4 * (from + i));
                if (vector instanceof StringVector strings) {
                    strings.values()[i] = new String(in.array(), in.arrayOffset() + start, length,
                            StandardCharsets.UTF_8);
                } else {
                    byte[] bytes = new byte[length];
                    in.get(start, bytes);
                    if (vector instanceof BigDecimalVector decimals) {
                        // a NULL row has no bytes, and its value is never read
                        decimals.values()[i] = length == 0 ? null : new BigDecimal(new BigInteger(bytes),
                                decimals.decimalType().scale());
                    } else {
                        ((BinaryVector) vector).values()[i] = bytes;
                    }
                }
                start += length;
            }
            bytesAt[column] = start;
        }

        /** The batch's bytes from {@code position} on, little-endian. */
        private ByteBuffer at(int position) {
            return in.duplicate().order(ByteOrder.LITTLE_ENDIAN).position(position);
        }

        /** Where the bytes of row {@code row} of a string or binary column start, moving on from the last chunk. */
        private int bytesFrom(int column, int row) {
            if (row < nextRow) {
                throw new IllegalStateException("chunks of a record batch come in order: row " + row
                        + " after row " + nextRow);
            }
            int start = bytesAt[column];
            for (int i = nextRow; i < row; i++) {
                start += in.getInt(valuesAt[column] + 4 * i);
            }
            return start;
        }
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
