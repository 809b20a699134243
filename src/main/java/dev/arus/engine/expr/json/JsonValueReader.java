package dev.arus.engine.expr.json;

import dev.arus.engine.data.ArrayType;
import dev.arus.engine.data.ArrayVector;
import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.BigDecimalVector;
import dev.arus.engine.data.BinaryVector;
import dev.arus.engine.data.BooleanVector;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.DecimalType;
import dev.arus.engine.data.Decimals;
import dev.arus.engine.data.DoubleVector;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.data.MapType;
import dev.arus.engine.data.MapVector;
import dev.arus.engine.data.StringVector;
import dev.arus.engine.data.StructType;
import dev.arus.engine.data.StructVector;
import dev.arus.engine.expr.calendar.DateTimeFormats;
import dev.arus.engine.expr.calendar.TimestampPattern;
import dev.arus.engine.expr.numeric.IntegralTypes;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.ZoneId;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.function.Supplier;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.core.TokenStreamContext;
import tools.jackson.core.TokenStreamFactory;
import tools.jackson.core.exc.InputCoercionException;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.core.json.JsonReadFeature;

/**
 * Reads JSON documents into rows of a vector of {@code from_json}'s schema with the rules of
 * Spark's {@code JacksonParser} in PERMISSIVE mode, partial results on (Spark 3.4+):
 * <ul>
 *   <li>fields match by exact name; unknown fields are skipped; a repeated field keeps its last value;</li>
 *   <li>a value that does not fit its type makes that field NULL and keeps the others; inside an
 *       array it makes the whole array NULL, inside a map the whole map (Spark's
 *       {@code convertArray} and {@code convertMap});</li>
 *   <li>malformed JSON, or a document that is not an object, gives a struct whose fields are all
 *       NULL (an array or map schema gives NULL); empty or blank text gives NULL;</li>
 *   <li>a STRING field takes any JSON value, a non-string one as its exact text
 *       ({@code spark.sql.json.enableExactStringParsing}); a TIMESTAMP field takes text as
 *       {@code CAST(text AS TIMESTAMP)} reads it in the session zone (or as its
 *       {@link TimestampPattern} says), or an integer as seconds;
 *       a DATE field text as {@code CAST(text AS DATE)} reads it; a DECIMAL field a number or
 *       text holding one, rounded half up to its scale; a DOUBLE or FLOAT field also takes
 *       {@code "NaN"} and {@code "Infinity"}; integers must be within their type; BINARY takes
 *       base64 text; intervals are not read yet, so they are NULL.</li>
 * </ul>
 * Text after the first JSON value is ignored, as Spark ignores it. {@link #wasMalformed()} tells
 * whether the last document read was malformed or had a value that did not fit (what Spark's
 * file readers count as a bad record for their {@code mode}). Not thread-safe.
 */
public final class JsonValueReader {

    /**
     * Spark's JSONOptions defaults: single quotes and NaN/Infinity allowed, Jackson 2 behaviour
     * otherwise; doubles parsed by Jackson's fast parser, which rounds as correctly as the JDK's;
     * bytes taken as UTF-8 without detecting another encoding (the file source's lines are
     * split as UTF-8, and Spark's default charset is UTF-8).
     */
    private static final JsonFactory FACTORY = JsonFactory.builderWithJackson2Defaults()
            .enable(JsonReadFeature.ALLOW_SINGLE_QUOTES)
            .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
            .enable(StreamReadFeature.USE_FAST_DOUBLE_PARSER)
            .disable(TokenStreamFactory.Feature.CHARSET_DETECTION)
            .build();

    /** A value that does not fit its type; one shared instance, without a stack trace. */
    private static final class ConversionFailure extends RuntimeException {
        private static final ConversionFailure INSTANCE = new ConversionFailure();

        private ConversionFailure() {
            super(null, null, false, false);
        }
    }

    private final DataType schema;
    private final TimestampPattern timestamps;
    private final Map<StructType, JsonFieldIndex> fieldIndexes = new IdentityHashMap<>();
    private String text;
    private byte[] utf8;
    private int utf8Offset;
    private ZoneId zone;
    private boolean malformed;

    public JsonValueReader(DataType schema) {
        this(schema, TimestampPattern.CAST);
    }

    /** A reader whose TIMESTAMP fields take text by {@code timestamps} (the JSON source's {@code timestampFormat}). */
    public JsonValueReader(DataType schema, TimestampPattern timestamps) {
        this.schema = schema;
        this.timestamps = timestamps;
        indexFields(schema);
    }

    private void indexFields(DataType type) {
        if (type instanceof StructType struct) {
            for (Field field : struct.fields()) {
                indexFields(field.type());
            }
            fieldIndexes.put(struct, new JsonFieldIndex(struct.fields()));
        } else if (type instanceof ArrayType array) {
            indexFields(array.elementType());
        } else if (type instanceof MapType map) {
            indexFields(map.valueType());
        }
    }

    /** Reads {@code json} (not null) into row {@code row} of {@code out}, a vector of the schema's type. */
    public void read(String json, ColumnVector out, int row, ZoneId sessionZone) {
        this.text = json;
        this.utf8 = null;
        read(() -> FACTORY.createParser(ObjectReadContext.empty(), json), out, row, sessionZone);
    }

    /**
     * Reads the UTF-8 JSON text of {@code length} bytes at {@code offset} of {@code bytes} into row
     * {@code row} of {@code out}, as {@link #read(String, ColumnVector, int, ZoneId)} reads the
     * same text: a file's line, parsed where it lies, without a string made of it.
     */
    public void readUtf8(byte[] bytes, int offset, int length, ColumnVector out, int row, ZoneId sessionZone) {
        this.text = null;
        this.utf8 = bytes;
        this.utf8Offset = offset;
        read(() -> FACTORY.createParser(ObjectReadContext.empty(), bytes, offset, length), out, row, sessionZone);
    }

    private void read(Supplier<JsonParser> parsers, ColumnVector out, int row, ZoneId sessionZone) {
        this.zone = sessionZone;
        this.malformed = false;
        try (JsonParser parser = parsers.get()) {
            JsonToken first = parser.nextToken();
            if (first == null) {
                out.setNull(row);
            } else if (schema instanceof StructType struct) {
                if (first == JsonToken.START_OBJECT) {
                    readObject(parser, struct, (StructVector) out, row);
                } else {
                    allFieldsNull(struct, (StructVector) out, row);
                }
            } else if (schema instanceof ArrayType array && first == JsonToken.START_OBJECT
                    && array.elementType() instanceof StructType struct) {
                // SPARK-19595: an object read with an array-of-structs schema is a one-element array
                ArrayVector arrays = (ArrayVector) out;
                arrays.beginRow(row);
                readObject(parser, struct, (StructVector) arrays.elements(), arrays.appendToRow(row));
            } else {
                readValue(parser, first, schema, out, row);
            }
        } catch (JacksonException | ConversionFailure e) {
            malformed = true;
            if (schema instanceof StructType struct) {
                allFieldsNull(struct, (StructVector) out, row);
            } else {
                out.setNull(row);
            }
        }
    }

    /** Whether the last document read was malformed JSON, not an object, or held a value that did not fit. */
    public boolean wasMalformed() {
        return malformed;
    }

    private static void allFieldsNull(StructType struct, StructVector out, int row) {
        out.setNotNull(row);
        for (int i = 0; i < struct.fields().size(); i++) {
            out.child(i).setNull(row);
        }
    }

    /** The parser is on START_OBJECT; leaves it on the matching END_OBJECT. */
    private void readObject(JsonParser parser, StructType struct, StructVector out, int row) {
        allFieldsNull(struct, out, row);
        JsonFieldIndex fields = fieldIndexes.get(struct);
        fields.startObject();
        TokenStreamContext object = parser.streamReadContext();
        while (nextToken(parser) != JsonToken.END_OBJECT) {
            int field = fields.indexOf(parser.currentName());
            JsonToken value = nextToken(parser);
            if (field < 0) {
                parser.skipChildren();
                continue;
            }
            ColumnVector child = out.child(field);
            try {
                readValue(parser, value, struct.fields().get(field).type(), child, row);
            } catch (ConversionFailure e) {
                malformed = true;
                child.setNull(row);
                skipBackTo(parser, object);
            }
        }
    }

    /** Reads the value the parser is on into {@code out}; throws ConversionFailure when it does not fit. */
    private void readValue(JsonParser parser, JsonToken token, DataType type, ColumnVector out, int row) {
        if (token == JsonToken.VALUE_NULL) {
            out.setNull(row);
            return;
        }
        if (type instanceof StructType struct) {
            require(token == JsonToken.START_OBJECT);
            readObject(parser, struct, (StructVector) out, row);
        } else if (type instanceof ArrayType array) {
            require(token == JsonToken.START_ARRAY);
            readArray(parser, array, (ArrayVector) out, row);
        } else if (type instanceof MapType map) {
            require(token == JsonToken.START_OBJECT);
            readMap(parser, map, (MapVector) out, row);
        } else if (type instanceof DecimalType decimal) {
            out.setNotNull(row);
            BigDecimal value = Decimals.toType(readDecimal(parser, token), decimal);
            require(value != null);
            if (out instanceof LongVector longs) {
                longs.values()[row] = value.unscaledValue().longValue();
            } else {
                ((BigDecimalVector) out).values()[row] = value;
            }
        } else {
            // Spark reads intervals from their ANSI text; Arus does not yet, so they do not fit
            require(type instanceof AtomicType);
            readAtomic(parser, token, (AtomicType) type, out, row);
        }
    }

    /** A JSON number, or text holding one, as Spark's {@code JacksonParser} reads a decimal. */
    private static BigDecimal readDecimal(JsonParser parser, JsonToken token) {
        if (token == JsonToken.VALUE_NUMBER_INT || token == JsonToken.VALUE_NUMBER_FLOAT) {
            return parser.getDecimalValue();
        }
        require(token == JsonToken.VALUE_STRING);
        try {
            return new BigDecimal(parser.getString().trim());
        } catch (NumberFormatException e) {
            throw ConversionFailure.INSTANCE;
        }
    }

    private void readArray(JsonParser parser, ArrayType type, ArrayVector out, int row) {
        out.beginRow(row);
        ColumnVector elements = out.elements();
        JsonToken token;
        while ((token = nextToken(parser)) != JsonToken.END_ARRAY) {
            readValue(parser, token, type.elementType(), elements, out.appendToRow(row));
        }
    }

    private void readMap(JsonParser parser, MapType type, MapVector out, int row) {
        out.beginRow(row);
        StringVector keys = (StringVector) out.keys();
        TokenStreamContext map = parser.streamReadContext();
        boolean failed = false;
        while (nextToken(parser) != JsonToken.END_OBJECT) {
            String key = parser.currentName();
            JsonToken value = nextToken(parser);
            int entry = out.appendToRow(row);
            keys.setNotNull(entry);
            keys.values()[entry] = key;
            try {
                readValue(parser, value, type.valueType(), out.values(), entry);
            } catch (ConversionFailure e) {
                malformed = true;
                failed = true;
                skipBackTo(parser, map);
            }
        }
        require(!failed);
    }

    private void readAtomic(JsonParser parser, JsonToken token, AtomicType type, ColumnVector out, int row) {
        out.setNotNull(row);
        switch (type) {
            case BOOLEAN -> {
                require(token == JsonToken.VALUE_TRUE || token == JsonToken.VALUE_FALSE);
                ((BooleanVector) out).values()[row] = token == JsonToken.VALUE_TRUE;
            }
            case BYTE, SHORT, INT, LONG -> {
                require(token == JsonToken.VALUE_NUMBER_INT);
                long value = coerced(parser);
                require(value >= IntegralTypes.min(type) && value <= IntegralTypes.max(type));
                ((LongVector) out).values()[row] = value;
            }
            case DOUBLE -> ((DoubleVector) out).values()[row] = readDouble(parser, token);
            case FLOAT -> {
                double value = readDouble(parser, token);
                require(Double.isNaN(value) || Double.isInfinite(value) || Math.abs(value) <= Float.MAX_VALUE);
                ((DoubleVector) out).values()[row] = (float) value;
            }
            case DATE -> {
                require(token == JsonToken.VALUE_STRING);
                Long days = DateTimeFormats.parseDate(parser.getString());
                require(days != null);
                ((LongVector) out).values()[row] = days;
            }
            case STRING -> ((StringVector) out).values()[row] = token == JsonToken.VALUE_STRING ? parser.getString()
                    : exactText(parser, token);
            case BINARY -> {
                require(token == JsonToken.VALUE_STRING);
                try {
                    ((BinaryVector) out).values()[row] = parser.getBinaryValue();
                } catch (JacksonException e) {
                    throw ConversionFailure.INSTANCE;
                }
            }
            case TIMESTAMP -> ((LongVector) out).values()[row] = readTimestamp(parser, token);
            case NULL -> {
                parser.skipChildren();
                out.setNull(row);
            }
        }
    }

    private static long coerced(JsonParser parser) {
        try {
            return parser.getLongValue();
        } catch (InputCoercionException e) {
            throw ConversionFailure.INSTANCE;
        }
    }

    private static double readDouble(JsonParser parser, JsonToken token) {
        if (token == JsonToken.VALUE_NUMBER_INT || token == JsonToken.VALUE_NUMBER_FLOAT) {
            return parser.getDoubleValue();
        }
        require(token == JsonToken.VALUE_STRING);
        return switch (parser.getString()) {
            case "NaN" -> Double.NaN;
            case "+INF", "+Infinity", "Infinity" -> Double.POSITIVE_INFINITY;
            case "-INF", "-Infinity" -> Double.NEGATIVE_INFINITY;
            default -> throw ConversionFailure.INSTANCE;
        };
    }

    private long readTimestamp(JsonParser parser, JsonToken token) {
        if (token == JsonToken.VALUE_NUMBER_INT) {
            // Spark multiplies without an overflow check
            return coerced(parser) * 1_000_000L;
        }
        require(token == JsonToken.VALUE_STRING);
        Long micros = timestamps.parse(parser.getString(), zone);
        require(micros != null);
        return micros;
    }

    /** A non-string value as it is written in the document, objects and arrays included. */
    private String exactText(JsonParser parser, JsonToken token) {
        if (text == null) {
            int start = (int) parser.currentTokenLocation().getByteOffset();
            if (token == JsonToken.START_OBJECT || token == JsonToken.START_ARRAY) {
                parser.skipChildren();
            }
            int end = (int) parser.currentLocation().getByteOffset();
            return new String(utf8, utf8Offset + start, end - start, StandardCharsets.UTF_8);
        }
        int start = (int) parser.currentTokenLocation().getCharOffset();
        if (token == JsonToken.START_OBJECT || token == JsonToken.START_ARRAY) {
            parser.skipChildren();
        }
        int end = (int) parser.currentLocation().getCharOffset();
        return text.substring(start, end);
    }

    /** After a failed value, moves the parser to the last token of the value that contains it in {@code context}. */
    private static void skipBackTo(JsonParser parser, TokenStreamContext context) {
        parser.skipChildren();
        while (parser.streamReadContext() != context) {
            nextToken(parser);
            parser.skipChildren();
        }
    }

    /** The next token; the end of the text inside a value is malformed JSON. */
    private static JsonToken nextToken(JsonParser parser) {
        JsonToken token = parser.nextToken();
        if (token == null) {
            throw ConversionFailure.INSTANCE;
        }
        return token;
    }

    private static void require(boolean fits) {
        if (!fits) {
            throw ConversionFailure.INSTANCE;
        }
    }
}
