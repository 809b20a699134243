package dev.arus.engine.sink;

import dev.arus.engine.data.ArrayType;
import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.MapType;
import dev.arus.engine.data.Row;
import dev.arus.engine.data.StructType;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.temporal.ChronoField;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Turns a value into the text {@code Dataset.show} prints for it: Spark 4's
 * {@code ToPrettyString} (a cast to string that prints {@code NULL} for nulls, at the top and
 * nested, {@code {a, b}} for structs, {@code [1, 2]} for arrays, {@code {a -> 1}} for maps and
 * binary as upper-case hex bytes, {@code [41 42]}, Spark's default {@code binaryOutputStyle}).
 * Timestamps are printed in the session time zone as {@code yyyy-MM-dd HH:mm:ss} followed by the
 * fraction of a second only when it is not zero, trailing zeros dropped; doubles as Java's
 * {@code Double.toString} ({@code 2.0}, {@code 1.0E7}). Immutable and thread-safe.
 */
public final class PrettyStringFormatter {

    /** What Spark 4's {@code show} prints for a null, at the top level or nested. */
    public static final String NULL = "NULL";

    private static final HexFormat HEX = HexFormat.ofDelimiter(" ").withUpperCase();

    /** Spark's {@code DateTimeFormatterHelper.fractionFormatter}. */
    private static final DateTimeFormatter FRACTION_FORMATTER = new DateTimeFormatterBuilder()
            .append(DateTimeFormatter.ISO_LOCAL_DATE)
            .appendLiteral(' ')
            .appendValue(ChronoField.HOUR_OF_DAY, 2).appendLiteral(':')
            .appendValue(ChronoField.MINUTE_OF_HOUR, 2).appendLiteral(':')
            .appendValue(ChronoField.SECOND_OF_MINUTE, 2)
            .appendFraction(ChronoField.NANO_OF_SECOND, 0, 9, true)
            .toFormatter(Locale.US);

    private final ZoneId zone;
    private final DateTimeFormatter timestampFormatter;

    public PrettyStringFormatter(ZoneId zone) {
        this.zone = zone;
        this.timestampFormatter = FRACTION_FORMATTER.withZone(zone);
    }

    public ZoneId zone() {
        return zone;
    }

    /**
     * The text of {@code value}, of the kind {@code ColumnVector.getObject} returns for
     * {@code type} ({@code Instant} or microseconds as {@code Long} for timestamps, {@link Row}
     * for structs, {@code List} for arrays, {@code Map} for maps, {@code byte[]} for binary).
     */
    public String format(Object value, DataType type) {
        StringBuilder text = new StringBuilder();
        append(text, value, type);
        return text.toString();
    }

    private void append(StringBuilder text, Object value, DataType type) {
        if (value == null) {
            text.append(NULL);
        } else if (type instanceof StructType struct) {
            Row row = (Row) value;
            text.append('{');
            for (int i = 0; i < struct.fields().size(); i++) {
                if (i > 0) {
                    text.append(", ");
                }
                append(text, row.get(i), struct.fields().get(i).type());
            }
            text.append('}');
        } else if (type instanceof ArrayType array) {
            text.append('[');
            List<?> elements = (List<?>) value;
            for (int i = 0; i < elements.size(); i++) {
                if (i > 0) {
                    text.append(", ");
                }
                append(text, elements.get(i), array.elementType());
            }
            text.append(']');
        } else if (type instanceof MapType map) {
            text.append('{');
            boolean first = true;
            for (Map.Entry<?, ?> entry : ((Map<?, ?>) value).entrySet()) {
                if (!first) {
                    text.append(", ");
                }
                first = false;
                append(text, entry.getKey(), map.keyType());
                text.append(" -> ");
                append(text, entry.getValue(), map.valueType());
            }
            text.append('}');
        } else if (type == AtomicType.BINARY) {
            // Spark's SparkStringUtils.getHexString
            text.append('[').append(HEX.formatHex((byte[]) value)).append(']');
        } else if (type == AtomicType.TIMESTAMP) {
            text.append(formatTimestamp(value));
        } else {
            // int, bigint, double, boolean and string print as Java's String.valueOf, as in Spark
            text.append(value);
        }
    }

    private String formatTimestamp(Object value) {
        Instant instant;
        if (value instanceof Instant given) {
            instant = given;
        } else {
            long micros = ((Number) value).longValue();
            instant = Instant.ofEpochSecond(Math.floorDiv(micros, 1_000_000L), Math.floorMod(micros, 1_000_000L) * 1000L);
        }
        return timestampFormatter.format(instant);
    }
}
