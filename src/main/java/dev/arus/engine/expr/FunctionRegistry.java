package dev.arus.engine.expr;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The scalar functions SQL text can call, one entry each: name, arity, and the binding that lives
 * with the function's own class. Adding a function is one class plus one line here. Aggregates
 * and the windows are not here: {@link ExpressionAnalyzer} binds them where a query allows them;
 * nor are the functions that take lambdas, whose arguments bind unlike others'
 * ({@link HigherOrderFunctions}).
 */
final class FunctionRegistry {

    private static final int ANY = Integer.MAX_VALUE;

    private static final Map<String, ScalarFunction> FUNCTIONS = index(
            new ScalarFunction("abs", 1, 1, UnaryMath::bindAbs),
            new ScalarFunction("acos", 1, 1, MathFunctions.unary("ACOS", Math::acos)),
            new ScalarFunction("acosh", 1, 1, MathFunctions.unary("ACOSH", MathFunctions::acosh)),
            new ScalarFunction("add_months", 2, 2, DateArithmetic::bindAddMonths),
            new ScalarFunction("array", 0, ANY, CreateArray::bind),
            new ScalarFunction("array_contains", 2, 2, ArrayContains::bind),
            new ScalarFunction("ascii", 1, 1, CharacterCode::bindAscii),
            new ScalarFunction("asin", 1, 1, MathFunctions.unary("ASIN", Math::asin)),
            new ScalarFunction("asinh", 1, 1, MathFunctions.unary("ASINH", MathFunctions::asinh)),
            new ScalarFunction("atan", 1, 1, MathFunctions.unary("ATAN", Math::atan)),
            new ScalarFunction("atan2", 2, 2, MathFunctions::bindAtan2),
            new ScalarFunction("atanh", 1, 1, MathFunctions.unary("ATANH", MathFunctions::atanh)),
            new ScalarFunction("between", 3, 3, ComparisonBinder::bindBetween),
            new ScalarFunction("bit_length", 1, 1, StringLength.binding("bit_length", StringLength.Unit.BITS)),
            new ScalarFunction("bround", 1, 2, RoundingFunctions::bindBRound),
            new ScalarFunction("cardinality", 1, 1, CollectionSize.binding("cardinality")),
            new ScalarFunction("cbrt", 1, 1, MathFunctions.unary("CBRT", Math::cbrt)),
            new ScalarFunction("ceil", 1, 2, RoundingFunctions::bindCeil),
            new ScalarFunction("ceiling", 1, 2, RoundingFunctions::bindCeiling),
            new ScalarFunction("char", 1, 1, CharacterCode.chrBinding("char")),
            new ScalarFunction("char_length", 1, 1, StringLength.binding("char_length")),
            new ScalarFunction("character_length", 1, 1, StringLength.binding("character_length")),
            new ScalarFunction("chr", 1, 1, CharacterCode.chrBinding("chr")),
            new ScalarFunction("coalesce", 1, ANY, Coalesce::bind),
            new ScalarFunction("concat", 1, ANY, Concat::bind),
            new ScalarFunction("concat_ws", 0, ANY, ConcatWs::bind),
            new ScalarFunction("contains", 2, 2, StringSearch.binding(StringSearch.Kind.CONTAINS)),
            new ScalarFunction("conv", 3, 3, NumberBaseConversion::bind),
            new ScalarFunction("cos", 1, 1, MathFunctions.unary("COS", Math::cos)),
            new ScalarFunction("cosh", 1, 1, MathFunctions.unary("COSH", Math::cosh)),
            new ScalarFunction("cot", 1, 1, MathFunctions.unary("COT", x -> 1 / Math.tan(x))),
            new ScalarFunction("crc32", 1, 1, Digest::bindCrc32),
            new ScalarFunction("csc", 1, 1, MathFunctions.unary("CSC", x -> 1 / Math.sin(x))),
            new ScalarFunction("current_date", 0, 0, CurrentDate::bind),
            new ScalarFunction("current_timestamp", 0, 0, CurrentTimestamp::bind),
            new ScalarFunction("date_add", 2, 2, DateArithmetic::bindDateAdd),
            new ScalarFunction("date_format", 2, 2, DateFormat::bind),
            new ScalarFunction("date_from_unix_date", 1, 1,
                    EpochUnits.binding(EpochUnits.Conversion.DATE_FROM_UNIX_DATE)),
            new ScalarFunction("date_sub", 2, 2, DateArithmetic::bindDateSub),
            new ScalarFunction("date_trunc", 2, 2, DateTruncation::bindDateTrunc),
            new ScalarFunction("datediff", 2, 2, DateArithmetic::bindDateDiff),
            new ScalarFunction("day", 1, 1, DatePart.function("day", DatePart.Part.DAY)),
            new ScalarFunction("dayofmonth", 1, 1, DatePart.function("dayofmonth", DatePart.Part.DAY)),
            new ScalarFunction("dayofweek", 1, 1, DatePart.function("dayofweek", DatePart.Part.DAYOFWEEK)),
            new ScalarFunction("dayofyear", 1, 1, DatePart.function("dayofyear", DatePart.Part.DOY)),
            new ScalarFunction("degrees", 1, 1, MathFunctions.unary("DEGREES", Math::toDegrees)),
            new ScalarFunction("e", 0, 0, MathFunctions.constant("E", Math.E)),
            new ScalarFunction("element_at", 2, 2, ElementAt::bindFunction),
            new ScalarFunction("elt", 0, ANY, Elt::bind),
            new ScalarFunction("endswith", 2, 2, StringSearch.binding(StringSearch.Kind.ENDS_WITH)),
            new ScalarFunction("exp", 1, 1, MathFunctions::bindExp),
            new ScalarFunction("factorial", 1, 1, Factorial::bind),
            new ScalarFunction("floor", 1, 2, RoundingFunctions::bindFloor),
            new ScalarFunction("format_string", 0, ANY, FormatString.binding("format_string")),
            new ScalarFunction("from_json", 2, 2, JsonToStruct::bind),
            new ScalarFunction("from_unixtime", 1, 2, DateFormat::bindFromUnixTime),
            new ScalarFunction("from_utc_timestamp", 2, 2, UtcShift::bindFromUtc),
            new ScalarFunction("get_json_object", 2, 2, GetJsonObject::bind),
            new ScalarFunction("greatest", 0, ANY, Extremum::bindGreatest),
            new ScalarFunction("hash", 0, ANY, RowHash::bindHash),
            new ScalarFunction("hex", 1, 1, HexDigits::bindHex),
            new ScalarFunction("hour", 1, 1, DatePart.function("hour", DatePart.Part.HOUR)),
            new ScalarFunction("if", 3, 3, CaseWhen::bindIf),
            new ScalarFunction("ifnull", 2, 2, NullFunctions::bindIfNull),
            new ScalarFunction("ilike", 2, 3, PatternMatch::bindILike),
            new ScalarFunction("initcap", 1, 1, StringCase.binding(StringCase.Mapping.INITCAP, "initcap")),
            new ScalarFunction("instr", 2, 2, StringSearch.binding(StringSearch.Kind.INSTR)),
            new ScalarFunction("isnotnull", 1, 1, NullFunctions::bindIsNotNull),
            new ScalarFunction("isnull", 1, 1, NullFunctions::bindIsNull),
            new ScalarFunction("last_day", 1, 1, LastDay::bind),
            new ScalarFunction("lcase", 1, 1, StringCase.binding(StringCase.Mapping.LOWER, "lcase")),
            new ScalarFunction("least", 0, ANY, Extremum::bindLeast),
            new ScalarFunction("left", 2, 2, Substring::bindLeft),
            new ScalarFunction("length", 1, 1, StringLength.binding("length")),
            new ScalarFunction("like", 2, 3, PatternMatch::bindLike),
            new ScalarFunction("ln", 1, 1, MathFunctions::bindLn),
            new ScalarFunction("locate", 2, 3, StringSearch.binding(StringSearch.Kind.LOCATE)),
            new ScalarFunction("log", 1, 2, MathFunctions::bindLog),
            new ScalarFunction("log10", 1, 1, MathFunctions::bindLog10),
            new ScalarFunction("log2", 1, 1, MathFunctions::bindLog2),
            new ScalarFunction("lower", 1, 1, StringCase.binding(StringCase.Mapping.LOWER, "lower")),
            new ScalarFunction("lpad", 2, 3, StringPad.binding(true)),
            new ScalarFunction("ltrim", 1, 2, StringTrim::bindLeading),
            new ScalarFunction("make_date", 3, 3, MakeDate::bind),
            new ScalarFunction("make_timestamp", 6, 7, MakeTimestamp::bind),
            new ScalarFunction("map", 0, ANY, CreateMap::bind),
            new ScalarFunction("md5", 1, 1, Digest::bindMd5),
            new ScalarFunction("minute", 1, 1, DatePart.function("minute", DatePart.Part.MINUTE)),
            new ScalarFunction("mod", 2, 2, ArithmeticFunctions::bindMod),
            new ScalarFunction("month", 1, 1, DatePart.function("month", DatePart.Part.MONTH)),
            new ScalarFunction("months_between", 2, 3, MonthsBetween::bind),
            new ScalarFunction("named_struct", 0, ANY, CreateStruct::bindNamed),
            new ScalarFunction("negative", 1, 1, ArithmeticFunctions::bindNegative),
            new ScalarFunction("next_day", 2, 2, NextDay::bind),
            new ScalarFunction("nullif", 2, 2, NullFunctions::bindNullIf),
            new ScalarFunction("nvl", 2, 2, NullFunctions::bindNvl),
            new ScalarFunction("nvl2", 3, 3, NullFunctions::bindNvl2),
            new ScalarFunction("octet_length", 1, 1, StringLength.binding("octet_length", StringLength.Unit.BYTES)),
            new ScalarFunction("pi", 0, 0, MathFunctions.constant("PI", Math.PI)),
            new ScalarFunction("pmod", 2, 2, ArithmeticFunctions::bindPmod),
            new ScalarFunction("positive", 1, 1, ArithmeticFunctions::bindPositive),
            new ScalarFunction("pow", 2, 2, MathFunctions::bindPow),
            new ScalarFunction("power", 2, 2, MathFunctions::bindPower),
            new ScalarFunction("printf", 0, ANY, FormatString.binding("printf")),
            new ScalarFunction("quarter", 1, 1, DatePart.function("quarter", DatePart.Part.QUARTER)),
            new ScalarFunction("radians", 1, 1, MathFunctions.unary("RADIANS", Math::toRadians)),
            new ScalarFunction("regexp_extract", 2, 3, RegexFunction.binding(RegexFunction.Kind.EXTRACT)),
            new ScalarFunction("regexp_replace", 3, 4, RegexFunction.binding(RegexFunction.Kind.REPLACE)),
            new ScalarFunction("repeat", 2, 2, StringRepeat::bind),
            new ScalarFunction("replace", 2, 3, StringReplace::bind),
            new ScalarFunction("reverse", 1, 1, Reverse::bind),
            new ScalarFunction("right", 2, 2, Substring::bindRight),
            new ScalarFunction("rlike", 2, 2, PatternMatch::bindRLike),
            new ScalarFunction("round", 1, 2, RoundingFunctions::bindRound),
            new ScalarFunction("rpad", 2, 3, StringPad.binding(false)),
            new ScalarFunction("rtrim", 1, 2, StringTrim::bindTrailing),
            new ScalarFunction("sec", 1, 1, MathFunctions.unary("SEC", x -> 1 / Math.cos(x))),
            new ScalarFunction("second", 1, 1, DatePart.function("second", DatePart.Part.WHOLE_SECOND)),
            new ScalarFunction("sequence", 2, 3, Sequence::bind),
            new ScalarFunction("sha", 1, 1, Digest::bindSha1),
            new ScalarFunction("sha1", 1, 1, Digest::bindSha1),
            new ScalarFunction("sha2", 2, 2, Digest::bindSha2),
            new ScalarFunction("sign", 1, 1, MathFunctions::bindSign),
            new ScalarFunction("signum", 1, 1, MathFunctions::bindSignum),
            new ScalarFunction("sin", 1, 1, MathFunctions.unary("SIN", Math::sin)),
            new ScalarFunction("sinh", 1, 1, MathFunctions.unary("SINH", Math::sinh)),
            new ScalarFunction("size", 1, 1, CollectionSize.binding("size")),
            new ScalarFunction("split", 2, 3, RegexFunction.binding(RegexFunction.Kind.SPLIT)),
            new ScalarFunction("sqrt", 1, 1, MathFunctions::bindSqrt),
            new ScalarFunction("startswith", 2, 2, StringSearch.binding(StringSearch.Kind.STARTS_WITH)),
            new ScalarFunction("struct", 0, ANY, CreateStruct::bind),
            new ScalarFunction("substr", 2, 3, Substring::bindSubstr),
            new ScalarFunction("substring", 2, 3, Substring::bindSubstring),
            new ScalarFunction("tan", 1, 1, MathFunctions.unary("TAN", Math::tan)),
            new ScalarFunction("tanh", 1, 1, MathFunctions.unary("TANH", Math::tanh)),
            new ScalarFunction("timestamp_micros", 1, 1, EpochUnits.binding(EpochUnits.Conversion.TIMESTAMP_MICROS)),
            new ScalarFunction("timestamp_millis", 1, 1, EpochUnits.binding(EpochUnits.Conversion.TIMESTAMP_MILLIS)),
            new ScalarFunction("timestamp_seconds", 1, 1, SecondsToTimestamp::bind),
            new ScalarFunction("to_date", 1, 2, ParseTimestamp::bindToDate),
            new ScalarFunction("to_json", 1, 1, StructToJson::bind),
            new ScalarFunction("to_timestamp", 1, 2, ParseTimestamp::bindToTimestamp),
            new ScalarFunction("to_utc_timestamp", 2, 2, UtcShift::bindToUtc),
            new ScalarFunction("translate", 3, 3, Translation::bind),
            new ScalarFunction("trim", 1, 2, StringTrim::bindTrim),
            new ScalarFunction("trunc", 2, 2, DateTruncation::bindTrunc),
            new ScalarFunction("try_add", 2, 2, ArithmeticFunctions::bindTryAdd),
            new ScalarFunction("try_divide", 2, 2, ArithmeticFunctions::bindTryDivide),
            new ScalarFunction("try_multiply", 2, 2, ArithmeticFunctions::bindTryMultiply),
            new ScalarFunction("try_subtract", 2, 2, ArithmeticFunctions::bindTrySubtract),
            new ScalarFunction("ucase", 1, 1, StringCase.binding(StringCase.Mapping.UPPER, "ucase")),
            new ScalarFunction("unhex", 1, 1, HexDigits::bindUnhex),
            new ScalarFunction("unix_date", 1, 1, EpochUnits.binding(EpochUnits.Conversion.UNIX_DATE)),
            new ScalarFunction("unix_micros", 1, 1, EpochUnits.binding(EpochUnits.Conversion.UNIX_MICROS)),
            new ScalarFunction("unix_millis", 1, 1, EpochUnits.binding(EpochUnits.Conversion.UNIX_MILLIS)),
            new ScalarFunction("unix_seconds", 1, 1, EpochUnits.binding(EpochUnits.Conversion.UNIX_SECONDS)),
            new ScalarFunction("unix_timestamp", 0, 2, ParseTimestamp::bindUnixTimestamp),
            new ScalarFunction("upper", 1, 1, StringCase.binding(StringCase.Mapping.UPPER, "upper")),
            new ScalarFunction("weekday", 1, 1, DatePart.function("weekday", DatePart.Part.WEEKDAY)),
            new ScalarFunction("weekofyear", 1, 1, DatePart.function("weekofyear", DatePart.Part.WEEK)),
            new ScalarFunction("window_time", 1, 1, WindowTime::bind),
            new ScalarFunction("xxhash64", 0, ANY, RowHash::bindXxHash64),
            new ScalarFunction("year", 1, 1, DatePart.function("year", DatePart.Part.YEAR)));

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
