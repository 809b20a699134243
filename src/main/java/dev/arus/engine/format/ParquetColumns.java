package dev.arus.engine.format;

import dev.arus.engine.data.ArrayType;
import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.DayTimeIntervalType;
import dev.arus.engine.data.DecimalType;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.MapType;
import dev.arus.engine.data.Row;
import dev.arus.engine.data.Schema;
import dev.arus.engine.data.StructType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.Converter;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.DecimalLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.IntLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimestampLogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;

/**
 * The projection of a file's Parquet columns onto a row type, as Spark's vectorized reader makes
 * it: fields matched by name in any case (a field the file lacks reads as NULL), each leaf read
 * into its column's type if Spark's {@code ParquetVectorUpdaterFactory} allows the pair of
 * Parquet physical type and Spark type, structs as groups, arrays as LIST groups (three-level, or
 * the legacy two-level layouts Spark's {@code isElementType} recognises) and maps as MAP groups.
 * Each projected field is a requested Parquet type and a converter that hands its value, in the
 * form a {@link dev.arus.engine.data.ColumnVector} takes, to its parent.
 */
final class ParquetColumns {

    private static final long JULIAN_DAY_OF_EPOCH = 2_440_588L;
    private static final long MICROS_PER_DAY = 86_400_000_000L;

    private ParquetColumns() {
    }

    /** A file's field requested as {@code requested}, read by {@code converter}. */
    record Projected(Type requested, Converter converter) {
    }

    /** A Parquet type that cannot be read as the Spark type asked for: Spark's {@code SchemaColumnConvertNotSupportedException}. */
    static final class MismatchException extends RuntimeException {
        final String column;
        final String expectedType;
        final String actualType;

        MismatchException(String column, String expectedType, String actualType) {
            super("column " + column + ": expected " + expectedType + ", found " + actualType);
            this.column = column;
            this.expectedType = expectedType;
            this.actualType = actualType;
        }
    }

    /** Spark's {@code Found duplicate field(s)} in case-insensitive mode. */
    static final class DuplicateFieldException extends RuntimeException {
        DuplicateFieldException(String name, List<String> matched) {
            super("Found duplicate field(s) \"" + name + "\": " + matched + " in case-insensitive mode");
        }
    }

    /**
     * The fields of {@code group} that match {@code fields}, in the order of {@code fields}: for
     * each field the index of its match in {@code group}, or -1.
     *
     * @throws DuplicateFieldException when two of the group's fields match one name
     */
    static int[] match(List<Field> fields, GroupType group) {
        int[] matches = new int[fields.size()];
        for (int i = 0; i < fields.size(); i++) {
            matches[i] = -1;
            List<String> found = new ArrayList<>();
            for (int f = 0; f < group.getFieldCount(); f++) {
                if (group.getFieldName(f).equalsIgnoreCase(fields.get(i).name())) {
                    found.add(group.getFieldName(f));
                    matches[i] = f;
                }
            }
            if (found.size() > 1) {
                throw new DuplicateFieldException(fields.get(i).name(), found);
            }
        }
        return matches;
    }

    /**
     * The converter of a struct's fields that exist in {@code group}: those fields requested,
     * in the order of the struct, each value set into its slot of an array of the struct's width.
     */
    static List<Projected> fields(List<Field> fields, GroupType group, List<String> path, int[] matches,
                                  Slots slots) {
        List<Projected> projected = new ArrayList<>();
        for (int i = 0; i < fields.size(); i++) {
            if (matches[i] >= 0) {
                Type file = group.getType(matches[i]);
                int slot = i;
                Projected field = project(file, fields.get(i).type(), append(path, file.getName()),
                        value -> slots.values()[slot] = value);
                if (field != null) {
                    projected.add(field);
                }
            }
        }
        return projected;
    }

    /** The current values of a group being read. */
    interface Slots {
        Object[] values();
    }

    private static List<String> append(List<String> path, String name) {
        List<String> longer = new ArrayList<>(path);
        longer.add(name);
        return longer;
    }

    /**
     * The file's field {@code file} read as {@code type}, its values passed to {@code sink}; none
     * for a struct none of whose fields the file has, which reads as NULL.
     *
     * @throws MismatchException when Spark would not read the one as the other
     */
    static Projected project(Type file, DataType type, List<String> path, Consumer<Object> sink) {
        if (file.isRepetition(Type.Repetition.REPEATED)) {
            throw mismatch(path, type, file);
        }
        if (type instanceof StructType struct) {
            if (file.isPrimitive()) {
                throw mismatch(path, type, file);
            }
            return struct(file.asGroupType(), struct, path, sink);
        }
        if (type instanceof ArrayType array) {
            return array(file, array, path, sink);
        }
        if (type instanceof MapType map) {
            return map(file, map, path, sink);
        }
        if (!file.isPrimitive()) {
            throw mismatch(path, type, file);
        }
        return new Projected(file, leaf(file.asPrimitiveType(), type, path, sink));
    }

    private static Projected struct(GroupType file, StructType struct, List<String> path, Consumer<Object> sink) {
        Schema rowSchema = new Schema(struct.fields());
        StructConverter converter = new StructConverter(struct.fields().size(),
                values -> sink.accept(new Row(rowSchema, values)));
        List<Projected> children = fields(struct.fields(), file, path, match(struct.fields(), file), converter);
        if (children.isEmpty()) {
            return null;
        }
        converter.children(children);
        return new Projected(file.withNewFields(children.stream().map(Projected::requested).toList()), converter);
    }

    /** Spark's {@code ParquetRowConverter.isElementType}: whether the repeated field is the element itself (a legacy two-level list). */
    private static boolean isElementType(Type repeated, DataType element, String parentName) {
        if (repeated.isPrimitive()) {
            return true;
        }
        GroupType group = repeated.asGroupType();
        if (group.getFieldCount() > 1 || group.getName().equals("array") || group.getName().equals(parentName + "_tuple")) {
            return true;
        }
        return element instanceof StructType struct && struct.fields().size() == 1
                && struct.fields().get(0).name().equals(group.getFieldName(0));
    }

    private static Projected array(Type file, ArrayType array, List<String> path, Consumer<Object> sink) {
        if (file.isPrimitive() || file.asGroupType().getFieldCount() != 1
                || !file.asGroupType().getType(0).isRepetition(Type.Repetition.REPEATED)) {
            throw mismatch(path, array, file);
        }
        GroupType list = file.asGroupType();
        Type repeated = list.getType(0);
        List<Object>[] items = newList();
        Projected element;
        if (isElementType(repeated, array.elementType(), list.getName())) {
            element = projectRepeated(repeated, array.elementType(), append(path, repeated.getName()),
                    value -> items[0].add(value));
        } else {
            GroupType wrapper = repeated.asGroupType();
            Object[] current = new Object[1];
            Projected inner = required(project(wrapper.getType(0), array.elementType(),
                    append(append(path, wrapper.getName()), wrapper.getType(0).getName()), value -> current[0] = value),
                    path, array, file);
            StructConverter each = new StructConverter(0, values -> items[0].add(current[0])) {
                @Override
                public void start() {
                    current[0] = null;
                }
            };
            each.children(List.of(inner));
            element = new Projected(wrapper.withNewFields(inner.requested()), each);
        }
        GroupConverter outer = new ContainerConverter(element.converter(),
                () -> items[0] = new ArrayList<>(), () -> sink.accept(items[0]));
        return new Projected(list.withNewFields(element.requested()), outer);
    }

    /** The element of a two-level list: the repeated field itself, read as the element type. */
    private static Projected projectRepeated(Type repeated, DataType element, List<String> path, Consumer<Object> sink) {
        if (element instanceof StructType struct && !repeated.isPrimitive()) {
            return required(struct(repeated.asGroupType(), struct, path, sink), path, element, repeated);
        }
        if (repeated.isPrimitive() && !(element instanceof StructType || element instanceof ArrayType
                || element instanceof MapType)) {
            return new Projected(repeated, leaf(repeated.asPrimitiveType(), element, path, sink));
        }
        throw mismatch(path, element, repeated);
    }

    @SuppressWarnings("unchecked")
    private static List<Object>[] newList() {
        return new List[1];
    }

    private static Projected map(Type file, MapType map, List<String> path, Consumer<Object> sink) {
        if (file.isPrimitive() || file.asGroupType().getFieldCount() != 1
                || file.asGroupType().getType(0).isPrimitive()
                || file.asGroupType().getType(0).asGroupType().getFieldCount() != 2) {
            throw mismatch(path, map, file);
        }
        GroupType outer = file.asGroupType();
        GroupType keyValue = outer.getType(0).asGroupType();
        List<String> entryPath = append(path, keyValue.getName());
        Object[] entry = new Object[2];
        Map<Object, Object>[] entries = newMap();
        Projected key = required(project(keyValue.getType(0), map.keyType(),
                append(entryPath, keyValue.getFieldName(0)), value -> entry[0] = value), path, map, file);
        Projected value = required(project(keyValue.getType(1), map.valueType(),
                append(entryPath, keyValue.getFieldName(1)), v -> entry[1] = v), path, map, file);
        StructConverter each = new StructConverter(0, values -> entries[0].put(entry[0], entry[1])) {
            @Override
            public void start() {
                entry[0] = null;
                entry[1] = null;
            }
        };
        each.children(List.of(key, value));
        GroupConverter converter = new ContainerConverter(each, () -> entries[0] = new LinkedHashMap<>(),
                () -> sink.accept(entries[0]));
        return new Projected(outer.withNewFields(keyValue.withNewFields(key.requested(), value.requested())), converter);
    }

    /** Inside a list or a map a struct must have a field in the file: an entry is not left out. */
    private static Projected required(Projected projected, List<String> path, DataType type, Type file) {
        if (projected == null) {
            throw mismatch(path, type, file);
        }
        return projected;
    }

    @SuppressWarnings("unchecked")
    private static Map<Object, Object>[] newMap() {
        return new Map[1];
    }

    /** A group of named fields: the slots are reset when a value starts, handed on when it ends. */
    static class StructConverter extends GroupConverter implements Slots {
        private final int width;
        private final Consumer<Object[]> sink;
        private Converter[] children;
        private Object[] values;

        StructConverter(int width, Consumer<Object[]> sink) {
            this.width = width;
            this.sink = sink;
        }

        void children(List<Projected> projected) {
            this.children = projected.stream().map(Projected::converter).toArray(Converter[]::new);
        }

        @Override
        public Object[] values() {
            return values;
        }

        @Override
        public Converter getConverter(int fieldIndex) {
            return children[fieldIndex];
        }

        @Override
        public void start() {
            values = new Object[width];
        }

        @Override
        public void end() {
            sink.accept(values);
        }
    }

    /** The outer group of a list or map, whose one repeated child adds the entries. */
    private static final class ContainerConverter extends GroupConverter {
        private final Converter child;
        private final Runnable start;
        private final Runnable end;

        ContainerConverter(Converter child, Runnable start, Runnable end) {
            this.child = child;
            this.start = start;
            this.end = end;
        }

        @Override
        public Converter getConverter(int fieldIndex) {
            return child;
        }

        @Override
        public void start() {
            start.run();
        }

        @Override
        public void end() {
            end.run();
        }
    }

    /** The conversions Spark's {@code ParquetVectorUpdaterFactory.getUpdater} allows, and no other. */
    private static PrimitiveConverter leaf(PrimitiveType file, DataType type, List<String> path, Consumer<Object> sink) {
        LogicalTypeAnnotation annotation = file.getLogicalTypeAnnotation();
        switch (file.getPrimitiveTypeName()) {
            case BOOLEAN:
                if (type == AtomicType.BOOLEAN) {
                    return new PrimitiveConverter() {
                        @Override
                        public void addBoolean(boolean value) {
                            sink.accept(value);
                        }
                    };
                }
                break;
            case INT32:
                if (type == AtomicType.INT || type == AtomicType.LONG || type == AtomicType.DATE
                        || type == AtomicType.DOUBLE || type == AtomicType.BYTE || type == AtomicType.SHORT) {
                    boolean unsigned = annotation instanceof IntLogicalTypeAnnotation integer && !integer.isSigned()
                            && integer.getBitWidth() == 32 && type == AtomicType.LONG;
                    return ints(value -> sink.accept(switch ((AtomicType) type) {
                        case BYTE -> (long) (byte) value;
                        case SHORT -> (long) (short) value;
                        case DOUBLE -> (double) value;
                        default -> unsigned ? Integer.toUnsignedLong(value) : (long) value;
                    }));
                }
                if (type instanceof DecimalType decimal && decimalMatches(file, decimal)) {
                    int scale = decimalScale(annotation);
                    return ints(value -> sink.accept(BigDecimal.valueOf(value, scale)));
                }
                break;
            case INT64:
                if (type == AtomicType.LONG || type instanceof DayTimeIntervalType) {
                    return longs(sink::accept);
                }
                if (type instanceof DecimalType decimal && decimalMatches(file, decimal)) {
                    int scale = decimalScale(annotation);
                    return longs(value -> sink.accept(BigDecimal.valueOf(value, scale)));
                }
                if (type instanceof DecimalType decimal && decimal.precision() == 20 && decimal.scale() == 0
                        && annotation instanceof IntLogicalTypeAnnotation integer && !integer.isSigned()) {
                    return longs(value -> sink.accept(new BigDecimal(new BigInteger(Long.toUnsignedString(value)))));
                }
                if (type == AtomicType.TIMESTAMP && annotation instanceof TimestampLogicalTypeAnnotation timestamp) {
                    if (timestamp.getUnit() == TimeUnit.MICROS) {
                        return longs(sink::accept);
                    }
                    if (timestamp.getUnit() == TimeUnit.MILLIS) {
                        return longs(value -> sink.accept(Math.multiplyExact(value, 1000L)));
                    }
                }
                break;
            case FLOAT:
                if (type == AtomicType.FLOAT || type == AtomicType.DOUBLE) {
                    return new PrimitiveConverter() {
                        @Override
                        public void addFloat(float value) {
                            sink.accept((double) value);
                        }
                    };
                }
                break;
            case DOUBLE:
                if (type == AtomicType.DOUBLE) {
                    return new PrimitiveConverter() {
                        @Override
                        public void addDouble(double value) {
                            sink.accept(value);
                        }
                    };
                }
                break;
            case INT96:
                if (type == AtomicType.TIMESTAMP) {
                    return binaries(value -> sink.accept(int96Micros(value)));
                }
                break;
            case BINARY:
                if (type == AtomicType.STRING) {
                    return binaries(value -> sink.accept(value.toStringUsingUTF8()));
                }
                if (type == AtomicType.BINARY) {
                    return binaries(value -> sink.accept(value.getBytes()));
                }
                if (type instanceof DecimalType decimal && decimalMatches(file, decimal)) {
                    int scale = decimalScale(annotation);
                    return binaries(value -> sink.accept(new BigDecimal(new BigInteger(value.getBytes()), scale)));
                }
                break;
            case FIXED_LEN_BYTE_ARRAY:
                if (type == AtomicType.BINARY) {
                    return binaries(value -> sink.accept(value.getBytes()));
                }
                if (type instanceof DecimalType decimal && decimalMatches(file, decimal)) {
                    int scale = decimalScale(annotation);
                    return binaries(value -> sink.accept(new BigDecimal(new BigInteger(value.getBytes()), scale)));
                }
                break;
            default:
                break;
        }
        throw mismatch(path, type, file);
    }

    private interface IntSink {
        void accept(int value);
    }

    private interface LongSink {
        void accept(long value);
    }

    private static PrimitiveConverter ints(IntSink sink) {
        return new PrimitiveConverter() {
            @Override
            public void addInt(int value) {
                sink.accept(value);
            }
        };
    }

    private static PrimitiveConverter longs(LongSink sink) {
        return new PrimitiveConverter() {
            @Override
            public void addLong(long value) {
                sink.accept(value);
            }
        };
    }

    private static PrimitiveConverter binaries(Consumer<Binary> sink) {
        return new PrimitiveConverter() {
            @Override
            public void addBinary(Binary value) {
                sink.accept(value);
            }
        };
    }

    /** An INT96 timestamp: nanoseconds of the day, then the Julian day, both little-endian; as microseconds since the epoch. */
    static long int96Micros(Binary value) {
        ByteBuffer bytes = value.toByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
        long nanosOfDay = bytes.getLong();
        long julianDay = Integer.toUnsignedLong(bytes.getInt());
        return (julianDay - JULIAN_DAY_OF_EPOCH) * MICROS_PER_DAY + Math.floorDiv(nanosOfDay, 1000L);
    }

    private static int decimalScale(LogicalTypeAnnotation annotation) {
        return annotation instanceof DecimalLogicalTypeAnnotation decimal ? decimal.getScale() : 0;
    }

    /** Spark's {@code isDecimalTypeMatched}: the decimal holds every value of the column without losing digits. */
    private static boolean decimalMatches(PrimitiveType file, DecimalType decimal) {
        LogicalTypeAnnotation annotation = file.getLogicalTypeAnnotation();
        if (annotation instanceof DecimalLogicalTypeAnnotation stored) {
            int scaleIncrease = decimal.scale() - stored.getScale();
            int precisionIncrease = decimal.precision() - stored.getPrecision();
            return scaleIncrease >= 0 && precisionIncrease >= scaleIncrease;
        }
        if (annotation == null || annotation instanceof IntLogicalTypeAnnotation integer && integer.isSigned()) {
            int integerDigits = decimal.precision() - decimal.scale();
            return switch (file.getPrimitiveTypeName()) {
                case INT32 -> integerDigits >= 10;
                case INT64 -> integerDigits >= 20;
                default -> false;
            };
        }
        return false;
    }

    /** Spark names the column by its path in brackets, the Spark type in its catalog form, the Parquet one by its physical type. */
    private static MismatchException mismatch(List<String> path, DataType type, Type file) {
        String actual = file.isPrimitive() ? file.asPrimitiveType().getPrimitiveTypeName().name()
                : file.toString().trim().replaceAll("\\s+", " ");
        return new MismatchException(Arrays.toString(path.toArray()), catalogString(type), actual);
    }

    static String catalogString(DataType type) {
        if (type instanceof StructType struct) {
            StringBuilder out = new StringBuilder("struct<");
            for (int i = 0; i < struct.fields().size(); i++) {
                Field field = struct.fields().get(i);
                out.append(i == 0 ? "" : ",").append(field.name()).append(':').append(catalogString(field.type()));
            }
            return out.append('>').toString();
        }
        if (type instanceof ArrayType array) {
            return "array<" + catalogString(array.elementType()) + ">";
        }
        if (type instanceof MapType map) {
            return "map<" + catalogString(map.keyType()) + "," + catalogString(map.valueType()) + ">";
        }
        return type.simpleString().toLowerCase(Locale.ROOT);
    }
}
