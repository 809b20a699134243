package dev.arus.engine.expr.math;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.EvaluationException;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.bind.ExpressionBinder;
import dev.arus.engine.expr.bind.FunctionBinder;
import dev.arus.engine.expr.bind.InputType;
import dev.arus.engine.expr.bind.RowwiseFunction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * Spark's {@code conv(num, fromBase, toBase)} (its {@code NumberConverter}, after Hive's): the
 * digits of {@code num}, spaces trimmed, read in {@code fromBase} through an unsigned 64-bit value
 * up to the first character that is no digit, and written in {@code |toBase|}, as a signed value
 * when {@code toBase} is negative. A base outside 2 to 36 or an empty number gives NULL; digits
 * beyond 64 bits raise ARITHMETIC_OVERFLOW under ANSI mode.
 */
final class NumberBaseConversion extends RowwiseFunction {

    private static final int DIGITS = 64;

    /** Scratch for one row's digits, as Spark's converter keeps them: right-aligned, one per byte. */
    private final byte[] value = new byte[DIGITS];

    private NumberBaseConversion(List<BoundExpression> arguments, String sql) {
        super(AtomicType.STRING, true, arguments, sql);
    }

    static BoundExpression bind(Expression.FunctionCall call, List<BoundExpression> arguments,
            ExpressionBinder binder) {
        String sql = FunctionBinder.sql("conv", arguments);
        return new NumberBaseConversion(coerce(binder, call, sql, arguments, InputType.STRING,
                InputType.of(AtomicType.INT), InputType.of(AtomicType.INT)), sql);
    }

    @Override
    protected void compute(int row, ColumnVector[] arguments, ColumnVector result) {
        String converted = convert(string(arguments[0], row), (int) integer(arguments[1], row),
                (int) integer(arguments[2], row));
        if (converted == null) {
            result.setNull(row);
        } else {
            setString(result, row, converted);
        }
    }

    private String convert(String text, int fromBase, int toBase) {
        if (fromBase < Character.MIN_RADIX || fromBase > Character.MAX_RADIX
                || Math.abs(toBase) < Character.MIN_RADIX || Math.abs(toBase) > Character.MAX_RADIX) {
            return null;
        }
        byte[] number = trimSpaces(text).getBytes(StandardCharsets.UTF_8);
        if (number.length == 0) {
            return null;
        }
        boolean negative = number[0] == '-';
        int first = negative ? 1 : 0;
        Arrays.fill(value, (byte) 0);
        for (int i = 1; i <= number.length - first; i++) {
            value[DIGITS - i] = number[number.length - i];
        }
        int from = DIGITS - number.length + first;
        for (int i = from; i < DIGITS; i++) {
            value[i] = (byte) Character.digit(value[i], fromBase);
        }
        long v = encode(fromBase, from);
        if (negative && toBase > 0) {
            v = v < 0 ? -1 : -v;
        }
        if (toBase < 0 && v < 0) {
            v = -v;
            negative = true;
        }
        decode(v, Math.abs(toBase));
        int firstNonZero = DIGITS - 1;
        for (int i = 0; i < DIGITS; i++) {
            if (value[i] != 0) {
                firstNonZero = i;
                break;
            }
        }
        StringBuilder digits = new StringBuilder(DIGITS + 1);
        if (negative && toBase < 0) {
            digits.append('-');
        }
        for (int i = firstNonZero; i < DIGITS; i++) {
            digits.append(Character.toUpperCase(Character.forDigit(value[i], Math.abs(toBase))));
        }
        return digits.toString();
    }

    /** Spark's {@code UTF8String.trim()}: ASCII spaces only. */
    private static String trimSpaces(String text) {
        int start = 0;
        int end = text.length();
        while (start < end && text.charAt(start) == ' ') {
            start++;
        }
        while (end > start && text.charAt(end - 1) == ' ') {
            end--;
        }
        return text.substring(start, end);
    }

    /**
     * The digits from {@code from} on as an unsigned 64-bit value, stopping at the first that is no
     * digit of the base. Spark's checks compare as signed longs, so a value that has reached the
     * upper half escapes them, as it does in Spark.
     */
    private long encode(int radix, int from) {
        long v = 0;
        long bound = Long.divideUnsigned(-1 - radix, radix);
        for (int i = from; i < DIGITS && value[i] >= 0; i++) {
            if (v >= bound && Long.divideUnsigned(-1 - value[i], radix) < v) {
                throw EvaluationException.overflow("Overflow in function conv()", null);
            }
            v = v * radix + value[i];
        }
        return v;
    }

    /** Writes {@code v}, unsigned, into the digits, right-aligned. */
    private void decode(long v, int radix) {
        Arrays.fill(value, (byte) 0);
        for (int i = DIGITS - 1; v != 0; i--) {
            long q = Long.divideUnsigned(v, radix);
            value[i] = (byte) (v - q * radix);
            v = q;
        }
    }
}
