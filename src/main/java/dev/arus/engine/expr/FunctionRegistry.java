package dev.arus.engine.expr;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The scalar functions SQL text can call, one entry each: name, arity, and the binding that lives
 * with the function's own class. Adding a function is one class plus one line here. Aggregates
 * and the windows are not here: {@link ExpressionAnalyzer} binds them where a query allows them.
 */
final class FunctionRegistry {

    private static final int ANY = Integer.MAX_VALUE;

    private static final Map<String, ScalarFunction> FUNCTIONS = index(
            new ScalarFunction("abs", 1, 1, UnaryMath::bindAbs),
            new ScalarFunction("between", 3, 3, ComparisonBinder::bindBetween),
            new ScalarFunction("coalesce", 1, ANY, Coalesce::bind),
            new ScalarFunction("concat", 1, ANY, Concat::bind),
            new ScalarFunction("current_timestamp", 0, 0, CurrentTimestamp::bind),
            new ScalarFunction("date_format", 2, 2, DateFormat::bind),
            new ScalarFunction("from_json", 2, 2, JsonToStruct::bind),
            new ScalarFunction("get_json_object", 2, 2, GetJsonObject::bind),
            new ScalarFunction("if", 3, 3, CaseWhen::bindIf),
            new ScalarFunction("ilike", 2, 3, PatternMatch::bindILike),
            new ScalarFunction("like", 2, 3, PatternMatch::bindLike),
            new ScalarFunction("ltrim", 1, 2, StringTrim::bindLeading),
            new ScalarFunction("named_struct", 0, ANY, CreateStruct::bindNamed),
            new ScalarFunction("rlike", 2, 2, PatternMatch::bindRLike),
            new ScalarFunction("rtrim", 1, 2, StringTrim::bindTrailing),
            new ScalarFunction("struct", 0, ANY, CreateStruct::bind),
            new ScalarFunction("timestamp_seconds", 1, 1, SecondsToTimestamp::bind),
            new ScalarFunction("to_json", 1, 1, StructToJson::bind),
            new ScalarFunction("to_timestamp", 1, 2, ParseTimestamp::bindToTimestamp),
            new ScalarFunction("trim", 1, 2, StringTrim::bindTrim),
            new ScalarFunction("unix_timestamp", 0, 2, ParseTimestamp::bindUnixTimestamp),
            new ScalarFunction("window_time", 1, 1, WindowTime::bind));

    /** Functions that are known but bound elsewhere, for "did you mean" suggestions. */
    private static final Set<String> BOUND_ELSEWHERE = java.util.stream.Stream.concat(
            java.util.stream.Stream.of("window", "session_window"), AggregateFunction.allNames())
            .collect(java.util.stream.Collectors.toUnmodifiableSet());

    private FunctionRegistry() {
    }

    /** The function of this lower-case name, or null. */
    static ScalarFunction lookup(String name) {
        return FUNCTIONS.get(name);
    }

    /** Every function name a call may use, scalar or not. */
    static List<String> names() {
        return java.util.stream.Stream.concat(FUNCTIONS.keySet().stream(), BOUND_ELSEWHERE.stream())
                .sorted().toList();
    }

    private static Map<String, ScalarFunction> index(ScalarFunction... functions) {
        Map<String, ScalarFunction> byName = new LinkedHashMap<>();
        for (ScalarFunction function : functions) {
            if (byName.put(function.name(), function) != null) {
                throw new IllegalStateException("function " + function.name() + " is registered twice");
            }
        }
        return Map.copyOf(byName);
    }
}
