package dev.arus.engine.expr.json;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.StringVector;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.BoundNode;
import dev.arus.engine.expr.EvaluationContext;
import dev.arus.engine.expr.Expression.FunctionCall;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.bind.ExpressionBinder;
import dev.arus.engine.expr.bind.FunctionBinder;
import dev.arus.engine.expr.bind.TypeCoercion;
import java.io.StringWriter;
import java.util.List;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.ObjectWriteContext;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.core.json.JsonReadFeature;

/**
 * {@code get_json_object(json, path)} (Spark's {@code GetJsonObject}): the part of the JSON text
 * a {@link JsonPath} selects, as STRING: a string without its quotes, anything else as compact
 * JSON; several matches of {@code [*]} as a JSON array, one match unwrapped. NULL when the text
 * or path is NULL, the path is invalid, nothing matches, a matched field is JSON {@code null},
 * or the text is malformed where it is read. Reads only as far as the path needs, as Spark does.
 */
final class GetJsonObject extends BoundNode {

    /** Spark's {@code SharedFactory}: single quotes and raw control characters allowed, for Hive. */
    private static final JsonFactory FACTORY = JsonFactory.builderWithJackson2Defaults()
            .enable(JsonReadFeature.ALLOW_UNESCAPED_CONTROL_CHARS)
            .enable(JsonReadFeature.ALLOW_SINGLE_QUOTES)
            .build();

    /** How a match is written: a bare string at the top, quoted inside arrays, flattened by {@code [*][*]}. */
    private enum Style { RAW, QUOTED, FLATTEN }

    private final BoundExpression json;
    private final BoundExpression path;
    private final boolean constantPath;
    private final StringWriter buffer = new StringWriter();
    private String pathText;
    private JsonPath parsed;

    private GetJsonObject(BoundExpression json, BoundExpression path, String constant, String sql) {
        super(AtomicType.STRING, true, sql);
        this.json = json;
        this.path = path;
        this.constantPath = constant != null;
        this.pathText = constant;
        this.parsed = constant == null ? null : JsonPath.parse(constant);
    }

    static BoundExpression bind(FunctionCall call, List<BoundExpression> arguments, ExpressionBinder binder) {
        String sql = FunctionBinder.sql("get_json_object", arguments);
        BoundExpression json = stringArgument(binder, call, sql, arguments.get(0), "first");
        BoundExpression path = stringArgument(binder, call, sql, arguments.get(1), "second");
        Expression pathArgument = call.arguments().get(1);
        String constant = pathArgument instanceof Expression.Literal literal && literal.value() instanceof String text
                ? text : null;
        return new GetJsonObject(json, path, constant, sql);
    }

    private static BoundExpression stringArgument(ExpressionBinder binder, FunctionCall call, String sql,
            BoundExpression argument, String ordinal) {
        if (argument.dataType() == AtomicType.NULL) {
            return TypeCoercion.implicitCast(argument, AtomicType.STRING);
        }
        if (argument.dataType() != AtomicType.STRING) {
            throw binder.unexpectedType(sql, call.position(), ordinal, "\"STRING\"", argument);
        }
        return argument;
    }

    @Override
    public StringVector evaluate(ColumnarBatch input, EvaluationContext context) {
        StringVector texts = (StringVector) json.evaluate(input, context);
        StringVector paths = constantPath ? null : (StringVector) path.evaluate(input, context);
        int size = input.size();
        StringVector result = output(size);
        String[] out = result.values();
        for (int i = 0; i < size; i++) {
            JsonPath steps = paths == null ? parsed : pathOf(paths, i);
            String value = texts.isNull(i) || steps == null ? null : extract(texts.values()[i], steps);
            if (value == null) {
                result.setNull(i);
            } else {
                out[i] = value;
            }
        }
        return result;
    }

    /** The path of a row, parsed again only when it differs from the previous row's. */
    private JsonPath pathOf(StringVector paths, int row) {
        String text = paths.isNull(row) ? null : paths.values()[row];
        if (text == null) {
            return null;
        }
        if (!text.equals(pathText)) {
            pathText = text;
            parsed = JsonPath.parse(text);
        }
        return parsed;
    }

    private String extract(String text, JsonPath steps) {
        buffer.getBuffer().setLength(0);
        try (JsonParser parser = FACTORY.createParser(ObjectReadContext.empty(), text);
                JsonGenerator generator = FACTORY.createGenerator(ObjectWriteContext.empty(), buffer)) {
            parser.nextToken();
            boolean matched = evaluate(parser, generator, Style.RAW, steps.steps(), 0);
            generator.flush();
            return matched ? buffer.toString() : null;
        } catch (JacksonException e) {
            return null;
        }
    }

    /** Spark's {@code evaluatePath}: writes what {@code steps[at..]} selects from the current value; whether anything was. */
    private static boolean evaluate(JsonParser parser, JsonGenerator out, Style style, List<JsonPath.Step> steps,
            int at) {
        JsonToken token = parser.currentToken();
        if (at == steps.size()) {
            if (token == JsonToken.VALUE_STRING && style == Style.RAW) {
                out.writeRaw(parser.getString());
                return true;
            }
            if (token == JsonToken.START_ARRAY && style == Style.FLATTEN) {
                boolean dirty = false;
                while (parser.nextToken() != JsonToken.END_ARRAY) {
                    dirty |= evaluate(parser, out, style, steps, at);
                }
                return dirty;
            }
            out.copyCurrentStructure(parser);
            return true;
        }
        JsonPath.Step step = steps.get(at);
        if (token == JsonToken.START_OBJECT && step instanceof JsonPath.Named named) {
            return field(parser, out, style, steps, at, named.name());
        }
        if (token == JsonToken.START_ARRAY && step instanceof JsonPath.AnyElement) {
            return everyElement(parser, out, style, steps, at);
        }
        if (token == JsonToken.START_ARRAY && step instanceof JsonPath.Index index) {
            parser.nextToken();
            Style next = at + 1 < steps.size() && steps.get(at + 1) instanceof JsonPath.AnyElement ? Style.QUOTED : style;
            return element(parser, out, next, steps, at + 1, index.index());
        }
        parser.skipChildren();
        return false;
    }

    /** The first field of this name whose value is not {@code null} and matches the rest of the path. */
    private static boolean field(JsonParser parser, JsonGenerator out, Style style, List<JsonPath.Step> steps, int at,
            String name) {
        boolean dirty = false;
        while (parser.nextToken() != JsonToken.END_OBJECT) {
            if (!dirty && parser.currentToken() == JsonToken.PROPERTY_NAME && parser.currentName().equals(name)) {
                if (parser.nextToken() != JsonToken.VALUE_NULL) {
                    dirty = evaluate(parser, out, style, steps, at + 1);
                }
            } else {
                parser.skipChildren();
            }
        }
        return dirty;
    }

    /** {@code [*]}: Hive's rules, kept by Spark, for how many matches make an array. */
    private static boolean everyElement(JsonParser parser, JsonGenerator out, Style style, List<JsonPath.Step> steps,
            int at) {
        if (at + 1 < steps.size() && steps.get(at + 1) instanceof JsonPath.AnyElement) {
            boolean dirty = false;
            out.writeStartArray();
            while (parser.nextToken() != JsonToken.END_ARRAY) {
                dirty |= evaluate(parser, out, Style.FLATTEN, steps, at + 2);
            }
            out.writeEndArray();
            return dirty;
        }
        if (style == Style.QUOTED) {
            boolean dirty = false;
            out.writeStartArray();
            while (parser.nextToken() != JsonToken.END_ARRAY) {
                dirty |= evaluate(parser, out, Style.QUOTED, steps, at + 1);
            }
            out.writeEndArray();
            return dirty;
        }
        Style next = style == Style.RAW ? Style.QUOTED : Style.FLATTEN;
        StringWriter matches = new StringWriter();
        int dirty = 0;
        try (JsonGenerator inner = FACTORY.createGenerator(ObjectWriteContext.empty(), matches)) {
            inner.writeStartArray();
            while (parser.nextToken() != JsonToken.END_ARRAY) {
                dirty += evaluate(parser, inner, next, steps, at + 1) ? 1 : 0;
            }
            inner.writeEndArray();
        }
        String array = matches.toString();
        if (dirty > 1) {
            out.writeRawValue(array);
        } else if (dirty == 1) {
            out.writeRawValue(array.substring(1, array.length() - 1));
        }
        return dirty > 0;
    }

    /** {@code [n]}: the parser is on the array's first token (or its end). */
    private static boolean element(JsonParser parser, JsonGenerator out, Style style, List<JsonPath.Step> steps,
            int at, long index) {
        for (long i = index; i > 0; i--) {
            if (parser.currentToken() == JsonToken.END_ARRAY) {
                return false;
            }
            parser.skipChildren();
            parser.nextToken();
        }
        if (parser.currentToken() == JsonToken.END_ARRAY) {
            return false;
        }
        boolean dirty = evaluate(parser, out, style, steps, at);
        while (parser.nextToken() != JsonToken.END_ARRAY) {
            parser.skipChildren();
        }
        return dirty;
    }
}
