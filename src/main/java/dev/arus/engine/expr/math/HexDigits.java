package dev.arus.engine.expr.math;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.BinaryVector;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.bind.ExpressionBinder;
import dev.arus.engine.expr.bind.FunctionBinder;
import dev.arus.engine.expr.bind.InputType;
import dev.arus.engine.expr.bind.RowwiseFunction;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;

/**
 * Spark's {@code hex(x)} and {@code unhex(s)}. {@code hex} writes a BIGINT as its two's
 * complement digits without leading zeros ({@code hex(-1)} is sixteen {@code F}s), and a binary
 * or a string (its UTF-8 bytes) as two upper-case digits per byte. {@code unhex} reads digits of
 * either case back into bytes, a leading {@code 0} assumed when their number is odd; text that is
 * not hexadecimal gives NULL.
 */
final class HexDigits extends RowwiseFunction {

    private static final byte[] DIGITS = "0123456789ABCDEF".getBytes(StandardCharsets.US_ASCII);

    /** What Spark's {@code Hex} accepts, the first it can cast to taken for another type. */
    private static final InputType HEX_INPUT = InputType.anyOf(InputType.of(AtomicType.LONG),
            InputType.of(AtomicType.BINARY), InputType.STRING);

    private final boolean toDigits;

    private HexDigits(boolean toDigits, BoundExpression argument, String sql) {
        super(toDigits ? AtomicType.STRING : AtomicType.BINARY, !toDigits || argument.nullable(), List.of(argument),
                sql);
        this.toDigits = toDigits;
    }

    static BoundExpression bindHex(Expression.FunctionCall call, List<BoundExpression> arguments,
            ExpressionBinder binder) {
        String sql = FunctionBinder.sql("hex", arguments);
        return new HexDigits(true, coerce(binder, call, sql, arguments, HEX_INPUT).get(0), sql);
    }

    static BoundExpression bindUnhex(Expression.FunctionCall call, List<BoundExpression> arguments,
            ExpressionBinder binder) {
        String sql = FunctionBinder.sql("unhex", arguments);
        return new HexDigits(false, coerce(binder, call, sql, arguments, InputType.STRING).get(0), sql);
    }

    @Override
    protected void compute(int row, ColumnVector[] arguments, ColumnVector result) {
        ColumnVector value = arguments[0];
        if (!toDigits) {
            byte[] bytes = unhex(string(value, row).getBytes(StandardCharsets.UTF_8));
            if (bytes == null) {
                result.setNull(row);
            } else {
                ((BinaryVector) result).values()[row] = bytes;
            }
        } else if (value instanceof LongVector) {
            setString(result, row, Long.toHexString(integer(value, row)).toUpperCase(Locale.ROOT));
        } else if (value instanceof BinaryVector binary) {
            setString(result, row, hex(binary.values()[row]));
        } else {
            setString(result, row, hex(string(value, row).getBytes(StandardCharsets.UTF_8)));
        }
    }

    private static String hex(byte[] bytes) {
        byte[] digits = new byte[bytes.length * 2];
        for (int i = 0; i < bytes.length; i++) {
            digits[2 * i] = DIGITS[(bytes[i] & 0xF0) >> 4];
            digits[2 * i + 1] = DIGITS[bytes[i] & 0x0F];
        }
        return new String(digits, StandardCharsets.US_ASCII);
    }

    /** The bytes the digits stand for, or null when a byte is no hexadecimal digit. */
    private static byte[] unhex(byte[] digits) {
        byte[] out = new byte[(digits.length + 1) / 2];
        int i = 0;
        int o = 0;
        if (digits.length % 2 == 1) {
            int only = digit(digits[0]);
            if (only < 0) {
                return null;
            }
            out[o++] = (byte) only;
            i = 1;
        }
        for (; i < digits.length; i += 2) {
            int high = digit(digits[i]);
            int low = digit(digits[i + 1]);
            if (high < 0 || low < 0) {
                return null;
            }
            out[o++] = (byte) ((high << 4) | low);
        }
        return out;
    }

    private static int digit(byte b) {
        return b < 0 ? -1 : Character.digit(b, 16);
    }
}
