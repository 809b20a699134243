package dev.arus.engine.expr.math;

import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.DayTimeIntervalType;
import dev.arus.engine.data.DecimalType;
import dev.arus.engine.data.DoubleVector;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.expr.BinaryOperator;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.BoundNode;
import dev.arus.engine.expr.EvaluationContext;
import dev.arus.engine.expr.EvaluationException;
import dev.arus.engine.expr.NullMasks;
import dev.arus.engine.expr.SqlText;
import dev.arus.engine.expr.numeric.DecimalMath;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * A day-time interval times or divided by a number, Spark's {@code MultiplyDTInterval} and
 * {@code DivideDTInterval}: an {@code INTERVAL DAY TO SECOND} of whole microseconds, rounded half
 * up; an integer multiplies exactly, a double through a double, a decimal exactly (the product to
 * 38 digits, the quotient to 38 fraction digits). Division by zero raises INTERVAL_DIVIDED_BY_ZERO;
 * a result beyond a long, ARITHMETIC_OVERFLOW. Spark names it {@code (interval * n)}, the interval
 * first whichever side it was written on.
 */
final class IntervalScaling extends BoundNode {

    private static final MathContext SPARK_CONTEXT = new MathContext(DecimalType.MAX_PRECISION, RoundingMode.HALF_UP);

    private final boolean divide;
    private final BoundExpression interval;
    private final BoundExpression number;

    IntervalScaling(boolean divide, BoundExpression interval, BoundExpression number) {
        super(DayTimeIntervalType.DAY_TO_SECOND, interval.nullable() || number.nullable(),
                SqlText.binary(divide ? BinaryOperator.DIVIDE : BinaryOperator.MULTIPLY, interval.sql(), number.sql()));
        this.divide = divide;
        this.interval = interval;
        this.number = number;
    }

    @Override
    public LongVector evaluate(ColumnarBatch input, EvaluationContext context) {
        LongVector intervals = (LongVector) interval.evaluate(input, context);
        ColumnVector numbers = number.evaluate(input, context);
        int size = input.size();
        LongVector result = output(size);
        NullMasks.propagate(result, intervals, numbers, size);
        long[] micros = intervals.values();
        long[] out = result.values();
        try {
            for (int i = 0; i < size; i++) {
                if (!result.isNull(i)) {
                    out[i] = scale(micros[i], numbers, i);
                }
            }
        } catch (ArithmeticException e) {
            throw EvaluationException.overflow("long overflow", divide ? "try_divide" : "try_multiply");
        }
        return result;
    }

    private long scale(long micros, ColumnVector numbers, int row) {
        if (number.dataType() instanceof DecimalType) {
            BigDecimal factor = DecimalMath.read(numbers, row, (DecimalType) number.dataType());
            if (divide && factor.signum() == 0) {
                throw EvaluationException.intervalDividedByZero();
            }
            BigDecimal value = divide ? BigDecimal.valueOf(micros).divide(factor, DecimalType.MAX_PRECISION,
                    RoundingMode.HALF_UP) : BigDecimal.valueOf(micros).multiply(factor, SPARK_CONTEXT);
            return value.setScale(0, RoundingMode.HALF_UP).longValueExact();
        }
        if (numbers instanceof DoubleVector doubles) {
            double factor = doubles.values()[row];
            if (divide && factor == 0) {
                throw EvaluationException.intervalDividedByZero();
            }
            return roundHalfUp(divide ? micros / factor : micros * factor);
        }
        long factor = ((LongVector) numbers).values()[row];
        if (!divide) {
            return Math.multiplyExact(micros, factor);
        }
        if (factor == 0) {
            throw EvaluationException.intervalDividedByZero();
        }
        if (micros == Long.MIN_VALUE && factor == -1) {
            throw new ArithmeticException("Interval value overflows after being divided by -1");
        }
        return DecimalMath.roundedQuotient(micros, factor);
    }

    /** Guava's {@code DoubleMath.roundToLong(x, HALF_UP)}: a tie goes away from zero; NaN or too large raises. */
    private static long roundHalfUp(double x) {
        double rounded = Math.rint(x);
        if (Math.abs(x - rounded) == 0.5) {
            rounded = x + Math.copySign(0.5, x);
        }
        if (Double.isNaN(rounded) || rounded >= 0x1p63 || rounded < -0x1p63) {
            throw new ArithmeticException("rounded value is out of range: " + x);
        }
        return (long) rounded;
    }
}
