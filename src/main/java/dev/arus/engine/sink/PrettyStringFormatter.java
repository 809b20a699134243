package dev.arus.engine.sink;

import dev.arus.engine.data.ArrayType;
import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.MapType;
import dev.arus.engine.data.Row;
import dev.arus.engine.data.StructType;
import dev.arus.engine.expr.ValueText;
import java.time.ZoneId;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * Turns a value into the text {@code Dataset.show} prints for it: Spark 4's
 * {@code ToPrettyString} (a cast to string that prints {@code NULL} for nulls, at the top and
 * nested, {@code {a, b}} for structs, {@code [1, 2]} for arrays, {@code {a -> 1}} for maps and
 * binary as upper-case hex bytes, {@code [41 42]}, Spark's default {@code binaryOutputStyle}).
 * Other values as {@link ValueText} casts them to text: timestamps in the session time zone as
 * {@code yyyy-MM-dd HH:mm:ss} followed by the fraction of a second only when it is not zero,
 * dates as {@code 2026-12-01}, decimals with every digit of their scale ({@code 3.30}), intervals
 * as {@code INTERVAL '01' HOUR}, doubles as Java's {@code Double.toString} ({@code 2.0},
 * {@code 1.0E7}). Immutable and thread-safe.
 */
public final class PrettyStringFormatter {

    /** What Spark 4's {@code show} prints for a null, at the top level or nested. */
    public static final String NULL = "NULL";

    private static final HexFormat HEX = HexFormat.ofDelimiter(" ").withUpperCase();

    private final ZoneId zone;

    public PrettyStringFormatter(ZoneId zone) {
        this.zone = zone;
    }

    public ZoneId zone() {
        return zone;
    }

    /**
     * The text of {@code value}, of the kind {@code ColumnVector.getObject} returns for
     * {@code type} ({@link Row} for structs, {@code List} for arrays, {@code Map} for maps,
     * {@code byte[]} for binary, {@code Instant}, {@code LocalDate}, {@code BigDecimal}...).
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
        } else {
            text.append(ValueText.of(value, type, zone));
        }
    }
}
