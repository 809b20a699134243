package dev.arus.engine.format;

import dev.arus.engine.data.ArrayType;
import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.DecimalType;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.MapType;
import dev.arus.engine.data.Schema;
import dev.arus.engine.data.StructType;
import dev.arus.engine.streaming.AnalysisException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Types;

/**
 * The Parquet schema Spark's {@code ParquetSchemaConverter} writes for a row schema (standard,
 * not legacy, layout), every column optional as Spark makes them: integers of 8 and 16 bits as
 * annotated INT32; DATE as INT32 (DATE); TIMESTAMP as INT64 (TIMESTAMP(MICROS, adjusted to UTC)),
 * Spark's {@code outputTimestampType=TIMESTAMP_MICROS}; DECIMAL by precision as INT32 (up to 9
 * digits), INT64 (up to 18) or FIXED_LEN_BYTE_ARRAY; structs as groups; arrays and maps in the
 * three-level LIST and MAP layouts. Also the schema as Spark's JSON, which Spark keeps in the
 * file's metadata to read back the exact types.
 */
public final class ParquetSchemas {

    /** The key-value metadata Spark writes and reads its schema from. */
    public static final String SPARK_ROW_METADATA = "org.apache.spark.sql.parquet.row.metadata";

    private ParquetSchemas() {
    }

    /**
     * @throws AnalysisException {@code UNSUPPORTED_DATA_TYPE_FOR_DATASOURCE} for a type Parquet
     *         does not take (intervals), as Spark refuses it
     */
    public static MessageType messageType(Schema schema) {
        List<Type> fields = new ArrayList<>();
        for (Field field : schema.fields()) {
            fields.add(type(field.name(), field.type(), Type.Repetition.OPTIONAL));
        }
        return new MessageType("spark_schema", fields);
    }

    private static Type type(String name, DataType type, Type.Repetition repetition) {
        if (type instanceof DecimalType decimal) {
            LogicalTypeAnnotation annotation = LogicalTypeAnnotation.decimalType(decimal.scale(), decimal.precision());
            if (decimal.precision() <= 9) {
                return Types.primitive(PrimitiveTypeName.INT32, repetition).as(annotation).named(name);
            }
            if (decimal.precision() <= 18) {
                return Types.primitive(PrimitiveTypeName.INT64, repetition).as(annotation).named(name);
            }
            return Types.primitive(PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY, repetition)
                    .length(minBytesForPrecision(decimal.precision())).as(annotation).named(name);
        }
        if (type instanceof StructType struct) {
            List<Type> children = new ArrayList<>();
            for (Field field : struct.fields()) {
                children.add(type(field.name(), field.type(), Type.Repetition.OPTIONAL));
            }
            return Types.buildGroup(repetition).addFields(children.toArray(new Type[0])).named(name);
        }
        if (type instanceof ArrayType array) {
            return Types.buildGroup(repetition).as(LogicalTypeAnnotation.listType())
                    .addField(Types.repeatedGroup().addField(type("element", array.elementType(),
                            Type.Repetition.OPTIONAL)).named("list")).named(name);
        }
        if (type instanceof MapType map) {
            return Types.buildGroup(repetition).as(LogicalTypeAnnotation.mapType())
                    .addField(Types.repeatedGroup()
                            .addField(type("key", map.keyType(), Type.Repetition.REQUIRED))
                            .addField(type("value", map.valueType(), Type.Repetition.OPTIONAL))
                            .named("key_value")).named(name);
        }
        if (type instanceof AtomicType atomic) {
            switch (atomic) {
                case BOOLEAN:
                    return Types.primitive(PrimitiveTypeName.BOOLEAN, repetition).named(name);
                case BYTE:
                    return Types.primitive(PrimitiveTypeName.INT32, repetition)
                            .as(LogicalTypeAnnotation.intType(8, true)).named(name);
                case SHORT:
                    return Types.primitive(PrimitiveTypeName.INT32, repetition)
                            .as(LogicalTypeAnnotation.intType(16, true)).named(name);
                case INT:
                    return Types.primitive(PrimitiveTypeName.INT32, repetition).named(name);
                case LONG:
                    return Types.primitive(PrimitiveTypeName.INT64, repetition).named(name);
                case FLOAT:
                    return Types.primitive(PrimitiveTypeName.FLOAT, repetition).named(name);
                case DOUBLE:
                    return Types.primitive(PrimitiveTypeName.DOUBLE, repetition).named(name);
                case STRING:
                    return Types.primitive(PrimitiveTypeName.BINARY, repetition)
                            .as(LogicalTypeAnnotation.stringType()).named(name);
                case BINARY:
                    return Types.primitive(PrimitiveTypeName.BINARY, repetition).named(name);
                case DATE:
                    return Types.primitive(PrimitiveTypeName.INT32, repetition)
                            .as(LogicalTypeAnnotation.dateType()).named(name);
                case TIMESTAMP:
                    return Types.primitive(PrimitiveTypeName.INT64, repetition)
                            .as(LogicalTypeAnnotation.timestampType(true, LogicalTypeAnnotation.TimeUnit.MICROS))
                            .named(name);
                default:
                    break;
            }
        }
        throw new AnalysisException("UNSUPPORTED_DATA_TYPE_FOR_DATASOURCE", "[UNSUPPORTED_DATA_TYPE_FOR_DATASOURCE] "
                + "The Parquet datasource doesn't support the column `" + name + "` of the type \""
                + type.sql() + "\". SQLSTATE: 0A000");
    }

    /** Spark's {@code Decimal.minBytesForPrecision}: the fewest bytes whose two's complement holds {@code precision} digits. */
    static int minBytesForPrecision(int precision) {
        int bytes = 1;
        while (Math.pow(2.0, 8 * bytes - 1) < Math.pow(10.0, precision)) {
            bytes++;
        }
        return bytes;
    }

    /** The schema as Spark's {@code StructType.json}. */
    public static String sparkJson(Schema schema) {
        return structJson(schema.fields());
    }

    private static String structJson(List<Field> fields) {
        StringBuilder out = new StringBuilder("{\"type\":\"struct\",\"fields\":[");
        for (int i = 0; i < fields.size(); i++) {
            Field field = fields.get(i);
            out.append(i == 0 ? "" : ",").append("{\"name\":").append(quoted(field.name())).append(",\"type\":")
                    .append(typeJson(field.type())).append(",\"nullable\":true,\"metadata\":{}}");
        }
        return out.append("]}").toString();
    }

    private static String typeJson(DataType type) {
        if (type instanceof StructType struct) {
            return structJson(struct.fields());
        }
        if (type instanceof ArrayType array) {
            return "{\"type\":\"array\",\"elementType\":" + typeJson(array.elementType()) + ",\"containsNull\":true}";
        }
        if (type instanceof MapType map) {
            return "{\"type\":\"map\",\"keyType\":" + typeJson(map.keyType()) + ",\"valueType\":"
                    + typeJson(map.valueType()) + ",\"valueContainsNull\":true}";
        }
        if (type instanceof DecimalType decimal) {
            return "\"decimal(" + decimal.precision() + "," + decimal.scale() + ")\"";
        }
        return switch ((AtomicType) type) {
            case BYTE -> "\"byte\"";
            case SHORT -> "\"short\"";
            case INT -> "\"integer\"";
            case LONG -> "\"long\"";
            default -> "\"" + ((AtomicType) type).simpleString().toLowerCase(Locale.ROOT) + "\"";
        };
    }

    private static String quoted(String text) {
        return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
