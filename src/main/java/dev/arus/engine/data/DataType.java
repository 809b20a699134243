package dev.arus.engine.data;

/**
 * A column's type, named as Spark SQL names it: {@link #simpleString()} in schemas
 * ({@code bigint}, {@code array<int>}, {@code struct<start:timestamp,end:timestamp>}) and
 * {@link #sql()} in error messages ({@code BIGINT}, {@code MAP<STRING, INT>}). Timestamps are
 * microseconds since the epoch, as in Spark.
 */
public sealed interface DataType permits AtomicType, DecimalType, DayTimeIntervalType, StructType, ArrayType,
        MapType {

    /** The type as Spark prints it in schemas: {@code map<string,int>}. */
    String simpleString();

    /** The type as Spark's {@code DataType.sql} and error messages print it: {@code MAP<STRING, INT>}. */
    String sql();

    /** Whether values of this type are held in a {@link LongVector}. */
    default boolean isLongBacked() {
        return isIntegral() || this == AtomicType.TIMESTAMP || this == AtomicType.DATE
                || this instanceof DayTimeIntervalType || this instanceof DecimalType decimal && decimal.isCompact();
    }

    /** {@code TINYINT}, {@code SMALLINT}, {@code INT} or {@code BIGINT}. */
    default boolean isIntegral() {
        return this == AtomicType.BYTE || this == AtomicType.SHORT || this == AtomicType.INT
                || this == AtomicType.LONG;
    }

    /** {@code FLOAT} or {@code DOUBLE}: Spark's fractional types other than decimals. */
    default boolean isFloatingPoint() {
        return this == AtomicType.FLOAT || this == AtomicType.DOUBLE;
    }

    /** Spark's {@code NumericType}: integers, floating point and decimals. */
    default boolean isNumeric() {
        return isIntegral() || isFloatingPoint() || this instanceof DecimalType;
    }

    /** Whether this is a struct, array or map: a type whose values hold other values. */
    default boolean isComplex() {
        return this instanceof StructType || this instanceof ArrayType || this instanceof MapType;
    }
}
