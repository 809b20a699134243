package dev.arus.engine.expr;

import dev.arus.engine.data.ColumnVector;

/** Null propagation for strict operators, whose result is null when any input is. */
public final class NullMasks {

    private NullMasks() {
    }

    /** Marks {@code output} null where {@code input} is; returns whether any row is null. */
    public static boolean propagate(ColumnVector output, ColumnVector input, int size) {
        if (!input.hasNulls()) {
            return false;
        }
        for (int i = 0; i < size; i++) {
            if (input.isNull(i)) {
                output.setNull(i);
            }
        }
        return output.hasNulls();
    }

    /** Marks {@code output} null where either input is; returns whether any row is null. */
    public static boolean propagate(ColumnVector output, ColumnVector left, ColumnVector right, int size) {
        boolean leftNulls = propagate(output, left, size);
        boolean rightNulls = propagate(output, right, size);
        return leftNulls || rightNulls;
    }
}
