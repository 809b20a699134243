package dev.arus.engine.expr.aggregate;

import dev.arus.engine.data.DecimalType;
import dev.arus.engine.data.Decimals;
import dev.arus.engine.expr.EvaluationException;
import dev.arus.engine.expr.numeric.DecimalMath;
import dev.arus.engine.expr.numeric.DecimalPrecision;
import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * The result types and final values of {@code sum} and {@code avg} over decimals, as Spark's
 * {@code Sum} and {@code Average} compute them in ANSI mode: a sum of {@code decimal(p,s)} is a
 * {@code decimal(p+10,s)} and raises ARITHMETIC_OVERFLOW when it does not fit; an average is that
 * sum divided by the count as a {@code decimal(20,0)} (with Spark's division precision), then
 * rounded half up to {@code decimal(p+4,s+4)}. For the aggregation operators. Stateless.
 */
public final class DecimalResults {

    private static final DecimalType COUNT = new DecimalType(20, 0);

    private DecimalResults() {
    }

    public static DecimalType sumType(DecimalType input) {
        return DecimalType.bounded(input.precision() + 10, input.scale());
    }

    public static DecimalType averageType(DecimalType input) {
        return DecimalType.bounded(input.precision() + 4, input.scale() + 4);
    }

    /** The exact sum of a group of {@code input} values as a value of the sum's type. */
    public static BigDecimal sum(BigDecimal exact, DecimalType input) {
        BigDecimal value = Decimals.toType(exact, sumType(input));
        if (value == null) {
            throw EvaluationException.overflow("Overflow in sum of decimals", "try_sum");
        }
        return value;
    }

    /** The average of {@code count} {@code input} values summing to {@code exact}, as a value of the average's type. */
    public static BigDecimal average(BigDecimal exact, long count, DecimalType input) {
        BigDecimal sum = sum(exact, input);
        DecimalType quotientType = DecimalPrecision.divide(sumType(input), COUNT);
        BigDecimal quotient = sum.divide(BigDecimal.valueOf(count), DecimalType.MAX_PRECISION, RoundingMode.HALF_UP);
        return DecimalMath.toPrecision(DecimalMath.toPrecision(quotient, quotientType), averageType(input));
    }
}
