package dev.arus.engine.expr.cast;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.DayTimeIntervalType;
import dev.arus.engine.data.DecimalType;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.Constant;
import dev.arus.engine.expr.Retyped;
import dev.arus.engine.expr.numeric.DecimalPrecision;

/**
 * Picks the node that converts values of one type to another, once {@link CastRules} allows the
 * cast, one node per family of types; and tells which casts keep the values' representation (an
 * integer to a wider one, a float to a double, an integer to a compact decimal of scale 0 that
 * holds it), which an implicit cast feeding an operator may skip. Stateless.
 */
public final class Casts {

    private Casts() {
    }

    /** {@code child} as {@code target}, named {@code sql}; the caller has checked the cast is allowed. */
    public static BoundExpression cast(BoundExpression child, DataType target, String sql) {
        DataType source = child.dataType();
        if (source == AtomicType.NULL) {
            return new Constant(null, target, sql);
        }
        if (source.equals(target)) {
            return new Retyped(child, target, sql);
        }
        if (target == AtomicType.STRING) {
            return new ToStringCast(child, sql);
        }
        if (source == AtomicType.STRING) {
            return new FromStringCast(child, target, sql);
        }
        if (source instanceof DecimalType || target instanceof DecimalType) {
            return new DecimalCast(child, target, sql);
        }
        if (source == AtomicType.DATE || target == AtomicType.DATE) {
            return new DateTimeCast(child, target, sql);
        }
        return new NumericCast(child, (AtomicType) target, sql);
    }

    /**
     * Whether every value of {@code source} is held alike as a value of {@code target}. Only
     * operands may skip such a cast: a vector still reports its own type, which a column of the
     * output must not.
     */
    public static boolean keepsRepresentation(DataType source, DataType target) {
        if (source.isIntegral() && target.isIntegral()) {
            return ((AtomicType) source).compareTo((AtomicType) target) <= 0;
        }
        if (source == AtomicType.FLOAT && target == AtomicType.DOUBLE) {
            return true;
        }
        if (source instanceof DayTimeIntervalType from && target instanceof DayTimeIntervalType to) {
            // microseconds either way; only a coarser end field would cut them
            return to.endField().compareTo(from.endField()) >= 0;
        }
        return source.isIntegral() && target instanceof DecimalType decimal && decimal.isCompact()
                && decimal.scale() == 0 && DecimalPrecision.holdsEvery(decimal, source);
    }
}
