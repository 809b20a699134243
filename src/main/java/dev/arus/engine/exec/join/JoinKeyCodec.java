package dev.arus.engine.exec.join;

import dev.arus.engine.data.BinaryVector;
import dev.arus.engine.data.BooleanVector;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.DoubleVector;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.data.StringVector;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;

/**
 * Turns a row's join key into a tuple of longs, as the build side of a hash join stores it:
 * numbers and timestamps as they are, doubles by their normalised bits, booleans as 0/1, strings
 * and binary values by an id that the build side gives each distinct value. A probe only looks
 * ids up, so after the build the codec is read-only and any number of threads may probe with it.
 * A key with a NULL never matches, as SQL's equality does not.
 */
final class JoinKeyCodec {

    private final Map<Object, Long>[] dictionaries;

    @SuppressWarnings("unchecked")
    JoinKeyCodec(int keys) {
        this.dictionaries = new Map[keys];
        for (int k = 0; k < keys; k++) {
            dictionaries[k] = new HashMap<>();
        }
    }

    /** Encodes the build side's key of {@code row} into {@code out}, giving new strings ids; false when a key is NULL. */
    boolean encodeBuild(ColumnVector[] keys, int row, long[] out) {
        return encode(keys, row, out, true);
    }

    /** Encodes a probing row's key; false when a key is NULL or a value the build side never had. */
    boolean encodeProbe(ColumnVector[] keys, int row, long[] out) {
        return encode(keys, row, out, false);
    }

    private boolean encode(ColumnVector[] keys, int row, long[] out, boolean build) {
        for (int k = 0; k < keys.length; k++) {
            ColumnVector vector = keys[k];
            if (vector.isNull(row)) {
                return false;
            }
            if (vector instanceof LongVector longs) {
                out[k] = longs.values()[row];
            } else if (vector instanceof DoubleVector doubles) {
                double value = doubles.values()[row];
                out[k] = Double.doubleToLongBits(value == 0.0 ? 0.0 : value);
            } else if (vector instanceof BooleanVector booleans) {
                out[k] = booleans.values()[row] ? 1 : 0;
            } else {
                Object value = vector instanceof StringVector strings ? strings.values()[row]
                        : ByteBuffer.wrap(((BinaryVector) vector).values()[row]);
                Map<Object, Long> dictionary = dictionaries[k];
                Long id = build ? dictionary.computeIfAbsent(value, v -> (long) dictionary.size()) : dictionary.get(value);
                if (id == null) {
                    return false;
                }
                out[k] = id;
            }
        }
        return true;
    }
}
