package dev.arus.engine.expr.cast;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.BinaryVector;
import dev.arus.engine.data.BooleanVector;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.DecimalType;
import dev.arus.engine.data.DoubleVector;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.data.StringVector;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.BoundNode;
import dev.arus.engine.expr.EvaluationContext;
import dev.arus.engine.expr.EvaluationException;
import dev.arus.engine.expr.NullMasks;
import dev.arus.engine.expr.calendar.DateTimeFormats;
import dev.arus.engine.expr.numeric.DecimalMath;
import dev.arus.engine.expr.numeric.IntegralTypes;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * {@code CAST(string AS type)} as Spark 4's ANSI mode reads text: surrounding whitespace is
 * trimmed; an integer takes an optional sign and digits only, within its type; a float or double
 * also {@code inf}, {@code -infinity} and {@code nan} in any case; a decimal any number Java's
 * {@code BigDecimal} reads, exponent included, rounded half up to the scale; a boolean Spark's
 * true and false words; a date {@code yyyy[-m[-d]]} with anything after a space or T ignored; a
 * timestamp Spark's cast format in the session zone. Malformed text raises CAST_INVALID_INPUT;
 * a decimal of more than 38 integral digits NUMERIC_OUT_OF_SUPPORTED_RANGE, one that does not
 * fit its type NUMERIC_VALUE_OUT_OF_RANGE. Binary takes the UTF-8 bytes of the text.
 */
public final class FromStringCast extends BoundNode {

    private final BoundExpression child;
    private final DataType target;

    public FromStringCast(BoundExpression child, DataType target, String sql) {
        super(target, child.nullable(), sql);
        this.child = child;
        this.target = target;
    }

    @Override
    public boolean foldable() {
        return child.foldable();
    }

    @Override
    public ColumnVector evaluate(ColumnarBatch input, EvaluationContext context) {
        StringVector strings = (StringVector) child.evaluate(input, context);
        int size = input.size();
        ColumnVector result = output(size);
        NullMasks.propagate(result, strings, size);
        String[] in = strings.values();
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

    private void parseInto(String text, ColumnVector result, int row, EvaluationContext context) {
        String trimmed = text.trim();
        try {
            if (target instanceof DecimalType decimal) {
                DecimalMath.write(result, row, decimal(trimmed, text));
            } else if (target.isIntegral()) {
                long value = Long.parseLong(trimmed);
                if (value < IntegralTypes.min(target) || value > IntegralTypes.max(target)) {
                    throw new NumberFormatException(text);
                }
                ((LongVector) result).values()[row] = value;
            } else if (target.isFloatingPoint()) {
                double value = parseDouble(trimmed);
                ((DoubleVector) result).values()[row] = target == AtomicType.FLOAT ? (float) value : value;
            } else if (target == AtomicType.BOOLEAN) {
                ((BooleanVector) result).values()[row] = parseBoolean(trimmed);
            } else {
                ((LongVector) result).values()[row] = dateTime(trimmed, text, context);
            }
        } catch (NumberFormatException e) {
            throw EvaluationException.castInvalidInput(text, target.sql());
        }
    }

    private static BigDecimal decimal(String trimmed, String text) {
        BigDecimal value = new BigDecimal(trimmed);
        if (value.precision() - value.scale() > DecimalType.MAX_PRECISION) {
            throw EvaluationException.numericOutOfSupportedRange(text);
        }
        return value;
    }

    private long dateTime(String trimmed, String text, EvaluationContext context) {
        Long value = target == AtomicType.DATE ? DateTimeFormats.parseDate(trimmed)
                : DateTimeFormats.parseCastFormat(trimmed, context.timeZone());
        if (value == null) {
            throw new NumberFormatException(text);
        }
        return value;
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
