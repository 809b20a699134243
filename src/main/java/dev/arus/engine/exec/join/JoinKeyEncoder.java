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

    /** Encodes row {@code row}'s key into {@code out}; false when a part of it is NULL. */
    boolean encode(ColumnVector[] keys, int row, long[] out) {
        int[] at = {0};
        for (ColumnVector key : keys) {
            if (!encode(key, row, out, at)) {
                return false;
            }
        }
        return true;
    }

    private boolean encode(ColumnVector vector, int row, long[] out, int[] at) {
        if (vector.isNull(row)) {
            return false;
        }
        if (vector instanceof StructVector struct) {
            for (int f = 0; f < ((StructType) struct.type()).fields().size(); f++) {
                if (!encode(struct.child(f), row, out, at)) {
                    return false;
                }
            }
            return true;
        }
        long value;
        if (vector instanceof LongVector longs) {
            value = longs.values()[row];
        } else if (vector instanceof DoubleVector doubles) {
            double number = doubles.values()[row];
            value = Double.doubleToLongBits(number == 0.0 ? 0.0 : number);
        } else if (vector instanceof BooleanVector booleans) {
            value = booleans.values()[row] ? 1 : 0;
        } else {
            Object text = vector instanceof StringVector strings ? strings.values()[row]
                    : ByteBuffer.wrap(((BinaryVector) vector).values()[row]);
            value = ids.computeIfAbsent(text, t -> (long) ids.size());
        }
        out[at[0]++] = value;
        return true;
    }
}
