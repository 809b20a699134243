package dev.arus.server.stream;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.BinaryVector;
import dev.arus.engine.data.BooleanVector;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.DoubleVector;
import dev.arus.engine.data.DecimalType;
import dev.arus.engine.data.Decimals;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.data.Schema;
import dev.arus.engine.data.StringVector;
import dev.arus.engine.expr.DateText;
import dev.arus.engine.expr.TimestampText;
import dev.arus.server.web.JsonPointer;
import dev.arus.server.web.ProblemException;
import dev.arus.server.web.ProblemType;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.core.json.JsonFactory;

/**
 * Reads posted events into the columns of a stream, as Spark's JSON reader reads into a schema,
 * but strictly: every event is an object whose fields are columns of the stream; a field absent
 * or null is NULL, refused for a NOT NULL column; a value must be of its column's JSON kind
 * (a number of the column's range for the integers, {@code float} and {@code double}, a number
 * for a {@code decimal}, rounded half up to its scale and within its precision, a string for
 * {@code string}, base64 text for {@code binary}); a date is text as Spark's cast reads it
 * ({@code 2026-12-01}); a timestamp is text as Spark's cast reads it
 * ({@code 2026-12-01T10:00:00Z}, in the service's time zone when it names none) or a number of
 * seconds since the epoch, as Spark's JSON reader takes it; both within years 1 to 9999; a field is
 * given once. The first bad event refuses the whole request, with its index and field. Not
 * thread-safe: one per request.
 */
final class EventDecoder {

    /** How the events of one request are laid out. */
    enum Layout {
        /** A JSON array of objects. */
        ARRAY,
        /** Newline-delimited JSON: one object per line. */
        NDJSON
    }

    /** Without Jackson's duplicate detection, which costs a hash set per event: the decoder knows the fields it has seen. */
    private static final JsonFactory JSON = JsonFactory.builder().build();
    private static final long MIN_MICROS = Instant.parse("0001-01-01T00:00:00Z").getEpochSecond() * 1_000_000L;
    private static final long MAX_MICROS = Instant.parse("9999-12-31T23:59:59.999999Z").getEpochSecond() * 1_000_000L
            + 999_999L;
    private static final long MIN_DAY = LocalDate.of(1, 1, 1).toEpochDay();
    private static final long MAX_DAY = LocalDate.of(9999, 12, 31).toEpochDay();
    /** Beyond any timestamp's seconds, small enough that its microseconds fit a long. */
    private static final double MAX_SECONDS = 1e12;

    private final String stream;
    private final Schema schema;
    private final ZoneId zone;
    private final Map<String, Integer> columnOf = new HashMap<>();
    private final boolean[] seen;
    private ColumnarBatch batch;

    EventDecoder(String stream, Schema schema, ZoneId zone) {
        this.stream = stream;
        this.schema = schema;
        this.zone = zone;
        for (int c = 0; c < schema.size(); c++) {
            columnOf.put(schema.field(c).name(), c);
        }
        this.seen = new boolean[schema.size()];
    }

    /**
     * The events of {@code body} as a batch of the stream's columns.
     *
     * @throws ProblemException {@code invalid-events} naming the first bad event and field, or
     *         {@code malformed-json} saying where the text stops being JSON
     */
    ColumnarBatch decode(byte[] body, Layout layout) {
        batch = ColumnarBatch.allocate(schema, 1024);
        int events = 0;
        try (JsonParser parser = JSON.createParser(ObjectReadContext.empty(), body)) {
            JsonToken token = parser.nextToken();
            if (layout == Layout.ARRAY) {
                if (token != JsonToken.START_ARRAY) {
                    throw notEvents("The body is not a JSON array of events; send [{...}, {...}], or one event per line "
                            + "as application/x-ndjson");
                }
                token = parser.nextToken();
                while (token != JsonToken.END_ARRAY) {
                    readEvent(parser, token, events++, layout);
                    token = parser.nextToken();
                }
                if (parser.nextToken() != null) {
                    throw malformed(parser.currentLocation(), "there is more after the array of events");
                }
            } else {
                while (token != null) {
                    readEvent(parser, token, events++, layout);
                    token = parser.nextToken();
                }
            }
        } catch (JacksonException malformed) {
            throw malformed(malformed.getLocation(), malformed.getOriginalMessage());
        }
        batch.setSize(events);
        return batch;
    }

    private void readEvent(JsonParser parser, JsonToken start, int index, Layout layout) {
        if (start != JsonToken.START_OBJECT) {
            throw invalid(index, null, layout, parser, "is not a JSON object but " + kind(start));
        }
        if (index == batch.column(0).capacity()) {
            for (int c = 0; c < schema.size(); c++) {
                batch.column(c).ensureCapacity(index * 2);
            }
        }
        Arrays.fill(seen, false);
        for (JsonToken token = parser.nextToken(); token != JsonToken.END_OBJECT; token = parser.nextToken()) {
            String name = parser.currentName();
            Integer column = columnOf.get(name);
            if (column == null) {
                throw invalid(index, name, layout, parser, "is not a column of stream '" + stream + "'"
                        + suggestion(name) + "; its columns are " + schema.names());
            }
            if (seen[column]) {
                throw invalid(index, name, layout, parser, "is given twice");
            }
            seen[column] = true;
            read(parser, parser.nextToken(), index, column, layout);
        }
        for (int c = 0; c < seen.length; c++) {
            if (!seen[c]) {
                requireNullable(index, c, layout, parser, "is missing");
                batch.column(c).setNull(index);
            }
        }
    }

    private void read(JsonParser parser, JsonToken token, int row, int column, Layout layout) {
        Field field = schema.field(column);
        ColumnVector vector = batch.column(column);
        if (token == JsonToken.VALUE_NULL) {
            requireNullable(row, column, layout, parser, "is null");
            vector.setNull(row);
            return;
        }
        if (field.type() instanceof DecimalType decimal) {
            if (token != JsonToken.VALUE_NUMBER_INT && token != JsonToken.VALUE_NUMBER_FLOAT) {
                throw wrongKind(row, field, layout, parser, token, "a number");
            }
            // rounded half up to the scale, as Spark's JSON reader rounds
            BigDecimal value = Decimals.toType(parser.getDecimalValue(), decimal);
            if (value == null) {
                throw outOfRange(row, field, layout, parser);
            }
            vector.setObject(row, value);
            return;
        }
        AtomicType type = (AtomicType) field.type();
        switch (type) {
            case BYTE, SHORT, INT, LONG -> {
                if (token != JsonToken.VALUE_NUMBER_INT) {
                    throw wrongKind(row, field, layout, parser, token, "a whole number");
                }
                if (parser.getNumberType() == JsonParser.NumberType.BIG_INTEGER
                        || !fitsIntegral(parser.getLongValue(), type)) {
                    throw outOfRange(row, field, layout, parser);
                }
                ((LongVector) vector).values()[row] = parser.getLongValue();
            }
            case FLOAT, DOUBLE -> {
                if (token != JsonToken.VALUE_NUMBER_INT && token != JsonToken.VALUE_NUMBER_FLOAT) {
                    throw wrongKind(row, field, layout, parser, token, "a number");
                }
                double value = parser.getDoubleValue();
                if (Double.isInfinite(value) || type == AtomicType.FLOAT && Math.abs(value) > Float.MAX_VALUE) {
                    throw outOfRange(row, field, layout, parser);
                }
                ((DoubleVector) vector).values()[row] = type == AtomicType.FLOAT ? (float) value : value;
            }
            case DATE -> ((LongVector) vector).values()[row] = date(parser, token, row, field, layout);
            case BOOLEAN -> {
                if (token != JsonToken.VALUE_TRUE && token != JsonToken.VALUE_FALSE) {
                    throw wrongKind(row, field, layout, parser, token, "true or false");
                }
                ((BooleanVector) vector).values()[row] = token == JsonToken.VALUE_TRUE;
            }
            case STRING -> {
                if (token != JsonToken.VALUE_STRING) {
                    throw wrongKind(row, field, layout, parser, token, "a string");
                }
                ((StringVector) vector).values()[row] = parser.getString();
            }
            case BINARY -> {
                if (token != JsonToken.VALUE_STRING) {
                    throw wrongKind(row, field, layout, parser, token, "base64 text");
                }
                try {
                    ((BinaryVector) vector).values()[row] = parser.getBinaryValue();
                } catch (JacksonException notBase64) {
                    throw invalid(row, field.name(), layout, parser, "is not base64 text");
                }
            }
            case TIMESTAMP -> ((LongVector) vector).values()[row] = timestamp(parser, token, row, field, layout);
            default -> throw new IllegalStateException("a stream holds no column of type " + type);
        }
    }

    private static boolean fitsIntegral(long value, AtomicType type) {
        return switch (type) {
            case BYTE -> value == (byte) value;
            case SHORT -> value == (short) value;
            case INT -> value == (int) value;
            default -> true;
        };
    }

    private ProblemException outOfRange(int row, Field field, Layout layout, JsonParser parser) {
        return invalid(row, field.name(), layout, parser, parser.getString() + " is out of the range of "
                + field.type().sql());
    }

    /** A date is text as Spark's cast reads it ({@code 2026-12-01}), within years 1 to 9999. */
    private long date(JsonParser parser, JsonToken token, int row, Field field, Layout layout) {
        if (token != JsonToken.VALUE_STRING) {
            throw wrongKind(row, field, layout, parser, token, "a date as text, such as 2026-12-01");
        }
        Long days = DateText.parse(parser.getString());
        if (days == null) {
            throw invalid(row, field.name(), layout, parser, "'" + parser.getString() + "' is not a date: write"
                    + " 2026-12-01");
        }
        if (days < MIN_DAY || days > MAX_DAY) {
            throw invalid(row, field.name(), layout, parser, "is out of the range of DATE (years 1 to 9999)");
        }
        return days;
    }

    private long timestamp(JsonParser parser, JsonToken token, int row, Field field, Layout layout) {
        long micros;
        if (token == JsonToken.VALUE_STRING) {
            Long parsed = TimestampText.parse(parser.getString(), zone);
            if (parsed == null) {
                throw invalid(row, field.name(), layout, parser, "'" + parser.getString() + "' is not a timestamp: "
                        + "write 2026-12-01T10:00:00Z (an offset, or none for the service's time zone) or a number "
                        + "of seconds since the epoch");
            }
            micros = parsed;
        } else if (token == JsonToken.VALUE_NUMBER_INT || token == JsonToken.VALUE_NUMBER_FLOAT) {
            double seconds = parser.getDoubleValue();
            micros = Math.abs(seconds) > MAX_SECONDS ? Long.MAX_VALUE
                    : token == JsonToken.VALUE_NUMBER_INT ? parser.getLongValue() * 1_000_000L
                    : Math.round(seconds * 1_000_000d);
        } else {
            throw wrongKind(row, field, layout, parser, token, "a timestamp (text or seconds since the epoch)");
        }
        if (micros < MIN_MICROS || micros > MAX_MICROS) {
            throw invalid(row, field.name(), layout, parser, "is out of the range of TIMESTAMP (years 1 to 9999)");
        }
        return micros;
    }

    private void requireNullable(int row, int column, Layout layout, JsonParser parser, String what) {
        Field field = schema.field(column);
        if (!field.nullable()) {
            throw invalid(row, field.name(), layout, parser, what + ", but column " + field.name() + " is NOT NULL");
        }
    }

    /** A hint when the name is a column's in another case, the commonest slip. */
    private String suggestion(String name) {
        return schema.names().stream().filter(column -> column.equalsIgnoreCase(name)).findFirst()
                .map(column -> " (did you mean '" + column + "'?)").orElse("");
    }

    private ProblemException wrongKind(int row, Field field, Layout layout, JsonParser parser, JsonToken token,
                                       String expected) {
        return invalid(row, field.name(), layout, parser, "is " + kind(token) + ", but column " + field.name()
                + " is " + field.type().simpleString().toUpperCase(Locale.ROOT) + ": give " + expected);
    }

    private static String kind(JsonToken token) {
        return switch (token) {
            case VALUE_STRING -> "a string";
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "a number";
            case VALUE_TRUE, VALUE_FALSE -> "a boolean";
            case START_OBJECT -> "an object";
            case START_ARRAY -> "an array";
            default -> token.toString();
        };
    }

    /**
     * Event {@code index} (field {@code field}, may be null) is refused: the problem names both,
     * with the JSON pointer of the field in an array, or the event's line in NDJSON.
     */
    private ProblemException invalid(int index, String field, Layout layout, JsonParser parser, String what) {
        Map<String, Object> where = new LinkedHashMap<>();
        where.put("index", index);
        if (field != null) {
            where.put("field", field);
        }
        if (layout == Layout.ARRAY) {
            where.put("pointer", field == null ? JsonPointer.of(index) : JsonPointer.of(index, field));
        } else {
            where.put("line", parser.currentTokenLocation().getLineNr());
        }
        String subject = field == null ? "Event " + index : "Event " + index + ", field '" + field + "',";
        return new ProblemException(ProblemType.INVALID_EVENTS, subject + " " + what + ". Nothing of the request was "
                + "written.", where);
    }

    private static ProblemException notEvents(String detail) {
        return new ProblemException(ProblemType.INVALID_EVENTS, detail + ". Nothing of the request was written.");
    }

    private static ProblemException malformed(TokenStreamLocation at, String what) {
        return new ProblemException(ProblemType.MALFORMED_JSON, "Malformed JSON at line " + at.getLineNr()
                + ", column " + at.getColumnNr() + ": " + what + ". Nothing of the request was written.",
                Map.of("line", at.getLineNr(), "column", at.getColumnNr()));
    }
}
