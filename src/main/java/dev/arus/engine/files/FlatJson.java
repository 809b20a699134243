package dev.arus.engine.files;

import java.io.StringWriter;
import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.ObjectWriteContext;
import tools.jackson.core.json.JsonFactory;

/**
 * The one-line JSON objects of checkpoint files, as Spark's offset-log metadata lines: string or
 * integer values, and objects of them, such as the {@code conf} of an offsets entry. Jackson's
 * streaming parser and generator do the JSON; this class holds the shape to those three kinds of
 * value, in the order written, and turns any deviation into an {@link IllegalArgumentException}
 * saying where.
 */
public final class FlatJson {

    private static final JsonFactory FACTORY = JsonFactory.builder().build();

    private FlatJson() {
    }

    /** One compact line: a {@link Number} is written as a long, a {@code Map} as an object, the rest as a string. */
    public static String write(Map<String, ?> values) {
        StringWriter out = new StringWriter();
        try (JsonGenerator generator = FACTORY.createGenerator(ObjectWriteContext.empty(), out)) {
            write(generator, values);
        }
        return out.toString();
    }

    private static void write(JsonGenerator generator, Map<String, ?> values) {
        generator.writeStartObject();
        for (Map.Entry<String, ?> entry : values.entrySet()) {
            generator.writeName(entry.getKey());
            Object value = entry.getValue();
            if (value instanceof Number number) {
                generator.writeNumber(number.longValue());
            } else if (value instanceof Map<?, ?> nested) {
                @SuppressWarnings("unchecked")
                Map<String, ?> object = (Map<String, ?>) nested;
                write(generator, object);
            } else {
                generator.writeString(String.valueOf(value));
            }
        }
        generator.writeEndObject();
    }

    /** The object's values: {@link String}, {@link Long}, or a {@code Map} of these for a nested object. */
    public static Map<String, Object> parse(String text) {
        try (JsonParser parser = FACTORY.createParser(ObjectReadContext.empty(), text)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                throw unexpected(parser, "an object");
            }
            Map<String, Object> values = object(parser);
            if (parser.nextToken() != null) {
                throw unexpected(parser, "nothing after the object");
            }
            return values;
        } catch (JacksonException e) {
            throw new IllegalArgumentException(e.getOriginalMessage() + " at position " + position(e), e);
        }
    }

    private static Map<String, Object> object(JsonParser parser) {
        Map<String, Object> values = new LinkedHashMap<>();
        while (parser.nextToken() == JsonToken.PROPERTY_NAME) {
            String name = parser.currentName();
            JsonToken value = parser.nextToken();
            values.put(name, value == JsonToken.VALUE_STRING ? parser.getString()
                    : value == JsonToken.VALUE_NUMBER_INT ? (Object) parser.getLongValue()
                    : value == JsonToken.START_OBJECT ? object(parser)
                    : unexpectedValue(parser));
        }
        return values;
    }

    private static Object unexpectedValue(JsonParser parser) {
        throw unexpected(parser, "a string, an integer or an object");
    }

    private static IllegalArgumentException unexpected(JsonParser parser, String expected) {
        return new IllegalArgumentException("expected " + expected + " at position "
                + parser.currentTokenLocation().getCharOffset());
    }

    private static long position(JacksonException e) {
        return e.getLocation() == null ? -1 : e.getLocation().getCharOffset();
    }
}
