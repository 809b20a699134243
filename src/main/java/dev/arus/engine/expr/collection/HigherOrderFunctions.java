package dev.arus.engine.expr.collection;

import dev.arus.engine.data.ArrayType;
import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.MapType;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.Constant;
import dev.arus.engine.expr.Expression.FunctionCall;
import dev.arus.engine.expr.SqlText;
import dev.arus.engine.expr.bind.ExpressionBinder;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Spark's higher-order functions, which take lambdas ({@code transform(a, x -> x + 1)}): their
 * names, how many arguments each takes and how a call binds, which is unlike other functions'
 * because a lambda's parameters get their types from the other arguments. Also the checks they
 * share: the collection they walk (a NULL stands for a NULL collection, as Spark's coercion makes
 * it) and the SQL of a call whose lambdas are not bound yet, for errors.
 */
public final class HigherOrderFunctions {

    /** Binds a call of one higher-order function, its arguments counted. */
    @FunctionalInterface
    public interface Binding {
        BoundExpression bind(ExpressionBinder binder, FunctionCall call);
    }

    /** One function: its arity and binding. */
    public record Function(int minArguments, int maxArguments, Binding binding) {
    }

    private static final Map<String, Function> FUNCTIONS = Map.ofEntries(
            Map.entry("aggregate", new Function(3, 4, ArrayAggregate::bind)),
            Map.entry("array_sort", new Function(1, 2, ArraySort::bind)),
            Map.entry("exists", new Function(2, 2, ArrayMatch::bindExists)),
            Map.entry("filter", new Function(2, 2, ArrayFilter::bind)),
            Map.entry("forall", new Function(2, 2, ArrayMatch::bindForall)),
            Map.entry("map_filter", new Function(2, 2, MapLambdaFunction::bindFilter)),
            Map.entry("reduce", new Function(3, 4, ArrayAggregate::bind)),
            Map.entry("transform", new Function(2, 2, ArrayTransform::bind)),
            Map.entry("transform_keys", new Function(2, 2, MapLambdaFunction::bindTransformKeys)),
            Map.entry("transform_values", new Function(2, 2, MapLambdaFunction::bindTransformValues)),
            Map.entry("zip_with", new Function(3, 3, ArrayZip::bind)));

    private HigherOrderFunctions() {
    }

    /** The higher-order function of this lower-case name, or null. */
    public static Function lookup(String name) {
        return FUNCTIONS.get(name);
    }

    public static Set<String> names() {
        return FUNCTIONS.keySet();
    }

    /** The lower-case name of the function a call calls, as Spark prints it. */
    static String name(FunctionCall call) {
        return call.name().toLowerCase(Locale.ROOT);
    }

    /**
     * Argument {@code index} of {@code call}, an array: a NULL is a NULL {@code array<void>}; any
     * other type is refused with Spark's UNEXPECTED_INPUT_TYPE, naming the call as written.
     */
    static BoundExpression array(ExpressionBinder binder, FunctionCall call, int index) {
        BoundExpression value = binder.bind(call.arguments().get(index));
        if (value.dataType() == AtomicType.NULL) {
            return new Constant(null, new ArrayType(AtomicType.NULL, true), value.sql());
        }
        if (!(value.dataType() instanceof ArrayType)) {
            throw binder.unexpectedType(unboundSql(call, index, value), call.position(),
                    ExpressionBinder.ordinal(index), "\"ARRAY\"", value);
        }
        return value;
    }

    /** Argument {@code index} of {@code call}, a map, as {@link #array} takes an array. */
    static BoundExpression map(ExpressionBinder binder, FunctionCall call, int index) {
        BoundExpression value = binder.bind(call.arguments().get(index));
        if (value.dataType() == AtomicType.NULL) {
            return new Constant(null, new MapType(AtomicType.NULL, AtomicType.NULL, true), value.sql());
        }
        if (!(value.dataType() instanceof MapType)) {
            throw binder.unexpectedType(unboundSql(call, index, value), call.position(),
                    ExpressionBinder.ordinal(index), "\"MAP\"", value);
        }
        return value;
    }

    /** The call's SQL with argument {@code index} bound and the others (lambdas among them) as written. */
    private static String unboundSql(FunctionCall call, int index, BoundExpression bound) {
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < call.arguments().size(); i++) {
            parts.add(i == index ? bound.sql() : call.arguments().get(i).sql());
        }
        return SqlText.function(name(call), parts);
    }

    /** Copies rows {@code [0, count)} of {@code source} to the same rows of {@code target}. */
    static void copy(ColumnVector source, ColumnVector target, int count) {
        for (int j = 0; j < count; j++) {
            source.copyRow(j, target, j);
        }
    }
}
