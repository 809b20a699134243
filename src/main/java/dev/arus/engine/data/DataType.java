package dev.arus.engine.data;

/**
 * A column's type, named as Spark SQL names it: {@link #simpleString()} in schemas
 * ({@code bigint}, {@code array<int>}, {@code struct<start:timestamp,end:timestamp>}) and
 * {@link #sql()} in error messages ({@code BIGINT}, {@code MAP<STRING, INT>}). Timestamps are
 * microseconds since the epoch, as in Spark.
 */
public sealed interface DataType permits AtomicType, StructType, ArrayType, MapType {

    /** The type as Spark prints it in schemas: {@code map<string,int>}. */
    String simpleString();

    /** The type as Spark's {@code DataType.sql} and error messages print it: {@code MAP<STRING, INT>}. */
    String sql();

    /** Whether values of this type are held in a {@link LongVector}. */
    default boolean isLongBacked() {
        return this == AtomicType.INT || this == AtomicType.LONG || this == AtomicType.TIMESTAMP;
    }

    default boolean isNumeric() {
        return this == AtomicType.INT || this == AtomicType.LONG || this == AtomicType.DOUBLE;
    }

    /** Whether this is a struct, array or map: a type whose values hold other values. */
    default boolean isComplex() {
        return !(this instanceof AtomicType);
    }
}
