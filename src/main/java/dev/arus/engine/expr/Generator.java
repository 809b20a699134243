package dev.arus.engine.expr;

import dev.arus.engine.data.ArrayType;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.MapType;
import dev.arus.engine.data.Schema;
import dev.arus.engine.streaming.AnalysisException;
import java.util.List;

/**
 * Spark's {@code explode(collection)} as a whole item of a select list: each input row becomes
 * one row per element of its array, in a column named {@code col}, or per entry of its map, in
 * {@code key} and {@code value}; a NULL or empty collection gives no row. An alias names the
 * array's column. The planner runs it as its own operator, since it changes the number of rows;
 * anywhere else in an expression it is refused, as Spark refuses it.
 */
public record Generator(BoundExpression collection, List<Field> fields) {

    static final String NAME = "explode";

    /** Whether a select item is a generator call, aliased or not. */
    public static boolean isGenerator(Expression item) {
        Expression inner = item instanceof Expression.Alias alias ? alias.child() : item;
        return inner instanceof Expression.FunctionCall call && call.name().equalsIgnoreCase(NAME);
    }

    /** Binds a select item for which {@link #isGenerator} holds. */
    public static Generator bind(Expression item, Schema input) {
        ExpressionBinder binder = new ExpressionBinder(input, item, false);
        Expression.FunctionCall call = (Expression.FunctionCall) (item instanceof Expression.Alias alias
                ? alias.child() : item);
        if (call.arguments().size() != 1) {
            throw FunctionBinder.wrongNumberOfArguments(binder, call, "1");
        }
        BoundExpression collection = binder.bind(call.arguments().get(0));
        String alias = item instanceof Expression.Alias named ? named.name() : null;
        if (collection.dataType() instanceof ArrayType array) {
            return new Generator(collection, List.of(new Field(alias == null ? "col" : alias, array.elementType(),
                    array.containsNull())));
        }
        if (collection.dataType() instanceof MapType map) {
            if (alias != null) {
                throw binder.error("UDTF_ALIAS_NUMBER_MISMATCH", "The number of aliases supplied in the AS clause"
                        + " does not match the number of columns output by the UDTF. Expected 2 aliases, but got "
                        + alias + ".", item.position());
            }
            return new Generator(collection, List.of(new Field("key", map.keyType(), false),
                    new Field("value", map.valueType(), map.valueContainsNull())));
        }
        throw binder.unexpectedType(FunctionBinder.sql(NAME, List.of(collection)), call.position(), "first",
                "(\"ARRAY\" or \"MAP\")", collection);
    }

    /** Spark's error for a generator inside an expression, or outside a select list. */
    static AnalysisException nested(ExpressionBinder binder, Expression.FunctionCall call) {
        return binder.error("UNSUPPORTED_GENERATOR.NESTED_IN_EXPRESSIONS", "The generator is not supported: nested"
                + " in expressions \"" + binder.rootSql() + "\".", call.position());
    }

    /** Spark's error for a select list of more than one generator. */
    public static AnalysisException multiple(List<Expression> generators) {
        StringBuilder found = new StringBuilder();
        for (Expression generator : generators) {
            found.append(found.isEmpty() ? "" : ", ").append('"').append(generator.sql()).append('"');
        }
        return new AnalysisException("UNSUPPORTED_GENERATOR.MULTI_GENERATOR", "[UNSUPPORTED_GENERATOR.MULTI_GENERATOR]"
                + " The generator is not supported: only one generator allowed per SELECT clause but found "
                + generators.size() + ": " + found + ".");
    }

    /** Whether the collection is a map, whose entries make two columns. */
    public boolean ofMap() {
        return collection.dataType() instanceof MapType;
    }
}
