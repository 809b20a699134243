package dev.arus.engine.expr;

import dev.arus.engine.data.ArrayType;
import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.MapType;
import dev.arus.engine.data.StructType;
import java.util.ArrayList;
import java.util.List;

/**
 * Spark's implicit casts, limited to Arus's types: numbers widen INT → BIGINT → DOUBLE, an
 * untyped NULL takes the other side's type, and a string compared with a timestamp or a number
 * is cast to that type. Implicit casts keep their child's SQL text, because Spark leaves them out
 * of column names. Structs, arrays and maps cast only to STRING, binary only to and from STRING.
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
        if (left.isComplex() || right.isComplex()) {
            return mergeNullability(left, right);
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

    /**
     * Spark's rule for structs, arrays and maps of one shape ({@code DataType.equalsStructurally}
     * with field names compared case-insensitively): their common type, each field, element or
     * value nullable where either side's is; null when the shapes differ.
     */
    static DataType mergeNullability(DataType left, DataType right) {
        if (left instanceof StructType a && right instanceof StructType b) {
            if (a.fields().size() != b.fields().size()) {
                return null;
            }
            List<Field> fields = new ArrayList<>();
            for (int i = 0; i < a.fields().size(); i++) {
                Field x = a.fields().get(i);
                Field y = b.fields().get(i);
                DataType type = mergeNullability(x.type(), y.type());
                if (type == null || !x.name().equalsIgnoreCase(y.name())) {
                    return null;
                }
                fields.add(new Field(x.name(), type, x.nullable() || y.nullable()));
            }
            return new StructType(fields);
        }
        if (left instanceof ArrayType a && right instanceof ArrayType b) {
            DataType element = mergeNullability(a.elementType(), b.elementType());
            return element == null ? null : new ArrayType(element, a.containsNull() || b.containsNull());
        }
        if (left instanceof MapType a && right instanceof MapType b) {
            DataType key = mergeNullability(a.keyType(), b.keyType());
            DataType value = mergeNullability(a.valueType(), b.valueType());
            return key == null || value == null ? null
                    : new MapType(key, value, a.valueContainsNull() || b.valueContainsNull());
        }
        // nested values are not cast, so nested atomic types must match exactly
        return left.equals(right) ? left : null;
    }

    /** {@code expression} as {@code target}, through a cast hidden from names if the types differ. */
    static BoundExpression implicitCast(BoundExpression expression, DataType target) {
        DataType source = expression.dataType();
        if (source.equals(target)) {
            return expression;
        }
        if (source.isComplex()) {
            // same shape, only nullability differs: the vectors are alike, only the type reported changes
            return new Retyped(expression, target);
        }
        if (source == AtomicType.NULL) {
            return new Constant(null, target, expression.sql());
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
        if (source == AtomicType.STRING || target == AtomicType.STRING || source == AtomicType.BINARY
                || target == AtomicType.BINARY) {
            return new StringCast(expression, target, sql);
        }
        return new NumericCast(expression, target, sql);
    }

    /** Spark 4's ANSI cast rules ({@code Cast.canAnsiCast}) for Arus's types. */
    static boolean canCast(DataType source, AtomicType target) {
        if (target == AtomicType.NULL) {
            return false;
        }
        if (source.equals(target) || source == AtomicType.NULL || target == AtomicType.STRING) {
            return true;
        }
        if (source == AtomicType.STRING) {
            return true;
        }
        if (source == AtomicType.BINARY || target == AtomicType.BINARY || source.isComplex()) {
            return false;
        }
        boolean sourceNumeric = source.isNumeric();
        boolean targetNumeric = target.isNumeric();
        return sourceNumeric && (targetNumeric || target == AtomicType.BOOLEAN || target == AtomicType.TIMESTAMP)
                || source == AtomicType.BOOLEAN && targetNumeric
                || source == AtomicType.TIMESTAMP && targetNumeric;
    }

    /**
     * Spark's non-ANSI rules ({@code Cast.canCast}): a cast they allow and ANSI mode refuses is
     * reported with the hint to turn ANSI mode off, as Spark does; any other, without.
     */
    static boolean canCastWithoutAnsi(DataType source, AtomicType target) {
        if (canCast(source, target)) {
            return true;
        }
        if (target == AtomicType.BINARY) {
            return source == AtomicType.INT || source == AtomicType.LONG;
        }
        return !source.isComplex() && source != AtomicType.BINARY && target != AtomicType.NULL;
    }
}
