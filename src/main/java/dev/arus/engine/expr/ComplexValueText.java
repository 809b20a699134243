package dev.arus.engine.expr;

import dev.arus.engine.data.ArrayVector;
import dev.arus.engine.data.BinaryVector;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.MapVector;
import dev.arus.engine.data.StructType;
import dev.arus.engine.data.StructVector;
import java.nio.charset.StandardCharsets;
import java.time.ZoneId;

/**
 * The text {@code CAST(value AS STRING)} gives a struct, array or map, as Spark's
 * {@code ToStringBase} with Cast's settings writes it: {@code {1, a}}, {@code [1, null]},
 * {@code {a -> 1}}, nested values cast as they would be alone (timestamps in the session zone,
 * binary decoded as UTF-8) and a nested NULL as {@code null}. Reads the vectors directly into one
 * reused buffer, with no row objects in between. Not thread-safe.
 */
public final class ComplexValueText {

    private static final String NULL = "null";

    private final StringBuilder text = new StringBuilder();

    /** The text of a non-null row of {@code vector}. */
    public String format(ColumnVector vector, int row, ZoneId zone) {
        text.setLength(0);
        append(vector, row, zone);
        return text.toString();
    }

    private void append(ColumnVector vector, int row, ZoneId zone) {
        if (vector instanceof StructVector struct) {
            text.append('{');
            int fields = ((StructType) struct.type()).fields().size();
            for (int i = 0; i < fields; i++) {
                text.append(i == 0 ? "" : ",");
                element(struct.child(i), row, i > 0, zone);
            }
            text.append('}');
        } else if (vector instanceof ArrayVector array) {
            text.append('[');
            int start = array.start(row);
            for (int i = 0; i < array.length(row); i++) {
                text.append(i == 0 ? "" : ",");
                element(array.elements(), start + i, i > 0, zone);
            }
            text.append(']');
        } else if (vector instanceof MapVector map) {
            text.append('{');
            int start = map.start(row);
            for (int i = 0; i < map.length(row); i++) {
                text.append(i == 0 ? "" : ", ");
                append(map.keys(), start + i, zone);
                text.append(" ->");
                element(map.values(), start + i, true, zone);
            }
            text.append('}');
        } else if (vector instanceof BinaryVector binaries) {
            text.append(new String(binaries.values()[row], StandardCharsets.UTF_8));
        } else {
            ValueText.append(text, vector, row, zone);
        }
    }

    /** One element, its value or {@code null}, after a space unless it comes first in a struct or array. */
    private void element(ColumnVector vector, int row, boolean space, ZoneId zone) {
        if (space) {
            text.append(' ');
        }
        if (vector.isNull(row)) {
            text.append(NULL);
        } else {
            append(vector, row, zone);
        }
    }
}
