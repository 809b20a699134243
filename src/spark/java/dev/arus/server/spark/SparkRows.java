package dev.arus.server.spark;

import dev.arus.engine.data.ArrayType;
import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.DecimalType;
import dev.arus.engine.data.DayTimeIntervalType;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.MapType;
import dev.arus.engine.data.Row;
import dev.arus.engine.data.Schema;
import dev.arus.engine.data.StructType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;

/**
 * Spark's rows as the engine's, so that a Spark batch reaches the live results and
 * {@code /batches} as an Arus batch would: timestamps as {@code Instant}, dates as
 * {@code LocalDate}, day-time intervals as {@code Duration} (the session runs with Spark's Java 8
 * time API), structs (a window) as rows, arrays as lists, maps as maps. A Spark type Arus does not
 * have (a year-month interval, a variant) becomes a string of Spark's value.
 */
final class SparkRows {

    private SparkRows() {
    }

    static Schema schema(org.apache.spark.sql.types.StructType spark) {
        List<Field> fields = new ArrayList<>();
        for (StructField field : spark.fields()) {
            fields.add(new Field(field.name(), type(field.dataType()), field.nullable()));
        }
        return new Schema(fields);
    }

    /** The first rows of a batch, collected on the driver, in the engine's terms. */
    static List<Row> rows(Schema schema, org.apache.spark.sql.types.StructType sparkSchema,
                          List<org.apache.spark.sql.Row> rows) {
        List<Row> converted = new ArrayList<>(rows.size());
        for (org.apache.spark.sql.Row row : rows) {
            converted.add(row(schema, sparkSchema, row));
        }
        return converted;
    }

    /** One row of Spark's in the engine's terms. */
    static Row row(Schema schema, org.apache.spark.sql.types.StructType sparkSchema,
                           org.apache.spark.sql.Row row) {
        Object[] values = new Object[schema.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = row.isNullAt(i) ? null : value(schema.field(i).type(), sparkSchema.fields()[i].dataType(),
                    row, i);
        }
        return new Row(schema, values);
    }

    private static Object value(DataType type, org.apache.spark.sql.types.DataType spark,
                                org.apache.spark.sql.Row row, int i) {
        if (spark instanceof org.apache.spark.sql.types.StructType struct) {
            return row(new Schema(((StructType) type).fields()), struct, row.getStruct(i));
        }
        if (spark instanceof org.apache.spark.sql.types.ArrayType array) {
            List<Object> elements = new ArrayList<>();
            for (Object element : row.getList(i)) {
                elements.add(element(((ArrayType) type).elementType(), array.elementType(), element));
            }
            return elements;
        }
        if (spark instanceof org.apache.spark.sql.types.MapType map) {
            Map<Object, Object> entries = new LinkedHashMap<>();
            MapType arus = (MapType) type;
            row.getJavaMap(i).forEach((key, value) -> entries.put(element(arus.keyType(), map.keyType(), key),
                    element(arus.valueType(), map.valueType(), value)));
            return entries;
        }
        return element(type, spark, row.get(i));
    }

    private static Object element(DataType type, org.apache.spark.sql.types.DataType spark, Object value) {
        if (value == null) {
            return null;
        }
        if (value instanceof org.apache.spark.sql.Row struct) {
            return row(new Schema(((StructType) type).fields()), (org.apache.spark.sql.types.StructType) spark, struct);
        }
        if (value instanceof scala.collection.Seq<?> seq) {
            List<Object> elements = new ArrayList<>();
            org.apache.spark.sql.types.ArrayType array = (org.apache.spark.sql.types.ArrayType) spark;
            scala.jdk.javaapi.CollectionConverters.asJava(seq).forEach(element ->
                    elements.add(element(((ArrayType) type).elementType(), array.elementType(), element)));
            return elements;
        }
        if (value instanceof scala.collection.Map<?, ?> map) {
            Map<Object, Object> entries = new LinkedHashMap<>();
            MapType arus = (MapType) type;
            org.apache.spark.sql.types.MapType sparkMap = (org.apache.spark.sql.types.MapType) spark;
            scala.jdk.javaapi.CollectionConverters.asJava(map).forEach((key, entry) -> entries.put(
                    element(arus.keyType(), sparkMap.keyType(), key), element(arus.valueType(), sparkMap.valueType(), entry)));
            return entries;
        }
        return type == AtomicType.STRING && !(value instanceof String) ? value.toString() : value;
    }

    private static DataType type(org.apache.spark.sql.types.DataType spark) {
        if (spark instanceof org.apache.spark.sql.types.StructType struct) {
            return new StructType(schema(struct).fields());
        }
        if (spark instanceof org.apache.spark.sql.types.ArrayType array) {
            return new ArrayType(type(array.elementType()), array.containsNull());
        }
        if (spark instanceof org.apache.spark.sql.types.MapType map) {
            return new MapType(type(map.keyType()), type(map.valueType()), map.valueContainsNull());
        }
        if (spark instanceof org.apache.spark.sql.types.DecimalType decimal) {
            return new DecimalType(decimal.precision(), decimal.scale());
        }
        if (spark instanceof org.apache.spark.sql.types.DayTimeIntervalType) {
            return DayTimeIntervalType.DAY_TO_SECOND;
        }
        if (spark.equals(DataTypes.BooleanType)) {
            return AtomicType.BOOLEAN;
        }
        if (spark.equals(DataTypes.ByteType)) {
            return AtomicType.BYTE;
        }
        if (spark.equals(DataTypes.ShortType)) {
            return AtomicType.SHORT;
        }
        if (spark.equals(DataTypes.IntegerType)) {
            return AtomicType.INT;
        }
        if (spark.equals(DataTypes.LongType)) {
            return AtomicType.LONG;
        }
        if (spark.equals(DataTypes.FloatType)) {
            return AtomicType.FLOAT;
        }
        if (spark.equals(DataTypes.DoubleType)) {
            return AtomicType.DOUBLE;
        }
        if (spark.equals(DataTypes.BinaryType)) {
            return AtomicType.BINARY;
        }
        if (spark.equals(DataTypes.DateType)) {
            return AtomicType.DATE;
        }
        if (spark.equals(DataTypes.TimestampType) || spark.equals(DataTypes.TimestampNTZType)) {
            return AtomicType.TIMESTAMP;
        }
        if (spark.equals(DataTypes.NullType)) {
            return AtomicType.NULL;
        }
        return AtomicType.STRING;
    }
}
