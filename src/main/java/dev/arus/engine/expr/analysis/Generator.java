package dev.arus.engine.expr.analysis;

import dev.arus.engine.data.ArrayType;
import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.MapType;
import dev.arus.engine.data.Schema;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.bind.ExpressionBinder;
import dev.arus.engine.expr.bind.FunctionBinder;
import dev.arus.engine.streaming.AnalysisException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Spark's generators {@code explode}, {@code explode_outer}, {@code posexplode} and
 * {@code posexplode_outer} as a whole item of a select list: each input row becomes one row per
 * element of its array, in a column named {@code col}, or per entry of its map, in {@code key}
 * and {@code value}, after the element's position {@code pos} for the {@code pos} forms. A NULL
 * or empty collection gives no row, or for the {@code _outer} forms one row of NULLs. An alias
 * names the array's column. The planner runs it as its own operator, since it changes the number
 * of rows; anywhere else in an expression it is refused, as Spark refuses it.
 */
public record Generator(BoundExpression collection, List<Field> fields, boolean outer, boolean withPosition) {

    /** The generators' names: {@code _outer} keeps a row for an empty collection, {@code pos} adds positions. */
    static final Set<String> NAMES = Set.of("explode", "explode_outer", "posexplode", "posexplode_outer");

    /** Whether a select item is a generator call, aliased or not. */
    public static boolean isGenerator(Expression item) {
        Expression inner = item instanceof Expression.Alias alias ? alias.child() : item;
        return inner instanceof Expression.FunctionCall call && isGenerator(call.name());
    }

    static boolean isGenerator(String name) {
        return NAMES.contains(name.toLowerCase(Locale.ROOT));
    }

    /** Binds a select item for which {@link #isGenerator} holds. */
    public static Generator bind(Expression item, Schema input) {
        ExpressionBinder binder = new ExpressionBinder(input, item, false, LanguageBindings.INSTANCE);
        Expression.FunctionCall call = (Expression.FunctionCall) (item instanceof Expression.Alias alias
                ? alias.child() : item);
        String name = call.name().toLowerCase(Locale.ROOT);
        boolean outer = name.endsWith("_outer");
        boolean withPosition = name.startsWith("pos");
        if (call.arguments().size() != 1) {
            throw FunctionBinder.wrongNumberOfArguments(binder, call, "1");
        }
        BoundExpression collection = binder.bind(call.arguments().get(0));
        String alias = item instanceof Expression.Alias named ? named.name() : null;
        List<Field> fields = new ArrayList<>();
        if (withPosition) {
            fields.add(new Field("pos", AtomicType.INT, outer));
        }
        if (collection.dataType() instanceof ArrayType array && (alias == null || !withPosition)) {
            fields.add(new Field(alias == null ? "col" : alias, array.elementType(), outer || array.containsNull()));
            return new Generator(collection, fields, outer, withPosition);
        }
        if (collection.dataType() instanceof MapType map && alias == null) {
            fields.add(new Field("key", map.keyType(), outer));
            fields.add(new Field("value", map.valueType(), outer || map.valueContainsNull()));
            return new Generator(collection, fields, outer, withPosition);
        }
        if (alias != null && (collection.dataType() instanceof ArrayType || collection.dataType() instanceof MapType)) {
            int expected = fields.size() + (collection.dataType() instanceof MapType ? 2 : 1);
            throw binder.error("UDTF_ALIAS_NUMBER_MISMATCH", "The number of aliases supplied in the AS clause"
                    + " does not match the number of columns output by the UDTF. Expected " + expected
                    + " aliases, but got " + alias + ".", item.position());
        }
        throw binder.unexpectedType(FunctionBinder.sql(name, List.of(collection)), call.position(), "first",
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
