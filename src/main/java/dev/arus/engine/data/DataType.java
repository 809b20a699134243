package dev.arus.engine.data;

/**
 * A column's type, named as Spark SQL names it ({@link #simpleString()}: {@code bigint},
 * {@code struct<start:timestamp,end:timestamp>}). Timestamps are microseconds since the epoch,
 * as in Spark.
 */
public sealed interface DataType permits AtomicType, StructType {

    /** The type as Spark prints it in schemas and error messages. */
    String simpleString();

    /** Whether values of this type are held in a {@link LongVector}. */
    default boolean isLongBacked() {
        return this == AtomicType.INT || this == AtomicType.LONG || this == AtomicType.TIMESTAMP;
    }

    default boolean isNumeric() {
        return this == AtomicType.INT || this == AtomicType.LONG || this == AtomicType.DOUBLE;
    }
}
