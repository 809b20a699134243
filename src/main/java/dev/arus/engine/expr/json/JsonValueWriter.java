package dev.arus.engine.expr.json;

import dev.arus.engine.data.ArrayType;
import dev.arus.engine.data.ArrayVector;
import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.BigDecimalVector;
import dev.arus.engine.data.BinaryVector;
import dev.arus.engine.data.BooleanVector;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.DayTimeIntervalType;
import dev.arus.engine.data.DecimalType;
import dev.arus.engine.data.DoubleVector;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.data.MapType;
import dev.arus.engine.data.MapVector;
import dev.arus.engine.data.Row;
import dev.arus.engine.data.StringVector;
import dev.arus.engine.data.StructType;
import dev.arus.engine.data.StructVector;
import dev.arus.engine.expr.ValueText;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.ObjectWriteContext;
import tools.jackson.core.json.JsonFactory;

/**
 * Writes values as Spark's {@code JacksonGenerator} does for {@code to_json} and the JSON file
 * sink: compact, struct fields in order with NULL fields left out, NULL array elements and map
 * values written as {@code null}, timestamps as {@code yyyy-MM-dd'T'HH:mm:ss.SSSXXX} in the
 * session zone, dates as {@code yyyy-MM-dd}, day-time intervals as their ANSI text, decimals as
 * numbers with every digit of their scale, binary as base64, doubles as Java prints them
 * ({@code NaN} and {@code Infinity} quoted), strings escaped as Jackson 2 escapes them. One
 * generator and buffer are reused from value to value, and {@code to_json} reads the vectors
 * directly. Not thread-safe.
 */
public final class JsonValueWriter {

    private static final JsonFactory FACTORY = JsonFactory.builderWithJackson2Defaults()
            .rootValueSeparator((String) null)
            .build();

    private final ZoneId zone;
    private final DateTimeFormatter timestamps;
    private final StringWriter buffer = new StringWriter();
    private final JsonGenerator generator;

    public JsonValueWriter(ZoneId zone) {
        this.zone = zone;
        this.timestamps = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSXXX", Locale.US).withZone(zone);
        this.generator = FACTORY.createGenerator(ObjectWriteContext.empty(), buffer);
    }

    public ZoneId zone() {
        return zone;
    }

    /** A row as a JSON object, one line of Spark's JSON writer (without the line end). */
    public String write(Row row) {
        writeStruct(row);
        return flush();
    }

    /** Row {@code row} (not null) of a struct, array or map vector, as {@code to_json} gives it. */
    String write(ColumnVector vector, int row) {
        writeValue(vector, row);
        return flush();
    }

    private String flush() {
        generator.flush();
        String json = buffer.toString();
        buffer.getBuffer().setLength(0);
        return json;
    }

    private void writeValue(ColumnVector vector, int row) {
        if (vector instanceof StructVector struct) {
            List<Field> fields = ((StructType) struct.type()).fields();
            generator.writeStartObject();
            for (int i = 0; i < fields.size(); i++) {
                ColumnVector child = struct.child(i);
                if (!child.isNull(row)) {
                    generator.writeName(fields.get(i).name());
                    writeValue(child, row);
                }
            }
            generator.writeEndObject();
        } else if (vector instanceof ArrayVector array) {
            generator.writeStartArray();
            ColumnVector elements = array.elements();
            for (int i = array.start(row), end = i + array.length(row); i < end; i++) {
                writeNullable(elements, i);
            }
            generator.writeEndArray();
        } else if (vector instanceof MapVector map) {
            generator.writeStartObject();
            for (int i = map.start(row), end = i + map.length(row); i < end; i++) {
                generator.writeName(keyText(map.keys().getObject(i)));
                writeNullable(map.values(), i);
            }
            generator.writeEndObject();
        } else if (vector instanceof LongVector longs) {
            writeLong(longs.values()[row], longs.type());
        } else if (vector instanceof DoubleVector doubles) {
            writeDouble(doubles.values()[row], doubles.type());
        } else if (vector instanceof BigDecimalVector decimals) {
            generator.writeNumber(decimals.values()[row]);
        } else if (vector instanceof BooleanVector booleans) {
            generator.writeBoolean(booleans.values()[row]);
        } else if (vector instanceof BinaryVector binaries) {
            generator.writeBinary(binaries.values()[row]);
        } else if (vector.type() == AtomicType.NULL) {
            generator.writeNull();
        } else {
            generator.writeString(((StringVector) vector).values()[row]);
        }
    }

    /** A value held in a long: a timestamp, date or interval as text, a decimal or an integer as a number. */
    private void writeLong(long value, DataType type) {
        if (type == AtomicType.TIMESTAMP) {
            generator.writeString(timestamps.format(instant(value)));
        } else if (type == AtomicType.DATE) {
            generator.writeString(ValueText.date(value));
        } else if (type instanceof DayTimeIntervalType interval) {
            generator.writeString(ValueText.interval(value, interval));
        } else if (type instanceof DecimalType decimal) {
            generator.writeNumber(BigDecimal.valueOf(value, decimal.scale()));
        } else {
            generator.writeNumber(value);
        }
    }

    private void writeDouble(double value, DataType type) {
        if (type == AtomicType.FLOAT) {
            generator.writeNumber((float) value);
        } else {
            generator.writeNumber(value);
        }
    }

    private void writeNullable(ColumnVector vector, int row) {
        if (vector.isNull(row)) {
            generator.writeNull();
        } else {
            writeValue(vector, row);
        }
    }

    private void writeStruct(Row row) {
        generator.writeStartObject();
        for (int i = 0; i < row.size(); i++) {
            Object value = row.get(i);
            if (value != null) {
                generator.writeName(row.schema().field(i).name());
                writeObject(value, row.schema().field(i).type());
            }
        }
        generator.writeEndObject();
    }

    /** A value of {@code type} as {@code ColumnVector.getObject} gives it. */
    private void writeObject(Object value, DataType type) {
        if (value == null) {
            generator.writeNull();
        } else if (value instanceof Row struct) {
            writeStruct(struct);
        } else if (value instanceof List<?> list) {
            generator.writeStartArray();
            for (Object element : list) {
                writeObject(element, ((ArrayType) type).elementType());
            }
            generator.writeEndArray();
        } else if (value instanceof Map<?, ?> map) {
            generator.writeStartObject();
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                generator.writeName(keyText(entry.getKey()));
                writeObject(entry.getValue(), ((MapType) type).valueType());
            }
            generator.writeEndObject();
        } else if (value instanceof Instant instant) {
            generator.writeString(timestamps.format(instant));
        } else if (value instanceof LocalDate || value instanceof Duration) {
            generator.writeString(ValueText.of(value, type, zone));
        } else if (value instanceof BigDecimal decimal) {
            generator.writeNumber(decimal);
        } else if (value instanceof Float number) {
            generator.writeNumber(number);
        } else if (value instanceof Double number) {
            generator.writeNumber(number.doubleValue());
        } else if (value instanceof Number integer) {
            generator.writeNumber(integer.longValue());
        } else if (value instanceof Boolean flag) {
            generator.writeBoolean(flag);
        } else if (value instanceof byte[] bytes) {
            generator.writeBinary(bytes);
        } else {
            generator.writeString(value.toString());
        }
    }

    /**
     * A map key as a JSON name: Spark writes the key's {@code toString}. Keys are strings in
     * every map Arus makes (from_json allows no other); binary keys are decoded as UTF-8.
     */
    private static String keyText(Object key) {
        return key instanceof byte[] bytes ? new String(bytes, StandardCharsets.UTF_8) : String.valueOf(key);
    }

    private static Instant instant(long micros) {
        return Instant.ofEpochSecond(Math.floorDiv(micros, 1_000_000L), Math.floorMod(micros, 1_000_000L) * 1000L);
    }
}
