package dev.arus.engine.expr.numeric;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.DecimalType;
import java.math.BigDecimal;

/**
 * Spark's precision and scale of decimal results ({@code arithmetic.scala} with
 * {@code spark.sql.decimalOperations.allowPrecisionLoss} on, its default), and the decimal types
 * other numbers take next to a decimal ({@code DecimalPrecision}): an integer column the type
 * that holds any of its values ({@code INT} is {@code decimal(10,0)}), an integer literal just its
 * digits ({@code 2} is {@code decimal(1,0)}). A result wider than 38 digits keeps its integral
 * digits and gives up fraction digits, down to 6. Stateless.
 */
public final class DecimalPrecision {

    /** The fraction digits a result keeps at least when its precision is cut to 38. */
    private static final int MINIMUM_ADJUSTED_SCALE = 6;

    private DecimalPrecision() {
    }

    /** {@code e1 + e2} and {@code e1 - e2}: max(s1, s2) + max(p1-s1, p2-s2) + 1 digits, scale max(s1, s2). */
    public static DecimalType add(DecimalType a, DecimalType b) {
        int scale = Math.max(a.scale(), b.scale());
        return adjust(Math.max(a.integralDigits(), b.integralDigits()) + scale + 1, scale);
    }

    /** {@code e1 * e2}: p1 + p2 + 1 digits, scale s1 + s2. */
    public static DecimalType multiply(DecimalType a, DecimalType b) {
        return adjust(a.precision() + b.precision() + 1, a.scale() + b.scale());
    }

    /** {@code e1 / e2}: p1 - s1 + s2 + max(6, s1 + p2 + 1) digits, scale max(6, s1 + p2 + 1). */
    public static DecimalType divide(DecimalType a, DecimalType b) {
        int scale = Math.max(MINIMUM_ADJUSTED_SCALE, a.scale() + b.precision() + 1);
        return adjust(a.integralDigits() + b.scale() + scale, scale);
    }

    /** {@code e1 % e2}: min(p1-s1, p2-s2) + max(s1, s2) digits, scale max(s1, s2). */
    public static DecimalType remainder(DecimalType a, DecimalType b) {
        int scale = Math.max(a.scale(), b.scale());
        return adjust(Math.min(a.integralDigits(), b.integralDigits()) + scale, scale);
    }

    /**
     * The whole quotient of {@code e1 div e2} before it becomes a BIGINT: p1 - s1 + s2 digits (at least 1),
     * scale 0.
     */
    public static DecimalType integralDivide(DecimalType a, DecimalType b) {
        return DecimalType.bounded(Math.max(1, a.integralDigits() + b.scale()), 0);
    }

    /** Spark's {@code widerDecimalType}: room for both types' integral and fraction digits, integral digits first. */
    public static DecimalType wider(DecimalType a, DecimalType b) {
        int scale = Math.max(a.scale(), b.scale());
        int precision = Math.max(a.integralDigits(), b.integralDigits()) + scale;
        if (precision <= DecimalType.MAX_PRECISION) {
            return new DecimalType(precision, scale);
        }
        // boundedPreferIntegralDigits (Spark 4): drop fraction digits rather than integral ones
        return new DecimalType(DecimalType.MAX_PRECISION,
                Math.max(0, scale - (precision - DecimalType.MAX_PRECISION)));
    }

    /** The decimal type holding every value of a numeric type: {@code INT} is {@code decimal(10,0)}. */
    public static DecimalType forType(DataType type) {
        if (type instanceof DecimalType decimal) {
            return decimal;
        }
        return switch ((AtomicType) type) {
            case BYTE -> new DecimalType(3, 0);
            case SHORT -> new DecimalType(5, 0);
            case INT -> new DecimalType(10, 0);
            case LONG -> new DecimalType(20, 0);
            case FLOAT -> new DecimalType(14, 7);
            case DOUBLE -> new DecimalType(30, 15);
            default -> throw new IllegalArgumentException(type.sql() + " is not a number");
        };
    }

    /**
     * The decimal type of an integer literal's own digits ({@code DecimalType.fromLiteral}): 10 is
     * {@code decimal(2,0)}.
     */
    public static DecimalType forLiteral(long value) {
        return new DecimalType(BigDecimal.valueOf(value).precision(), 0);
    }

    /** Whether {@code decimal} holds every value of the integer type {@code integral} ({@code isWiderThan}). */
    public static boolean holdsEvery(DecimalType decimal, DataType integral) {
        DecimalType needed = forType(integral);
        return decimal.integralDigits() >= needed.integralDigits() && decimal.scale() >= needed.scale();
    }

    /** Spark's {@code adjustPrecisionScale}. */
    private static DecimalType adjust(int precision, int scale) {
        if (precision <= DecimalType.MAX_PRECISION) {
            return new DecimalType(precision, scale);
        }
        int integralDigits = precision - scale;
        int minimumScale = Math.min(scale, MINIMUM_ADJUSTED_SCALE);
        return new DecimalType(DecimalType.MAX_PRECISION,
                Math.max(DecimalType.MAX_PRECISION - integralDigits, minimumScale));
    }
}
