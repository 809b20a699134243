package dev.arus.engine.exec.aggregate;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.BinaryVector;
import dev.arus.engine.data.BooleanVector;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.DoubleVector;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.data.StringVector;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns one non-window grouping key's values into longs, so that a group key is a tuple of
 * primitives: integers and timestamps as they are, doubles by their normalised bits, booleans as
 * 0/1, and strings and binary values by an id in a dictionary that only grows with new distinct
 * values. Dictionary ids are per run, so state files hold the values as text ({@link #string}):
 * binary values as ISO-8859-1 text, one character per byte.
 */
final class KeyEncoder {

    private final DataType type;
    private final Map<String, Long> stringIds = new HashMap<>();
    private final List<String> strings = new ArrayList<>();
    private final Map<Bytes, Long> binaryIds = new HashMap<>();
    private final List<byte[]> binaries = new ArrayList<>();
    // looks binary values up without allocating; a key is copied only when it is new
    private final Bytes probe = new Bytes(null);

    /** A byte array as a map key, compared by content. */
    private static final class Bytes {
        private byte[] bytes;

        Bytes(byte[] bytes) {
            this.bytes = bytes;
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Bytes that && Arrays.equals(bytes, that.bytes);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(bytes);
        }
    }

    KeyEncoder(DataType type) {
        if (!(type instanceof AtomicType)) {
            throw new IllegalArgumentException("grouping by a value of type " + type.simpleString() + " is not supported");
        }
        this.type = type;
    }

    DataType type() {
        return type;
    }

    /** The encoded value of a non-null row. */
    long encode(ColumnVector vector, int row) {
        if (vector instanceof LongVector longs) {
            return longs.values()[row];
        }
        if (vector instanceof DoubleVector doubles) {
            double value = doubles.values()[row];
            // Spark groups -0.0 with 0.0 and every NaN together.
            return Double.doubleToLongBits(value == 0.0 ? 0.0 : value);
        }
        if (vector instanceof BooleanVector booleans) {
            return booleans.values()[row] ? 1 : 0;
        }
        if (!(vector instanceof StringVector text)) {
            return encodeBinary(((BinaryVector) vector).values()[row]);
        }
        String value = text.values()[row];
        Long id = stringIds.get(value);
        if (id == null) {
            id = (long) strings.size();
            strings.add(value);
            stringIds.put(value, id);
        }
        return id;
    }

    private long encodeBinary(byte[] value) {
        probe.bytes = value;
        Long id = binaryIds.get(probe);
        if (id == null) {
            id = (long) binaries.size();
            byte[] copy = value.clone();
            binaries.add(copy);
            binaryIds.put(new Bytes(copy), id);
        }
        return id;
    }

    /** Whether values are dictionary ids, which state files must hold as {@link #string} text. */
    boolean usesDictionary() {
        return type == AtomicType.STRING || type == AtomicType.BINARY;
    }

    /** The text of a dictionary id, for serialising state. */
    String string(long id) {
        if (type == AtomicType.BINARY) {
            return new String(binaries.get((int) id), StandardCharsets.ISO_8859_1);
        }
        return strings.get((int) id);
    }

    /** The dictionary id of a value given as {@link #string} text, adding it if new; for loading state. */
    long encodeString(String value) {
        if (type == AtomicType.BINARY) {
            return encodeBinary(value.getBytes(StandardCharsets.ISO_8859_1));
        }
        Long id = stringIds.get(value);
        if (id == null) {
            id = (long) strings.size();
            strings.add(value);
            stringIds.put(value, id);
        }
        return id;
    }

    /**
     * The value {@code encoded} of {@code other} (an encoder of the same type, whose dictionary is
     * its own) as this encoder encodes it.
     */
    long translate(long encoded, KeyEncoder other) {
        if (type == AtomicType.BINARY) {
            return encodeBinary(other.binaries.get((int) encoded));
        }
        return type == AtomicType.STRING ? encodeString(other.string(encoded)) : encoded;
    }

    /** A hash of the value, the same whichever encoder's dictionary holds it. */
    long contentHash(long encoded) {
        if (type == AtomicType.BINARY) {
            return Arrays.hashCode(binaries.get((int) encoded));
        }
        return type == AtomicType.STRING ? strings.get((int) encoded).hashCode() : encoded;
    }

    /** Writes an encoded value back as a column value. */
    void decode(long encoded, ColumnVector output, int row) {
        output.setNotNull(row);
        if (output instanceof LongVector longs) {
            longs.values()[row] = encoded;
        } else if (output instanceof DoubleVector doubles) {
            doubles.values()[row] = Double.longBitsToDouble(encoded);
        } else if (output instanceof BooleanVector booleans) {
            booleans.values()[row] = encoded == 1;
        } else if (output instanceof BinaryVector binary) {
            binary.values()[row] = binaries.get((int) encoded);
        } else {
            ((StringVector) output).values()[row] = strings.get((int) encoded);
        }
    }

    /** Orders two encoded values as their decoded values order. */
    int compare(long a, long b) {
        if (type == AtomicType.DOUBLE) {
            return Double.compare(Double.longBitsToDouble(a), Double.longBitsToDouble(b));
        }
        if (type == AtomicType.STRING) {
            return Comparisons.compareUtf8(strings.get((int) a), strings.get((int) b));
        }
        if (type == AtomicType.BINARY) {
            return Arrays.compareUnsigned(binaries.get((int) a), binaries.get((int) b));
        }
        return Long.compare(a, b);
    }
}
