package dev.arus.engine.exec.aggregate;

import dev.arus.engine.data.BigDecimalVector;
import dev.arus.engine.data.BooleanVector;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.DoubleVector;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.data.StringVector;

/** Spark's ordering of non-null values of one type, between rows of two vectors. */
final class Comparisons {

    private Comparisons() {
    }

    static int compare(ColumnVector left, int leftRow, ColumnVector right, int rightRow) {
        if (left instanceof LongVector l) {
            return Long.compare(l.values()[leftRow], ((LongVector) right).values()[rightRow]);
        }
        if (left instanceof DoubleVector d) {
            // Spark orders NaN above every other double and treats -0.0 as 0.0.
            double a = d.values()[leftRow] == 0.0 ? 0.0 : d.values()[leftRow];
            double b = ((DoubleVector) right).values()[rightRow];
            return Double.compare(a, b == 0.0 ? 0.0 : b);
        }
        if (left instanceof BooleanVector b) {
            return Boolean.compare(b.values()[leftRow], ((BooleanVector) right).values()[rightRow]);
        }
        if (left instanceof StringVector s) {
            return compareUtf8(s.values()[leftRow], ((StringVector) right).values()[rightRow]);
        }
        if (left instanceof BigDecimalVector d) {
            return d.values()[leftRow].compareTo(((BigDecimalVector) right).values()[rightRow]);
        }
        throw new IllegalArgumentException("values of type " + left.type().simpleString() + " cannot be ordered");
    }

    /** Spark compares strings by their UTF-8 bytes, which is code-point order. */
    static int compareUtf8(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            int ca = a.codePointAt(i);
            int cb = b.codePointAt(j);
            if (ca != cb) {
                return Integer.compare(ca, cb);
            }
            i += Character.charCount(ca);
            j += Character.charCount(cb);
        }
        return Integer.compare(a.length() - i, b.length() - j);
    }
}
