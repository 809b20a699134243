package dev.arus.server.spark;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.BigDecimalVector;
import dev.arus.engine.data.BinaryVector;
import dev.arus.engine.data.BooleanVector;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.DecimalType;
import dev.arus.engine.data.DoubleVector;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.data.Schema;
import dev.arus.engine.data.StringVector;
import dev.arus.engine.data.StructType;
import dev.arus.engine.data.StructVector;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * The event log's records in Spark's terms: a stream's columns as Spark's schema (a stream holds
 * {@code boolean}, the integer types, {@code float}, {@code double}, decimals, {@code string},
 * {@code binary}, {@code date}, {@code timestamp} and structs of them, each of which Spark has),
 * and a decoded chunk's rows as Spark's internal rows: strings as {@code UTF8String}, dates as days
 * and timestamps as microseconds since the epoch, decimals as Spark's {@code Decimal}, structs as
 * rows, each value copied out of the chunk, which the reader reuses.
 */
final class EventLogRows {

    private EventLogRows() {
    }

    static org.apache.spark.sql.types.StructType schema(Schema schema) {
        List<StructField> fields = new ArrayList<>();
        for (Field field : schema.fields()) {
            fields.add(DataTypes.createStructField(field.name(), type(field.type()), field.nullable()));
        }
        return DataTypes.createStructType(fields);
    }

    private static org.apache.spark.sql.types.DataType type(DataType type) {
        if (type instanceof StructType struct) {
            return schema(new Schema(struct.fields()));
        }
        if (type instanceof DecimalType decimal) {
            return DataTypes.createDecimalType(decimal.precision(), decimal.scale());
        }
        return switch ((AtomicType) type) {
            case BOOLEAN -> DataTypes.BooleanType;
            case BYTE -> DataTypes.ByteType;
            case SHORT -> DataTypes.ShortType;
            case INT -> DataTypes.IntegerType;
            case LONG -> DataTypes.LongType;
            case FLOAT -> DataTypes.FloatType;
            case DOUBLE -> DataTypes.DoubleType;
            case STRING -> DataTypes.StringType;
            case BINARY -> DataTypes.BinaryType;
            case DATE -> DataTypes.DateType;
            case TIMESTAMP -> DataTypes.TimestampType;
            default -> throw new IllegalArgumentException("A stream holds no column of type " + type.sql());
        };
    }

    /** Row {@code row} of {@code chunk} as Spark's internal row. */
    static InternalRow row(ColumnarBatch chunk, int row) {
        Object[] values = new Object[chunk.schema().size()];
        for (int c = 0; c < values.length; c++) {
            values[c] = value(chunk.column(c), row);
        }
        return new GenericInternalRow(values);
    }

    private static Object value(ColumnVector vector, int row) {
        if (vector.isNull(row)) {
            return null;
        }
        DataType type = vector.type();
        if (vector instanceof StructVector struct) {
            Object[] fields = new Object[((StructType) type).fields().size()];
            for (int f = 0; f < fields.length; f++) {
                fields[f] = value(struct.child(f), row);
            }
            return new GenericInternalRow(fields);
        }
        if (vector instanceof BigDecimalVector wide) {
            DecimalType decimal = wide.decimalType();
            return Decimal.apply(wide.values()[row], decimal.precision(), decimal.scale());
        }
        if (vector instanceof LongVector longs) {
            long value = longs.values()[row];
            if (type instanceof DecimalType decimal) {
                return Decimal.apply(value, decimal.precision(), decimal.scale());
            }
            return switch ((AtomicType) type) {
                case BYTE -> (byte) value;
                case SHORT -> (short) value;
                case INT, DATE -> (int) value;
                default -> value; // BIGINT; TIMESTAMP, microseconds as in Spark
            };
        }
        if (vector instanceof DoubleVector doubles) {
            double value = doubles.values()[row];
            return type == AtomicType.FLOAT ? (Object) (float) value : (Object) value;
        }
        if (vector instanceof BooleanVector booleans) {
            return booleans.values()[row];
        }
        if (vector instanceof StringVector strings) {
            return UTF8String.fromString(strings.values()[row]);
        }
        return ((BinaryVector) vector).values()[row].clone();
    }
}
