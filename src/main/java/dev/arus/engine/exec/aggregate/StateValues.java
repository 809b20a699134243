package dev.arus.engine.exec.aggregate;

import dev.arus.engine.data.BigDecimalVector;
import dev.arus.engine.data.BinaryVector;
import dev.arus.engine.data.BooleanVector;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.DoubleVector;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.data.StringVector;
import dev.arus.engine.state.StateBuffer;
import java.io.DataInput;
import java.io.IOException;
import java.math.BigDecimal;

/**
 * Writes one atomic value of a vector row to a state file and reads it back: longs and doubles
 * as themselves, booleans as a byte, wide decimals and strings as text, binary as its length and
 * bytes. Stateless.
 */
final class StateValues {

    private StateValues() {
    }

    /** Writes a value or NULL: a NULL flag, then the value. */
    static void write(ColumnVector vector, int row, StateBuffer out) {
        out.writeBoolean(vector.isNull(row));
        if (!vector.isNull(row)) {
            writeValue(vector, row, out);
        }
    }

    /** Reads what {@link #write} wrote into a row. */
    static void read(DataInput in, ColumnVector vector, int row) throws IOException {
        if (in.readBoolean()) {
            vector.setNull(row);
        } else {
            readValue(in, vector, row);
        }
    }

    /** Writes a row's value, which is not NULL. */
    static void writeValue(ColumnVector vector, int row, StateBuffer out) {
        if (vector instanceof LongVector longs) {
            out.writeLong(longs.values()[row]);
        } else if (vector instanceof DoubleVector doubles) {
            out.writeDouble(doubles.values()[row]);
        } else if (vector instanceof BooleanVector booleans) {
            out.writeBoolean(booleans.values()[row]);
        } else if (vector instanceof BigDecimalVector decimals) {
            out.writeString(decimals.values()[row].toPlainString());
        } else if (vector instanceof BinaryVector binary) {
            byte[] bytes = binary.values()[row];
            out.writeInt(bytes.length);
            out.write(bytes, 0, bytes.length);
        } else {
            out.writeString(((StringVector) vector).values()[row]);
        }
    }

    /** Reads what {@link #writeValue} wrote into a row, marking it not NULL. */
    static void readValue(DataInput in, ColumnVector vector, int row) throws IOException {
        vector.setNotNull(row);
        if (vector instanceof LongVector longs) {
            longs.values()[row] = in.readLong();
        } else if (vector instanceof DoubleVector doubles) {
            doubles.values()[row] = in.readDouble();
        } else if (vector instanceof BooleanVector booleans) {
            booleans.values()[row] = in.readBoolean();
        } else if (vector instanceof BigDecimalVector decimals) {
            decimals.values()[row] = new BigDecimal(StateBuffer.readString(in));
        } else if (vector instanceof BinaryVector binary) {
            byte[] bytes = new byte[in.readInt()];
            in.readFully(bytes);
            binary.values()[row] = bytes;
        } else {
            ((StringVector) vector).values()[row] = StateBuffer.readString(in);
        }
    }
}
