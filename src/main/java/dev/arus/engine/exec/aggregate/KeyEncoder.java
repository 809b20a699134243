package dev.arus.engine.exec.aggregate;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.BigDecimalVector;
import dev.arus.engine.data.BinaryVector;
import dev.arus.engine.data.BooleanVector;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.DecimalType;
import dev.arus.engine.data.DoubleVector;
import dev.arus.engine.data.HashFunction;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.data.StringVector;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns one non-window grouping key's values into longs, so that a group key is a tuple of
 * primitives: whatever a long vector holds (integers, dates, timestamps, intervals, decimals of up
 * to 18 digits) as it is, doubles and floats by their normalised bits, booleans as 0/1, and
 * strings, binary values and wider decimals by an id in a dictionary that only grows with new
 * distinct values. Dictionary ids are per run, so state files hold the values as text
 * ({@link #string}): binary values as ISO-8859-1 text, one character per byte, decimals as their
 * plain digits.
 */
final class KeyEncoder {

    private final DataType type;
    private final boolean usesDictionary;
    // distinct values numbered in order of arrival: Strings, Bytes or BigDecimals, by the type
    private final Map<Object, Long> ids = new HashMap<>();
    private final List<Object> values = new ArrayList<>();
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
        if (type.isComplex()) {
            throw new IllegalArgumentException("grouping by a value of type " + type.simpleString() + " is not supported");
        }
        this.type = type;
        this.usesDictionary = type == AtomicType.STRING || type == AtomicType.BINARY
                || type instanceof DecimalType decimal && !decimal.isCompact();
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
        if (vector instanceof StringVector text) {
            return idOf(text.values()[row]);
        }
        if (vector instanceof BigDecimalVector wide) {
            return idOf(wide.values()[row]);
        }
        return encodeBinary(((BinaryVector) vector).values()[row]);
    }

    /**
     * Encodes rows {@code rows[0, count)} of {@code vector} into {@code out[i * stride + field]},
     * 0 for a NULL: {@link #encode} a column at a time, a plain copy for numbers without NULLs.
     */
    void encodeAll(ColumnVector vector, int[] rows, int count, long[] out, int field, int stride) {
        if (vector instanceof LongVector longs && !vector.hasNulls()) {
            long[] values = longs.values();
            for (int i = 0, at = field; i < count; i++, at += stride) {
                out[at] = values[rows[i]];
            }
            return;
        }
        for (int i = 0, at = field; i < count; i++, at += stride) {
            int row = rows[i];
            out[at] = vector.isNull(row) ? 0 : encode(vector, row);
        }
    }

    private long idOf(Object value) {
        Long id = ids.get(value);
        if (id != null) {
            return id;
        }
        long added = values.size();
        values.add(value);
        ids.put(value, added);
        return added;
    }

    private long encodeBinary(byte[] value) {
        probe.bytes = value;
        Long id = ids.get(probe);
        return id != null ? id : idOf(new Bytes(value.clone()));
    }

    /** Whether values are dictionary ids, which state files must hold as {@link #string} text. */
    boolean usesDictionary() {
        return usesDictionary;
    }

    /** The text of a dictionary id, for serialising state. */
    String string(long id) {
        Object value = values.get((int) id);
        if (value instanceof Bytes binary) {
            return new String(binary.bytes, StandardCharsets.ISO_8859_1);
        }
        return value instanceof BigDecimal decimal ? decimal.toPlainString() : (String) value;
    }

    /** The dictionary id of a value given as {@link #string} text, adding it if new; for loading state. */
    long encodeString(String value) {
        if (type == AtomicType.BINARY) {
            return encodeBinary(value.getBytes(StandardCharsets.ISO_8859_1));
        }
        return idOf(type instanceof DecimalType ? new BigDecimal(value) : value);
    }

    /**
     * The value {@code encoded} of {@code other} (an encoder of the same type, whose dictionary is
     * its own) as this encoder encodes it.
     */
    long translate(long encoded, KeyEncoder other) {
        return usesDictionary ? idOf(other.values.get((int) encoded)) : encoded;
    }

    /** {@code seed} with the value {@code encoded} folded in as Spark's {@code hash} folds it, whichever dictionary holds it. */
    long fold(long encoded, long seed) {
        HashFunction murmur3 = HashFunction.MURMUR3;
        if (usesDictionary) {
            Object value = values.get((int) encoded);
            return value instanceof String text ? murmur3.foldString(text, seed)
                    : value instanceof Bytes bytes ? murmur3.hashBytes(bytes.bytes, seed)
                    : murmur3.foldWideDecimal((BigDecimal) value, seed);
        }
        if (type == AtomicType.DOUBLE || type == AtomicType.FLOAT) {
            return murmur3.foldDouble(Double.longBitsToDouble(encoded), type, seed);
        }
        if (type == AtomicType.BOOLEAN || type instanceof DecimalType) {
            return type == AtomicType.BOOLEAN ? murmur3.hashInt((int) encoded, seed) : murmur3.hashLong(encoded, seed);
        }
        return murmur3.foldLong(encoded, type, seed);
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
            binary.values()[row] = ((Bytes) values.get((int) encoded)).bytes;
        } else if (output instanceof BigDecimalVector wide) {
            wide.values()[row] = (BigDecimal) values.get((int) encoded);
        } else {
            ((StringVector) output).values()[row] = (String) values.get((int) encoded);
        }
    }

    /** Orders two encoded values as their decoded values order. */
    int compare(long a, long b) {
        if (type.isFloatingPoint()) {
            return Double.compare(Double.longBitsToDouble(a), Double.longBitsToDouble(b));
        }
        if (!usesDictionary) {
            return Long.compare(a, b);
        }
        Object left = values.get((int) a);
        Object right = values.get((int) b);
        if (left instanceof Bytes binary) {
            return Arrays.compareUnsigned(binary.bytes, ((Bytes) right).bytes);
        }
        return left instanceof BigDecimal decimal ? decimal.compareTo((BigDecimal) right)
                : Comparisons.compareUtf8((String) left, (String) right);
    }
}
