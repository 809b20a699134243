package dev.arus.engine.expr.analysis;

import dev.arus.engine.expr.aggregate.AggregateFunction;
import dev.arus.engine.expr.bind.ScalarFunction;
import dev.arus.engine.expr.collection.CollectionCatalog;
import dev.arus.engine.expr.collection.HigherOrderFunctions;
import dev.arus.engine.expr.datetime.DateTimeCatalog;
import dev.arus.engine.expr.json.JsonCatalog;
import dev.arus.engine.expr.logic.LogicCatalog;
import dev.arus.engine.expr.math.MathCatalog;
import dev.arus.engine.expr.string.StringCatalog;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The scalar functions SQL text can call, one entry each: name, arity, and the binding that lives
 * with the function's own class. Each family lists its own functions in its catalog
 * ({@link StringCatalog}, {@link DateTimeCatalog}, ...): adding a function is one class plus one
 * line there. Aggregates and the windows are not here: {@link ExpressionAnalyzer} binds them where
 * a query allows them; nor are the functions that take lambdas, whose arguments bind unlike
 * others' ({@link HigherOrderFunctions}).
 */
final class FunctionRegistry {

    private static final Map<String, ScalarFunction> FUNCTIONS = index(MathCatalog.FUNCTIONS,
            DateTimeCatalog.FUNCTIONS, StringCatalog.FUNCTIONS, CollectionCatalog.FUNCTIONS, LogicCatalog.FUNCTIONS,
            JsonCatalog.FUNCTIONS);

    /** Functions that are known but bound elsewhere, for "did you mean" suggestions. */
    private static final Set<String> BOUND_ELSEWHERE = Stream.of(Stream.of("window", "session_window"),
                    Generator.NAMES.stream(), AggregateFunction.allNames(), HigherOrderFunctions.names().stream())
            .flatMap(names -> names)
            .collect(Collectors.toUnmodifiableSet());

    private FunctionRegistry() {
    }

    /** The function of this lower-case name, or null. */
    static ScalarFunction lookup(String name) {
        return FUNCTIONS.get(name);
    }

    /** Every function name a call may use, scalar or not. */
    static List<String> names() {
        return Stream.concat(FUNCTIONS.keySet().stream(), BOUND_ELSEWHERE.stream())
                .sorted().toList();
    }

    @SafeVarargs
    private static Map<String, ScalarFunction> index(List<ScalarFunction>... families) {
        Map<String, ScalarFunction> byName = new LinkedHashMap<>();
        for (ScalarFunction function : Stream.of(families).flatMap(List::stream).toList()) {
            if (byName.put(function.name(), function) != null) {
                throw new IllegalStateException("function " + function.name() + " is registered twice");
            }
        }
        return Map.copyOf(byName);
    }
}
