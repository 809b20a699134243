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
            new ScalarFunction("array", 0, ANY, CreateArray::bind),
            new ScalarFunction("array_contains", 2, 2, ArrayContains::bind),
            new ScalarFunction("ascii", 1, 1, CharacterCode::bindAscii),
            new ScalarFunction("between", 3, 3, ComparisonBinder::bindBetween),
            new ScalarFunction("cardinality", 1, 1, CollectionSize.binding("cardinality")),
            new ScalarFunction("char", 1, 1, CharacterCode.chrBinding("char")),
            new ScalarFunction("char_length", 1, 1, StringLength.binding("char_length")),
            new ScalarFunction("character_length", 1, 1, StringLength.binding("character_length")),
            new ScalarFunction("chr", 1, 1, CharacterCode.chrBinding("chr")),
            new ScalarFunction("coalesce", 1, ANY, Coalesce::bind),
            new ScalarFunction("concat", 1, ANY, Concat::bind),
            new ScalarFunction("concat_ws", 0, ANY, ConcatWs::bind),
            new ScalarFunction("contains", 2, 2, StringSearch.binding(StringSearch.Kind.CONTAINS)),
            new ScalarFunction("current_timestamp", 0, 0, CurrentTimestamp::bind),
            new ScalarFunction("date_format", 2, 2, DateFormat::bind),
            new ScalarFunction("element_at", 2, 2, ElementAt::bindFunction),
            new ScalarFunction("endswith", 2, 2, StringSearch.binding(StringSearch.Kind.ENDS_WITH)),
            new ScalarFunction("format_string", 0, ANY, FormatString.binding("format_string")),
            new ScalarFunction("from_json", 2, 2, JsonToStruct::bind),
            new ScalarFunction("get_json_object", 2, 2, GetJsonObject::bind),
            new ScalarFunction("if", 3, 3, CaseWhen::bindIf),
            new ScalarFunction("ilike", 2, 3, PatternMatch::bindILike),
            new ScalarFunction("initcap", 1, 1, StringCase.binding(StringCase.Mapping.INITCAP, "initcap")),
            new ScalarFunction("instr", 2, 2, StringSearch.binding(StringSearch.Kind.INSTR)),
            new ScalarFunction("lcase", 1, 1, StringCase.binding(StringCase.Mapping.LOWER, "lcase")),
            new ScalarFunction("left", 2, 2, Substring::bindLeft),
            new ScalarFunction("length", 1, 1, StringLength.binding("length")),
            new ScalarFunction("like", 2, 3, PatternMatch::bindLike),
            new ScalarFunction("locate", 2, 3, StringSearch.binding(StringSearch.Kind.LOCATE)),
            new ScalarFunction("lower", 1, 1, StringCase.binding(StringCase.Mapping.LOWER, "lower")),
            new ScalarFunction("lpad", 2, 3, StringPad.binding(true)),
            new ScalarFunction("ltrim", 1, 2, StringTrim::bindLeading),
            new ScalarFunction("map", 0, ANY, CreateMap::bind),
            new ScalarFunction("named_struct", 0, ANY, CreateStruct::bindNamed),
            new ScalarFunction("printf", 0, ANY, FormatString.binding("printf")),
            new ScalarFunction("regexp_extract", 2, 3, RegexFunction.binding(RegexFunction.Kind.EXTRACT)),
            new ScalarFunction("regexp_replace", 3, 4, RegexFunction.binding(RegexFunction.Kind.REPLACE)),
            new ScalarFunction("repeat", 2, 2, StringRepeat::bind),
            new ScalarFunction("replace", 2, 3, StringReplace::bind),
            new ScalarFunction("reverse", 1, 1, Reverse::bind),
            new ScalarFunction("right", 2, 2, Substring::bindRight),
            new ScalarFunction("rlike", 2, 2, PatternMatch::bindRLike),
            new ScalarFunction("rpad", 2, 3, StringPad.binding(false)),
            new ScalarFunction("rtrim", 1, 2, StringTrim::bindTrailing),
            new ScalarFunction("size", 1, 1, CollectionSize.binding("size")),
            new ScalarFunction("split", 2, 3, RegexFunction.binding(RegexFunction.Kind.SPLIT)),
            new ScalarFunction("startswith", 2, 2, StringSearch.binding(StringSearch.Kind.STARTS_WITH)),
            new ScalarFunction("struct", 0, ANY, CreateStruct::bind),
            new ScalarFunction("substr", 2, 3, Substring::bindSubstr),
            new ScalarFunction("substring", 2, 3, Substring::bindSubstring),
            new ScalarFunction("timestamp_seconds", 1, 1, SecondsToTimestamp::bind),
            new ScalarFunction("to_json", 1, 1, StructToJson::bind),
            new ScalarFunction("to_timestamp", 1, 2, ParseTimestamp::bindToTimestamp),
            new ScalarFunction("trim", 1, 2, StringTrim::bindTrim),
            new ScalarFunction("ucase", 1, 1, StringCase.binding(StringCase.Mapping.UPPER, "ucase")),
            new ScalarFunction("unix_timestamp", 0, 2, ParseTimestamp::bindUnixTimestamp),
            new ScalarFunction("upper", 1, 1, StringCase.binding(StringCase.Mapping.UPPER, "upper")),
            new ScalarFunction("window_time", 1, 1, WindowTime::bind));

    /** Functions that are known but bound elsewhere, for "did you mean" suggestions. */
    private static final Set<String> BOUND_ELSEWHERE =
            Set.of("window", "session_window", "count", "sum", "avg", "min", "max", "explode");

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
