package dev.arus.engine.expr;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.DataType;

/**
 * Spark's implicit casts, limited to Arus's types: numbers widen INT → BIGINT → DOUBLE, an
 * untyped NULL takes the other side's type, and a string compared with a timestamp or a number
 * is cast to that type. Implicit casts keep their child's SQL text, because Spark leaves them out
 * of column names.
 */
final class TypeCoercion {

    private TypeCoercion() {
    }

    /** The wider of two numeric (or NULL) types, or null when they have none. */
    static AtomicType widerNumeric(DataType left, DataType right) {
        if (!(left.isNumeric() || left == AtomicType.NULL) || !(right.isNumeric() || right == AtomicType.NULL)) {
            return null;
        }
        if (left == AtomicType.DOUBLE || right == AtomicType.DOUBLE) {
            return AtomicType.DOUBLE;
        }
        if (left == AtomicType.LONG || right == AtomicType.LONG) {
            return AtomicType.LONG;
        }
        return left == AtomicType.NULL && right == AtomicType.NULL ? AtomicType.NULL : AtomicType.INT;
    }

    /** The type values of both types can be brought to for CASE, coalesce and IN, or null. */
    static DataType commonType(DataType left, DataType right) {
        if (left.equals(right)) {
            return left;
        }
        if (left == AtomicType.NULL) {
            return right;
        }
        if (right == AtomicType.NULL) {
            return left;
        }
        return widerNumeric(left, right);
    }

    /** The type both sides of a comparison are cast to, or null when they cannot be compared. */
    static DataType comparisonType(DataType left, DataType right) {
        DataType common = commonType(left, right);
        if (common != null) {
            return common;
        }
        if (left == AtomicType.STRING || right == AtomicType.STRING) {
            DataType other = left == AtomicType.STRING ? right : left;
            if (other == AtomicType.TIMESTAMP || other == AtomicType.DOUBLE || other == AtomicType.BOOLEAN) {
                return other;
            }
            if (other.isNumeric()) {
                return AtomicType.LONG;
            }
        }
        return null;
    }

    /** {@code expression} as {@code target}, through a cast hidden from names if the types differ. */
    static BoundExpression implicitCast(BoundExpression expression, DataType target) {
        DataType source = expression.dataType();
        if (source.equals(target)) {
            return expression;
        }
        if (source == AtomicType.NULL) {
            return new Constant(null, (AtomicType) target, expression.sql());
        }
        if (source == AtomicType.INT && target == AtomicType.LONG) {
            return new Retyped(expression, target);
        }
        return castNode(expression, (AtomicType) target, expression.sql());
    }

    /** The node converting {@code expression} to {@code target}; the caller has checked it is allowed. */
    static BoundExpression castNode(BoundExpression expression, AtomicType target, String sql) {
        DataType source = expression.dataType();
        if (source == AtomicType.NULL) {
            return new Constant(null, target, sql);
        }
        if (source == AtomicType.STRING || target == AtomicType.STRING) {
            return new StringCast(expression, target, sql);
        }
        return new NumericCast(expression, target, sql);
    }

    /** Spark 4's ANSI cast rules ({@code Cast.canAnsiCast}) for Arus's types. */
    static boolean canCast(DataType source, AtomicType target) {
        if (source.equals(target) || source == AtomicType.NULL || target == AtomicType.STRING
                || source == AtomicType.STRING) {
            return !(source instanceof dev.arus.engine.data.StructType) && target != AtomicType.NULL;
        }
        boolean sourceNumeric = source.isNumeric();
        boolean targetNumeric = target.isNumeric();
        return sourceNumeric && (targetNumeric || target == AtomicType.BOOLEAN || target == AtomicType.TIMESTAMP)
                || source == AtomicType.BOOLEAN && targetNumeric
                || source == AtomicType.TIMESTAMP && targetNumeric;
    }
}
