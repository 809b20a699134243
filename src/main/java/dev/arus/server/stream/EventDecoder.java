package dev.arus.server.stream;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.BinaryVector;
import dev.arus.engine.data.BooleanVector;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.DecimalType;
import dev.arus.engine.data.Decimals;
import dev.arus.engine.data.DoubleVector;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.data.Schema;
import dev.arus.engine.data.StringVector;
import dev.arus.engine.data.StructType;
import dev.arus.engine.data.StructVector;
import dev.arus.engine.data.UnicodeText;
import dev.arus.engine.expr.calendar.DateText;
import dev.arus.engine.expr.calendar.TimestampText;
import dev.arus.server.web.ProblemException;
import java.math.BigDecimal;
import java.nio.CharBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.core.exc.StreamConstraintsException;
import tools.jackson.core.json.JsonFactory;

/**
 * Reads posted events into the columns of a stream, as Spark's JSON reader reads into a schema,
 * but strictly: every event is an object whose fields are columns of the stream; a field absent
 * or null is NULL, refused for a NOT NULL column; a value must be of its column's JSON kind
 * (a number of the column's range for the integers, {@code float} and {@code double}, a number
 * for a {@code decimal}, rounded half up to its scale and within its precision, a string of
 * Unicode text, with no half of a surrogate pair, for {@code string}, base64 text for
 * {@code binary}); a date is text as Spark's cast reads it ({@code 2026-12-01}); a timestamp is
 * text as Spark's cast reads it ({@code 2026-12-01T10:00:00Z}, in the service's time zone when it
 * names none) or a number of seconds since the epoch, as Spark's JSON reader takes it; both within
 * years 1 to 9999; a struct is an object of its fields, named as they are declared; a field is
 * given once. In NDJSON each event is on one line of its own. The
 * first bad event refuses the whole request, with its index and field. Not thread-safe: one per
 * request.
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
    private static final char BYTE_ORDER_MARK = '\uFEFF';
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
    private JsonParser parser;
    private EventPlace place;

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
     * The events of {@code text} (a request's body, decoded) as a batch of the stream's columns. A
     * byte order mark at its very start is ignored, as RFC 8259 lets a reader do; anywhere else it
     * is not JSON.
     *
     * @throws ProblemException {@code invalid-events} naming the first bad event and field,
     *         {@code malformed-json} saying where the text stops being JSON (or NDJSON), or
     *         {@code json-limit-exceeded} naming the event whose text is beyond a limit of the reader
     */
    ColumnarBatch decode(CharBuffer text, Layout layout) {
        place = new EventPlace(layout);
        // Grown by doubling as events come: most posts are small, and 1,024 rows of every column were
        // tens of KiB allocated per request.
        batch = ColumnarBatch.allocate(schema, ColumnarBatch.INITIAL_CAPACITY);
        int offset = text.arrayOffset() + text.position();
        int length = text.remaining();
        if (length > 0 && text.array()[offset] == BYTE_ORDER_MARK) {
            offset++;
            length--;
        }
        try (JsonParser json = JSON.createParser(ObjectReadContext.empty(), text.array(), offset, length)) {
            parser = json;
            batch.setSize(layout == Layout.ARRAY ? readArray() : readLines());
            return batch;
        } catch (StreamConstraintsException limit) {
            // Jackson gives no location for these: where the reader stopped is in the value or name beyond the limit.
            throw place.failedAfter(parser.currentName()).beyondLimit(parser.currentLocation(),
                    limit.getOriginalMessage());
        } catch (JacksonException malformed) {
            TokenStreamLocation at = malformed.getLocation() != null ? malformed.getLocation() : parser.currentLocation();
            throw place.failedAfter(parser.currentName()).malformed(at, malformed.getOriginalMessage());
        }
    }

    private int readArray() {
        JsonToken token = parser.nextToken();
        if (token == null) {
            throw EventPlace.empty();
        }
        if (token != JsonToken.START_ARRAY) {
            throw EventPlace.notEvents("The body is not a JSON array of events; send [{...}, {...}], or one event per "
                    + "line as application/x-ndjson");
        }
        int events = 0;
        for (token = parser.nextToken(); token != JsonToken.END_ARRAY; token = parser.nextToken()) {
            readEvent(token, events++);
        }
        if (parser.nextToken() != null) {
            throw place.malformed(parser.currentTokenLocation(), "there is more after the array of events");
        }
        return events;
    }

    /** NDJSON: each event on a line of its own; blank lines are skipped, as Spark's line reader skips them. */
    private int readLines() {
        int events = 0;
        int lastLine = 0;
        for (JsonToken token = parser.nextToken(); token != null; token = parser.nextToken()) {
            TokenStreamLocation start = parser.currentTokenLocation();
            if (start.getLineNr() == lastLine) {
                throw place.at(events).notOneLine(start, "begins on line " + lastLine + ", where event " + (events - 1)
                        + " ends: NDJSON has one event per line");
            }
            readEvent(token, events);
            lastLine = parser.currentTokenLocation().getLineNr();
            if (lastLine != start.getLineNr()) {
                throw place.at(events).notOneLine(start, "spans lines " + start.getLineNr() + " to " + lastLine
                        + ": in NDJSON an event is on one line");
            }
            events++;
        }
        if (events == 0) {
            throw EventPlace.empty();
        }
        return events;
    }

    private void readEvent(JsonToken start, int index) {
        place.at(index);
        if (start != JsonToken.START_OBJECT) {
            throw place.invalid(parser, "is not a JSON object but " + kind(start));
        }
        if (index == batch.column(0).capacity()) {
            for (int c = 0; c < schema.size(); c++) {
                batch.column(c).ensureCapacity(index * 2);
            }
        }
        Arrays.fill(seen, false);
        for (JsonToken token = parser.nextToken(); token != JsonToken.END_OBJECT; token = parser.nextToken()) {
            String name = parser.currentName();
            place.reading(name);
            Integer column = columnOf.get(name);
            if (column == null) {
                throw place.invalid(parser, "is not a column of stream '" + stream + "'" + suggestion(name)
                        + "; its columns are " + schema.names());
            }
            if (seen[column]) {
                throw place.invalid(parser, "is given twice");
            }
            seen[column] = true;
            read(parser.nextToken(), index, schema.field(column), batch.column(column));
            place.read();
        }
        for (int c = 0; c < seen.length; c++) {
            if (!seen[c]) {
                place.reading(schema.field(c).name());
                requireNullable(schema.field(c), "is missing");
                batch.column(c).setNull(index);
            }
        }
        place.between();
    }

    /** Reads the value at {@code token} into row {@code row} of {@code vector}, the column or struct field {@code field}. */
    private void read(JsonToken token, int row, Field field, ColumnVector vector) {
        if (token == JsonToken.VALUE_NULL) {
            requireNullable(field, "is null");
            vector.setNull(row);
            return;
        }
        if (field.type() instanceof StructType struct) {
            readStruct(token, row, field, struct, (StructVector) vector);
            return;
        }
        if (field.type() instanceof DecimalType decimal) {
            if (token != JsonToken.VALUE_NUMBER_INT && token != JsonToken.VALUE_NUMBER_FLOAT) {
                throw wrongKind(field, token, "a number");
            }
            // rounded half up to the scale, as Spark's JSON reader rounds
            BigDecimal value = Decimals.toType(parser.getDecimalValue(), decimal);
            if (value == null) {
                throw outOfRange(field);
            }
            vector.setObject(row, value);
            return;
        }
        AtomicType type = (AtomicType) field.type();
        switch (type) {
            case BYTE, SHORT, INT, LONG -> {
                if (token != JsonToken.VALUE_NUMBER_INT) {
                    throw wrongKind(field, token, "a whole number");
                }
                if (parser.getNumberType() == JsonParser.NumberType.BIG_INTEGER
                        || !fitsIntegral(parser.getLongValue(), type)) {
                    throw outOfRange(field);
                }
                ((LongVector) vector).values()[row] = parser.getLongValue();
            }
            case FLOAT, DOUBLE -> {
                if (token != JsonToken.VALUE_NUMBER_INT && token != JsonToken.VALUE_NUMBER_FLOAT) {
                    throw wrongKind(field, token, "a number");
                }
                double value = parser.getDoubleValue();
                if (Double.isInfinite(value) || type == AtomicType.FLOAT && Math.abs(value) > Float.MAX_VALUE) {
                    throw outOfRange(field);
                }
                ((DoubleVector) vector).values()[row] = type == AtomicType.FLOAT ? (float) value : value;
            }
            case DATE -> ((LongVector) vector).values()[row] = date(token, field);
            case BOOLEAN -> {
                if (token != JsonToken.VALUE_TRUE && token != JsonToken.VALUE_FALSE) {
                    throw wrongKind(field, token, "true or false");
                }
                ((BooleanVector) vector).values()[row] = token == JsonToken.VALUE_TRUE;
            }
            case STRING -> {
                if (token != JsonToken.VALUE_STRING) {
                    throw wrongKind(field, token, "a string");
                }
                ((StringVector) vector).values()[row] = unicode(parser.getString());
            }
            case BINARY -> {
                if (token != JsonToken.VALUE_STRING) {
                    throw wrongKind(field, token, "base64 text");
                }
                try {
                    ((BinaryVector) vector).values()[row] = parser.getBinaryValue();
                } catch (JacksonException notBase64) {
                    throw place.invalid(parser, "is not base64 text");
                }
            }
            case TIMESTAMP -> ((LongVector) vector).values()[row] = timestamp(token, field);
            default -> throw new IllegalStateException("a stream holds no column of type " + type);
        }
    }

    /** A struct is an object of its fields, each given at most once; a field left out is NULL. */
    private void readStruct(JsonToken token, int row, Field field, StructType struct, StructVector vector) {
        if (token != JsonToken.START_OBJECT) {
            throw wrongKind(field, token, "an object of its fields " + struct.fields().stream().map(Field::name)
                    .toList());
        }
        boolean[] given = new boolean[struct.fields().size()];
        for (JsonToken next = parser.nextToken(); next != JsonToken.END_OBJECT; next = parser.nextToken()) {
            String name = parser.currentName();
            place.readingField(name);
            int at = fieldIndex(struct, name);
            if (at < 0) {
                throw place.invalid(parser, "is not a field of column " + field.name() + ", a " + typeName(field));
            }
            if (given[at]) {
                throw place.invalid(parser, "is given twice");
            }
            given[at] = true;
            read(parser.nextToken(), row, struct.fields().get(at), vector.child(at));
            place.readField();
        }
        for (int f = 0; f < given.length; f++) {
            if (!given[f]) {
                Field missing = struct.fields().get(f);
                place.readingField(missing.name());
                requireNullable(missing, "is missing");
                vector.child(f).setNull(row);
                place.readField();
            }
        }
        vector.setNotNull(row);
    }

    /** The field named exactly {@code name}, as a column is, or -1. */
    private static int fieldIndex(StructType struct, String name) {
        for (int f = 0; f < struct.fields().size(); f++) {
            if (struct.fields().get(f).name().equals(name)) {
                return f;
            }
        }
        return -1;
    }

    /**
     * {@code text} when it is Unicode text. A JSON escape can write half of a surrogate pair
     * ({@code "\ud800"}), which no UTF-8 can hold: stored, it would come back as {@code ?}.
     */
    private String unicode(String text) {
        int lone = UnicodeText.loneSurrogateAt(text);
        if (lone >= 0) {
            throw place.invalid(parser, String.format("holds \\u%04x, half of a surrogate pair without the other "
                    + "half, at character %d: that is not Unicode text, and cannot be stored", (int) text.charAt(lone),
                    lone));
        }
        return text;
    }

    private static boolean fitsIntegral(long value, AtomicType type) {
        return switch (type) {
            case BYTE -> value == (byte) value;
            case SHORT -> value == (short) value;
            case INT -> value == (int) value;
            default -> true;
        };
    }

    private ProblemException outOfRange(Field field) {
        return place.invalid(parser, EventPlace.shown(parser.getString()) + " is out of the range of "
                + field.type().sql());
    }

    /** A date is text as Spark's cast reads it ({@code 2026-12-01}), within years 1 to 9999. */
    private long date(JsonToken token, Field field) {
        if (token != JsonToken.VALUE_STRING) {
            throw wrongKind(field, token, "a date as text, such as 2026-12-01");
        }
        Long days = DateText.parse(parser.getString());
        if (days == null) {
            throw place.invalid(parser, "'" + EventPlace.shown(parser.getString()) + "' is not a date: write"
                    + " 2026-12-01");
        }
        if (days < MIN_DAY || days > MAX_DAY) {
            throw place.invalid(parser, "is out of the range of DATE (years 1 to 9999)");
        }
        return days;
    }

    private long timestamp(JsonToken token, Field field) {
        long micros;
        if (token == JsonToken.VALUE_STRING) {
            Long parsed = TimestampText.parse(parser.getString(), zone);
            if (parsed == null) {
                throw place.invalid(parser, "'" + EventPlace.shown(parser.getString()) + "' is not a timestamp: "
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
            throw wrongKind(field, token, "a timestamp (text or seconds since the epoch)");
        }
        if (micros < MIN_MICROS || micros > MAX_MICROS) {
            throw place.invalid(parser, "is out of the range of TIMESTAMP (years 1 to 9999)");
        }
        return micros;
    }

    private void requireNullable(Field field, String what) {
        if (!field.nullable()) {
            throw place.invalid(parser, what + ", but column " + field.name() + " is NOT NULL");
        }
    }

    /** A hint when the name is a column's in another case, the commonest slip. */
    private String suggestion(String name) {
        return schema.names().stream().filter(column -> column.equalsIgnoreCase(name)).findFirst()
                .map(column -> " (did you mean '" + column + "'?)").orElse("");
    }

    private ProblemException wrongKind(Field field, JsonToken token, String expected) {
        return place.invalid(parser, "is " + kind(token) + ", but column " + field.name() + " is "
                + typeName(field) + ": give " + expected);
    }

    /** {@code DECIMAL(5,2)}, {@code STRUCT<start: TIMESTAMP, end: TIMESTAMP>}: a type as a message names it. */
    private static String typeName(Field field) {
        return field.type() instanceof StructType struct ? struct.sql()
                : field.type().simpleString().toUpperCase(Locale.ROOT);
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
}
