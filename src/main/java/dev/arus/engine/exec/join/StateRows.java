package dev.arus.engine.exec.join;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.BinaryVector;
import dev.arus.engine.data.BooleanVector;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.DoubleVector;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.data.StringVector;
import dev.arus.engine.data.StructType;
import dev.arus.engine.data.StructVector;
import dev.arus.engine.state.StateBuffer;
import dev.arus.engine.streaming.AnalysisException;
import java.io.DataInput;
import java.io.IOException;

/**
 * Writes a stored join row's values to a state file and reads them back: per value a NULL flag,
 * then the value by its type (a struct as its fields). Stateless.
 */
final class StateRows {

    private StateRows() {
    }

    /** Refuses, when a query is planned, a column a join cannot keep in its state. */
    static void requireStorable(DataType type, String column) {
        if (type instanceof StructType struct) {
            struct.fields().forEach(field -> requireStorable(field.type(), column));
        } else if (!(type instanceof AtomicType)) {
            throw new AnalysisException("UNSUPPORTED_FEATURE.JOIN_STATE_TYPE", "Arus cannot keep column '" + column
                    + "' of type " + type.simpleString() + " in a stream-stream join's state yet: select the "
                    + "columns to join first");
        }
    }

    /**
     * The bytes {@link #write} takes for each of the vector's values, NULL flag included, or -1
     * when that varies from row to row (a vector with NULLs, a string, a binary or a struct).
     */
    static int fixedWidth(ColumnVector vector) {
        if (vector.hasNulls()) {
            return -1;
        }
        if (vector instanceof LongVector || vector instanceof DoubleVector) {
            return 1 + Long.BYTES;
        }
        return vector instanceof BooleanVector ? 2 : -1;
    }

    /**
     * Writes the values of {@code slots}' first {@code count} rows of a vector of {@link #fixedWidth},
     * the bytes {@link #write} writes, the first row's at {@code at} and each next {@code stride}
     * bytes on: a column of rows at a time, the type tested once.
     */
    static void writeColumn(ColumnVector vector, int[] slots, int count, StateBuffer out, int at, int stride) {
        if (vector instanceof LongVector longs) {
            long[] values = longs.values();
            for (int i = 0; i < count; i++, at += stride) {
                out.putByte(at, 0);
                out.putLong(at + 1, values[slots[i]]);
            }
        } else if (vector instanceof DoubleVector doubles) {
            double[] values = doubles.values();
            for (int i = 0; i < count; i++, at += stride) {
                out.putByte(at, 0);
                out.putLong(at + 1, Double.doubleToRawLongBits(values[slots[i]]));
            }
        } else {
            boolean[] values = ((BooleanVector) vector).values();
            for (int i = 0; i < count; i++, at += stride) {
                out.putByte(at, 0);
                out.putByte(at + 1, values[slots[i]] ? 1 : 0);
            }
        }
    }

    static void write(ColumnVector vector, int row, StateBuffer out) {
        if (vector.isNull(row)) {
            out.writeBoolean(true);
            return;
        }
        out.writeBoolean(false);
        if (vector instanceof StructVector struct) {
            for (int f = 0; f < ((StructType) struct.type()).fields().size(); f++) {
                write(struct.child(f), row, out);
            }
        } else if (vector instanceof LongVector longs) {
            out.writeLong(longs.values()[row]);
        } else if (vector instanceof DoubleVector doubles) {
            out.writeDouble(doubles.values()[row]);
        } else if (vector instanceof BooleanVector booleans) {
            out.writeBoolean(booleans.values()[row]);
        } else if (vector instanceof StringVector strings) {
            out.writeString(strings.values()[row]);
        } else {
            byte[] bytes = ((BinaryVector) vector).values()[row];
            out.writeInt(bytes.length);
            out.write(bytes, 0, bytes.length);
        }
    }

    static void read(DataInput in, ColumnVector vector, int row) throws IOException {
        if (in.readBoolean()) {
            vector.setNull(row);
            return;
        }
        vector.setNotNull(row);
        if (vector instanceof StructVector struct) {
            for (int f = 0; f < ((StructType) struct.type()).fields().size(); f++) {
                read(in, struct.child(f), row);
            }
        } else if (vector instanceof LongVector longs) {
            longs.values()[row] = in.readLong();
        } else if (vector instanceof DoubleVector doubles) {
            doubles.values()[row] = in.readDouble();
        } else if (vector instanceof BooleanVector booleans) {
            booleans.values()[row] = in.readBoolean();
        } else if (vector instanceof StringVector strings) {
            strings.values()[row] = StateBuffer.readString(in);
        } else {
            byte[] bytes = new byte[in.readInt()];
            in.readFully(bytes);
            ((BinaryVector) vector).values()[row] = bytes;
        }
    }
}
