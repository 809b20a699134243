package dev.arus.engine.expr.json;

import dev.arus.engine.data.ArrayType;
import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.MapType;
import dev.arus.engine.data.StringVector;
import dev.arus.engine.data.StructType;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.BoundNode;
import dev.arus.engine.expr.EvaluationContext;
import dev.arus.engine.expr.Expression.FunctionCall;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.SqlText;
import dev.arus.engine.expr.bind.ExpressionBinder;
import dev.arus.engine.expr.bind.TypeCoercion;
import dev.arus.engine.expr.sql.DataTypeParser;
import dev.arus.engine.streaming.ParseException;
import java.util.List;

/**
 * {@code from_json(json, 'schema')} (Spark's {@code JsonToStructs}): JSON text as a value of the
 * schema, a struct, array or map given as a DDL string literal. NULL text gives NULL; how the
 * rest is read is {@link JsonValueReader}'s contract. Every field of the result is nullable, as
 * Spark forces the schema nullable. Named {@code from_json(json)}, or {@code entries} for a map
 * schema, as Spark names it.
 */
final class JsonToStruct extends BoundNode {

    private final BoundExpression json;
    private final JsonValueReader reader;

    private JsonToStruct(BoundExpression json, DataType schema, String sql) {
        super(schema, true, sql);
        this.json = json;
        this.reader = new JsonValueReader(schema);
    }

    static BoundExpression bind(FunctionCall call, List<BoundExpression> arguments, ExpressionBinder binder) {
        DataType schema = asNullable(schema(call, binder));
        String sql = schema instanceof MapType ? "entries" : SqlText.function("from_json", List.of(arguments.get(0).sql()));
        if (!(schema instanceof StructType || schema instanceof ArrayType || schema instanceof MapType)) {
            throw binder.mismatch("INVALID_JSON_SCHEMA", sql, "Input schema \"" + schema.sql()
                    + "\" must be a struct, an array, a map or a variant.", call.arguments().get(1).position());
        }
        if (hasNonStringMapKey(schema)) {
            throw binder.mismatch("INVALID_JSON_MAP_KEY_TYPE", sql, "Input schema \"" + schema.sql()
                    + "\" can only contain \"STRING\" as a key type for a \"MAP\".", call.arguments().get(1).position());
        }
        BoundExpression json = arguments.get(0);
        if (json.dataType() == AtomicType.NULL) {
            json = TypeCoercion.implicitCast(json, AtomicType.STRING);
        }
        if (json.dataType() != AtomicType.STRING) {
            throw binder.unexpectedType(sql, call.position(), "first", "\"STRING\"", json);
        }
        return new JsonToStruct(json, schema, sql);
    }

    /** The schema literal, parsed as Spark's {@code DataType.fromDDL}; errors point into the expression. */
    private static DataType schema(FunctionCall call, ExpressionBinder binder) {
        Expression argument = call.arguments().get(1);
        if (!(argument instanceof Expression.Literal literal && literal.value() instanceof String ddl)) {
            throw binder.error("INVALID_SCHEMA.NON_STRING_LITERAL", "The input schema \"" + argument.sql()
                    + "\" of from_json must be a string literal and not null.", argument.position());
        }
        try {
            return DataTypeParser.fromDDL(ddl);
        } catch (ParseException e) {
            // the schema text starts after the literal's opening quote
            int position = argument.position() < 0 ? -1 : argument.position() + 1 + e.position();
            throw new ParseException(e.errorClass(), e.getMessage() + " (in the schema '" + ddl + "' of from_json)",
                    position, binder.rootSql());
        }
    }

    private static DataType asNullable(DataType type) {
        if (type instanceof StructType struct) {
            return new StructType(struct.fields().stream()
                    .map(f -> new Field(f.name(), asNullable(f.type()), true)).toList());
        }
        if (type instanceof ArrayType array) {
            return new ArrayType(asNullable(array.elementType()), true);
        }
        if (type instanceof MapType map) {
            return new MapType(asNullable(map.keyType()), asNullable(map.valueType()), true);
        }
        return type;
    }

    private static boolean hasNonStringMapKey(DataType type) {
        if (type instanceof StructType struct) {
            return struct.fields().stream().anyMatch(f -> hasNonStringMapKey(f.type()));
        }
        if (type instanceof ArrayType array) {
            return hasNonStringMapKey(array.elementType());
        }
        if (type instanceof MapType map) {
            return map.keyType() != AtomicType.STRING || hasNonStringMapKey(map.valueType());
        }
        return false;
    }

    @Override
    public ColumnVector evaluate(ColumnarBatch input, EvaluationContext context) {
        StringVector texts = (StringVector) json.evaluate(input, context);
        int size = input.size();
        ColumnVector result = output(size);
        String[] in = texts.values();
        for (int i = 0; i < size; i++) {
            if (texts.isNull(i)) {
                result.setNull(i);
            } else {
                reader.read(in[i], result, i, context.timeZone());
            }
        }
        return result;
    }
}
