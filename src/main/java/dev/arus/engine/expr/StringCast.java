package dev.arus.engine.expr;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.BinaryVector;
import dev.arus.engine.data.BooleanVector;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.DoubleVector;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.data.StringVector;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * Casts to and from STRING, and between STRING and BINARY. Timestamps print as
 * {@code yyyy-MM-dd HH:mm:ss[.fraction]} in the session zone; structs, arrays and maps as
 * {@link ComplexValueText} writes them; binary values are decoded as UTF-8 and strings encoded as
 * UTF-8, as Spark's {@code UTF8String.fromBytes} and {@code getBytes} do. Strings are trimmed
 * before conversion to other types; under Spark 4's ANSI default a malformed string raises
 * CAST_INVALID_INPUT instead of giving NULL.
 */
final class StringCast extends BoundNode {

    private final BoundExpression child;
    private final AtomicType target;
    private final ComplexValueText complexText;

    StringCast(BoundExpression child, AtomicType target, String sql) {
        super(target, child.nullable(), sql);
        this.child = child;
        this.target = target;
        this.complexText = child.dataType().isComplex() ? new ComplexValueText() : null;
    }

    @Override
    public ColumnVector evaluate(ColumnarBatch input, EvaluationContext context) {
        ColumnVector values = child.evaluate(input, context);
        int size = input.size();
        ColumnVector result = output(size);
        NullMasks.propagate(result, values, size);
        if (target == AtomicType.STRING) {
            String[] out = ((StringVector) result).values();
            if (complexText != null) {
                for (int i = 0; i < size; i++) {
                    out[i] = result.isNull(i) ? null : complexText.format(values, i, context.timeZone());
                }
            } else if (values instanceof BinaryVector binaries) {
                byte[][] in = binaries.values();
                for (int i = 0; i < size; i++) {
                    out[i] = result.isNull(i) ? null : new String(in[i], StandardCharsets.UTF_8);
                }
            } else {
                for (int i = 0; i < size; i++) {
                    out[i] = result.isNull(i) ? null : toText(values, i, context);
                }
            }
            return result;
        }
        String[] in = ((StringVector) values).values();
        if (target == AtomicType.BINARY) {
            byte[][] out = ((BinaryVector) result).values();
            for (int i = 0; i < size; i++) {
                out[i] = result.isNull(i) ? null : in[i].getBytes(StandardCharsets.UTF_8);
            }
            return result;
        }
        for (int i = 0; i < size; i++) {
            if (!result.isNull(i)) {
                parseInto(in[i], result, i, context);
            }
        }
        return result;
    }

    private static String toText(ColumnVector values, int row, EvaluationContext context) {
        if (values instanceof LongVector longs) {
            long value = longs.values()[row];
            return longs.type() == AtomicType.TIMESTAMP ? DateTimeFormats.format(value, context.timeZone())
                    : Long.toString(value);
        }
        if (values instanceof DoubleVector doubles) {
            return Double.toString(doubles.values()[row]);
        }
        if (values instanceof BooleanVector booleans) {
            return Boolean.toString(booleans.values()[row]);
        }
        return ((StringVector) values).values()[row];
    }

    private void parseInto(String text, ColumnVector result, int row, EvaluationContext context) {
        String trimmed = text.trim();
        try {
            switch (target) {
                case INT -> ((LongVector) result).values()[row] = Integer.parseInt(trimmed);
                case LONG -> ((LongVector) result).values()[row] = Long.parseLong(trimmed);
                case DOUBLE -> ((DoubleVector) result).values()[row] = parseDouble(trimmed);
                case BOOLEAN -> ((BooleanVector) result).values()[row] = parseBoolean(trimmed);
                case TIMESTAMP -> {
                    Long micros = DateTimeFormats.parseCastFormat(trimmed, context.timeZone());
                    if (micros == null) {
                        throw new NumberFormatException(text);
                    }
                    ((LongVector) result).values()[row] = micros;
                }
                default -> throw new IllegalStateException("cannot cast to " + target);
            }
        } catch (NumberFormatException e) {
            throw EvaluationException.castInvalidInput(text, SqlText.typeName(target));
        }
    }

    /** Spark accepts {@code inf}, {@code -infinity} and {@code nan} in any case. */
    private static double parseDouble(String text) {
        return switch (text.toLowerCase(Locale.ROOT)) {
            case "inf", "+inf", "infinity", "+infinity" -> Double.POSITIVE_INFINITY;
            case "-inf", "-infinity" -> Double.NEGATIVE_INFINITY;
            case "nan" -> Double.NaN;
            default -> Double.parseDouble(text);
        };
    }

    /** Spark's {@code StringUtils.isTrueString} and {@code isFalseString}. */
    private static boolean parseBoolean(String text) {
        return switch (text.toLowerCase(Locale.ROOT)) {
            case "t", "true", "y", "yes", "1" -> true;
            case "f", "false", "n", "no", "0" -> false;
            default -> throw new NumberFormatException(text);
        };
    }
}
