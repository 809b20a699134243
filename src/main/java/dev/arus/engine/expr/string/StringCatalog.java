package dev.arus.engine.expr.string;

import dev.arus.engine.expr.bind.ScalarFunction;
import java.util.List;

/**
 * The string functions, with the pattern matches and the hashes and digests of values, as {@code
 * FunctionRegistry} registers them: one entry each, with the binding that lives with the
 * function's own class. Adding a function of this family is one class plus one line here.
 */
public final class StringCatalog {

    private static final int ANY = Integer.MAX_VALUE;

    public static final List<ScalarFunction> FUNCTIONS = List.of(
            new ScalarFunction("ascii", 1, 1, CharacterCode::bindAscii),
            new ScalarFunction("bit_length", 1, 1, StringLength.binding("bit_length", StringLength.Unit.BITS)),
            new ScalarFunction("char", 1, 1, CharacterCode.chrBinding("char")),
            new ScalarFunction("char_length", 1, 1, StringLength.binding("char_length")),
            new ScalarFunction("character_length", 1, 1, StringLength.binding("character_length")),
            new ScalarFunction("chr", 1, 1, CharacterCode.chrBinding("chr")),
            new ScalarFunction("concat", 1, ANY, Concat::bind),
            new ScalarFunction("concat_ws", 0, ANY, ConcatWs::bind),
            new ScalarFunction("contains", 2, 2, StringSearch.binding(StringSearch.Kind.CONTAINS)),
            new ScalarFunction("crc32", 1, 1, Digest::bindCrc32),
            new ScalarFunction("elt", 0, ANY, Elt::bind),
            new ScalarFunction("endswith", 2, 2, StringSearch.binding(StringSearch.Kind.ENDS_WITH)),
            new ScalarFunction("format_string", 0, ANY, FormatString.binding("format_string")),
            new ScalarFunction("hash", 0, ANY, RowHash::bindHash),
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
            new ScalarFunction("md5", 1, 1, Digest::bindMd5),
            new ScalarFunction("octet_length", 1, 1, StringLength.binding("octet_length", StringLength.Unit.BYTES)),
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
            new ScalarFunction("sha", 1, 1, Digest::bindSha1),
            new ScalarFunction("sha1", 1, 1, Digest::bindSha1),
            new ScalarFunction("sha2", 2, 2, Digest::bindSha2),
            new ScalarFunction("split", 2, 3, RegexFunction.binding(RegexFunction.Kind.SPLIT)),
            new ScalarFunction("startswith", 2, 2, StringSearch.binding(StringSearch.Kind.STARTS_WITH)),
            new ScalarFunction("substr", 2, 3, Substring::bindSubstr),
            new ScalarFunction("substring", 2, 3, Substring::bindSubstring),
            new ScalarFunction("translate", 3, 3, Translation::bind),
            new ScalarFunction("trim", 1, 2, StringTrim::bindTrim),
            new ScalarFunction("ucase", 1, 1, StringCase.binding(StringCase.Mapping.UPPER, "ucase")),
            new ScalarFunction("upper", 1, 1, StringCase.binding(StringCase.Mapping.UPPER, "upper")),
            new ScalarFunction("xxhash64", 0, ANY, RowHash::bindXxHash64));

    private StringCatalog() {
    }
}
