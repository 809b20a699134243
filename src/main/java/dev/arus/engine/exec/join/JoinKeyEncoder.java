package dev.arus.engine.exec.join;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.BinaryVector;
import dev.arus.engine.data.BooleanVector;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.DoubleVector;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.data.StringVector;
import dev.arus.engine.data.StructType;
import dev.arus.engine.data.StructVector;
import dev.arus.engine.streaming.AnalysisException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns a join key, one or more values of either side, into a tuple of longs both sides share:
 * numbers and timestamps as they are, doubles by their normalised bits, booleans as 0/1, strings
 * and binary values by an id this encoder gives each distinct value, and a struct (a window) as
 * its fields in turn. A key with a NULL anywhere is no key: it never matches. Used by one thread
 * at a time: one per state partition of a join.
 */
final class JoinKeyEncoder {

    private final Map<Object, Long> ids = new HashMap<>();
    private final int width;

    JoinKeyEncoder(List<DataType> keyTypes) {
        int fields = 0;
        for (DataType type : keyTypes) {
            fields += width(type);
        }
        this.width = Math.max(1, fields);
    }

    private static int width(DataType type) {
        if (type instanceof StructType struct) {
            int fields = 0;
            for (Field field : struct.fields()) {
                fields += width(field.type());
            }
            return fields;
        }
        if (!(type instanceof AtomicType)) {
            throw new AnalysisException("UNSUPPORTED_FEATURE.JOIN_KEY_TYPE", "Arus cannot join streams on a key of "
                    + "type " + type.simpleString() + " yet");
        }
        return 1;
    }

    int width() {
        return width;
    }

    /**
     * Encodes the keys of rows {@code [0, count)}, a column at a time: row {@code r}'s into
     * {@code out[r * width, (r + 1) * width)}, and {@code keyed[r]} false when a part of it is NULL.
     */
    void encodeAll(ColumnVector[] keys, int count, long[] out, boolean[] keyed) {
        Arrays.fill(keyed, 0, count, true);
        int field = 0;
        for (ColumnVector key : keys) {
            field = encodeColumn(key, count, out, keyed, field);
        }
    }

    /** Encodes one key column into field {@code field} of each row's key; returns the next field. */
    private int encodeColumn(ColumnVector vector, int count, long[] out, boolean[] keyed, int field) {
        if (vector.hasNulls()) {
            for (int row = 0; row < count; row++) {
                keyed[row] &= !vector.isNull(row);
            }
        }
        if (vector instanceof StructVector struct) {
            int next = field;
            for (int f = 0; f < ((StructType) struct.type()).fields().size(); f++) {
                next = encodeColumn(struct.child(f), count, out, keyed, next);
            }
            return next;
        }
        if (vector instanceof LongVector longs) {
            long[] values = longs.values();
            if (width == 1) {
                System.arraycopy(values, 0, out, 0, count);
            } else {
                for (int row = 0; row < count; row++) {
                    out[row * width + field] = values[row];
                }
            }
        } else if (vector instanceof DoubleVector doubles) {
            double[] values = doubles.values();
            for (int row = 0; row < count; row++) {
                double number = values[row];
                out[row * width + field] = Double.doubleToLongBits(number == 0.0 ? 0.0 : number);
            }
        } else if (vector instanceof BooleanVector booleans) {
            boolean[] values = booleans.values();
            for (int row = 0; row < count; row++) {
                out[row * width + field] = values[row] ? 1 : 0;
            }
        } else {
            for (int row = 0; row < count; row++) {
                if (keyed[row]) {
                    Object text = vector instanceof StringVector strings ? strings.values()[row]
                            : ByteBuffer.wrap(((BinaryVector) vector).values()[row]);
                    out[row * width + field] = ids.computeIfAbsent(text, t -> (long) ids.size());
                }
            }
        }
        return field + 1;
    }
}
