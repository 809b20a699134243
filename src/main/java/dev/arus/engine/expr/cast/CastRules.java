package dev.arus.engine.expr.cast;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.DayTimeIntervalType;

/**
 * Which casts Spark 4 allows: {@link #canCast} is its ANSI rule ({@code Cast.canAnsiCast}), the
 * only one Arus runs; {@link #canCastWithoutAnsi} its legacy rule, which only decides how a
 * refusal is worded (Spark suggests turning ANSI mode off when that would allow the cast). Structs,
 * arrays and maps cast to STRING only. Stateless.
 */
public final class CastRules {

    private CastRules() {
    }

    public static boolean canCast(DataType source, DataType target) {
        if (source.equals(target) || source == AtomicType.NULL) {
            return target != AtomicType.NULL || source == AtomicType.NULL;
        }
        if (target == AtomicType.STRING) {
            return true;
        }
        if (source.isComplex() || target.isComplex() || target == AtomicType.NULL) {
            return false;
        }
        if (source == AtomicType.STRING) {
            return !(target instanceof DayTimeIntervalType);
        }
        if (source instanceof DayTimeIntervalType || target instanceof DayTimeIntervalType
                || source == AtomicType.BINARY || target == AtomicType.BINARY) {
            return false;
        }
        if (target == AtomicType.DATE) {
            return source == AtomicType.TIMESTAMP;
        }
        if (target == AtomicType.TIMESTAMP) {
            return source.isNumeric() || source == AtomicType.DATE;
        }
        if (target == AtomicType.BOOLEAN) {
            return source.isNumeric();
        }
        // target is numeric
        return source.isNumeric() || source == AtomicType.BOOLEAN || source == AtomicType.TIMESTAMP;
    }

    /** The functions Spark suggests for a refused cast between dates and numbers, or null. */
    public static String functionsInstead(DataType source, DataType target) {
        if (source.isNumeric() && target == AtomicType.DATE) {
            return "`DATE_FROM_UNIX_DATE`";
        }
        return source == AtomicType.DATE && target.isNumeric() ? "`UNIX_DATE`" : null;
    }

    /** Spark's non-ANSI {@code Cast.canCast}, for the wording of a refused cast. */
    public static boolean canCastWithoutAnsi(DataType source, DataType target) {
        if (canCast(source, target)) {
            return true;
        }
        if (source.isComplex() || target.isComplex() || target == AtomicType.NULL
                || source instanceof DayTimeIntervalType || target instanceof DayTimeIntervalType) {
            return false;
        }
        if (target == AtomicType.BINARY) {
            return source.isIntegral();
        }
        if (source == AtomicType.DATE) {
            return target.isNumeric() || target == AtomicType.BOOLEAN;
        }
        return source == AtomicType.TIMESTAMP && target == AtomicType.BOOLEAN
                || source == AtomicType.BOOLEAN && target == AtomicType.TIMESTAMP;
    }
}
