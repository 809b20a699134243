package dev.arus.engine.expr.string;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.Schema;
import dev.arus.engine.expr.Batches;
import dev.arus.engine.expr.EvaluationException;
import dev.arus.engine.expr.SqlRow;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Spark's string functions: values, types and column names as Spark 4's {@code sql-tests} show
 * them, with ANSI implicit casts ({@code upper(i)} reads 7 as a string) and NULLs ({@code n}).
 */
class StringFunctionsTest {

    @ParameterizedTest
    @CsvSource(delimiter = ';', quoteCharacter = '~', value = {
        "upper('aBc');ABC;upper(aBc)",
        "ucase('aBc');ABC;ucase(aBc)",
        "lower('aBc');abc;lower(aBc)",
        "lcase('aBc');abc;lcase(aBc)",
        "upper(i);7;upper(i)",
        "upper(n);NULL;upper(n)",
        "upper('straße');STRASSE;upper(straße)",
        "initcap('sPark sql');Spark Sql;initcap(sPark sql)",
        "initcap('a  b-c');A  B-c;initcap(a  b-c)",
        "substring('Spark SQL', 5);k SQL;substring(Spark SQL, 5, 2147483647)",
        "substr('Spark SQL', -3);SQL;substr(Spark SQL, -3, 2147483647)",
        "substr('Spark SQL', 5, 1);k;substr(Spark SQL, 5, 1)",
        "substring('Spark SQL', 0, 2);Sp;substring(Spark SQL, 0, 2)",
        "substring('Spark SQL', -20, 12);S;substring(Spark SQL, -20, 12)",
        "substring('Spark SQL', 3, -1);~~;substring(Spark SQL, 3, -1)",
        "substring('Spark SQL' FROM 5);k SQL;substring(Spark SQL, 5, 2147483647)",
        "substr('Spark SQL' FROM 5 FOR 1);k;substring(Spark SQL, 5, 1)",
        "substring(s, '2');2;substring(s, 2, 2147483647)",
        "substring(i, 1, 1);7;substring(i, 1, 1)",
        "substring(s, n);NULL;substring(s, n, 2147483647)",
        "substring('a😀b', 2, 1);😀;substring(a😀b, 2, 1)",
        "left('abcd', 2);ab;left(abcd, 2)",
        "left('abcd', 5);abcd;left(abcd, 5)",
        "left('abcd', -2);~~;left(abcd, -2)",
        "left('abcd', n);NULL;left(abcd, n)",
        "right('abcd', 2);cd;right(abcd, 2)",
        "right('abcd', '2');cd;right(abcd, 2)",
        "right('abcd', 0);~~;right(abcd, 0)",
        "lpad('hi', 5, '??');???hi;lpad(hi, 5, ??)",
        "lpad('hi', 5);~   hi~;~lpad(hi, 5,  )~",
        "lpad('hello', 2);he;~lpad(hello, 2,  )~",
        "lpad('hi', 5, '');hi;lpad(hi, 5, )",
        "lpad('hi', -1, 'x');~~;lpad(hi, -1, x)",
        "rpad('hi', 5, 'ab');hiaba;rpad(hi, 5, ab)",
        "rpad(i, 3, '0');700;rpad(i, 3, 0)",
        "rpad('hi', n, 'x');NULL;rpad(hi, n, x)",
        "replace('abc', 'b', '123');a123c;replace(abc, b, 123)",
        "replace('abc', 'b');ac;replace(abc, b, )",
        "replace('abc', '', 'x');abc;replace(abc, , x)",
        "replace('aaa', 'aa', 'b');ba;replace(aaa, aa, b)",
        "reverse('Spark 😀');😀 krapS;reverse(Spark 😀)",
        "reverse(i);7;reverse(i)",
        "repeat('ab', 3);ababab;repeat(ab, 3)",
        "repeat('ab', -1);~~;repeat(ab, -1)",
        "repeat(s, n);NULL;repeat(s, n)",
        "concat_ws(',', 'a', 'b');a,b;concat_ws(,, a, b)",
        "concat_ws('-', s, n, i);42-7;concat_ws(-, s, n, i)",
        "concat_ws('/', split('a,b', ','), 'c');a/b/c;concat_ws(/, split(a,b, ,, -1), c)",
        "concat_ws(',');~~;concat_ws(,)",
        "concat_ws(n, 'a');NULL;concat_ws(n, a)",
        "format_string('%s-%05d', s, i);42-00007;format_string(%s-%05d, s, i)",
        "printf('%.2f|%s|%b', d, n, b);2.50|null|true;printf(%.2f|%s|%b, d, n, b)",
        "format_string(n, 1);NULL;format_string(n, 1)",
        "regexp_extract('100-200', '(\\\\d+)-(\\\\d+)', 2);200;regexp_extract(100-200, (\\d+)-(\\d+), 2)",
        "regexp_extract('100-200', '(\\\\d+)');100;regexp_extract(100-200, (\\d+), 1)",
        "regexp_extract('abc', '(\\\\d+)', 1);~~;regexp_extract(abc, (\\d+), 1)",
        "regexp_extract('ab', '(a)|(b)', 2);~~;regexp_extract(ab, (a)|(b), 2)",
        "regexp_replace('100-200', '(\\\\d+)', 'num');num-num;regexp_replace(100-200, (\\d+), num, 1)",
        "regexp_replace('100-200', '(\\\\d+)', '<$1>', 4);100-<200>;regexp_replace(100-200, (\\d+), <$1>, 4)",
        "regexp_replace('abc', 'b', 'x', 9);abc;regexp_replace(abc, b, x, 9)",
        "regexp_replace(n, 'b', 'x');NULL;regexp_replace(n, b, x, 1)",
    })
    void computesStringsAndNamesAsSparkDoes(String expression, String value, String name) {
        SqlRow.check(expression, value, "string", name);
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', quoteCharacter = '~', value = {
        "translate('AaBbCc', 'abc', '123');A1B2C3;translate(AaBbCc, abc, 123)",
        "translate('AaBbCc', 'abc', '1');A1BC;translate(AaBbCc, abc, 1)",
        "translate('abcabc', 'aa', 'xy');xbcxbc;translate(abcabc, aa, xy)",
        "translate('a😀b', '😀b', 'xé');axé;translate(a😀b, 😀b, xé)",
        "translate(i, '7', '8');8;translate(i, 7, 8)",
        "translate(n, 'a', 'b');NULL;translate(n, a, b)",
        "translate(s, n, 'b');NULL;translate(s, n, b)",
        "elt(1, 'scala', 'java');scala;elt(1, scala, java)",
        "elt(2, 'a', 1);1;elt(2, a, 1)",
        "elt('2', 'a', 'b');b;elt(2, a, b)",
        "elt(n, 'a', 'b');NULL;elt(n, a, b)",
        "elt(1, 'a', CAST('x' AS INT));a;elt(1, a, CAST(x AS INT))",
        "elt(2, 'a', NULL);NULL;elt(2, a, NULL)",
        "hex(elt(2, X'01', X'02'));02;hex(elt(2, X'01', X'02'))",
    })
    void translatesAndPicksStringsAsSparkDoes(String expression, String value, String name) {
        SqlRow.check(expression, value, "string", name);
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', quoteCharacter = '~', value = {
        "elt(3, 'a', 'b');INVALID_ARRAY_INDEX;The index 3 is out of bounds. The array has 2 elements.",
        "elt(0, 'a', 'b');INVALID_ARRAY_INDEX;The index 0 is out of bounds.",
        "elt(1);WRONG_NUM_ARGS.WITHOUT_SUGGESTION;The `elt` requires > 1 parameters but the actual number is 1.",
        "elt(b, 'a');DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE;~The first parameter requires the \"INT\" type~",
        "translate(arr, 'a', 'b');DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE;~The first parameter requires the"
                + " \"STRING\" type~",
    })
    void refusesTranslationsAndPicksAsSparkDoes(String expression, String errorClass, String detail) {
        SqlRow.fails(expression, errorClass, detail);
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', quoteCharacter = '~', value = {
        "length('Spark SQL ');10;length(Spark SQL )",
        "char_length('a😀b');3;char_length(a😀b)",
        "character_length(i);1;character_length(i)",
        "length(X'0A0B');2;length(X'0A0B')",
        "length(n);NULL;length(n)",
        "ascii('2');50;ascii(2)",
        "ascii('');0;ascii()",
        "ascii(i);55;ascii(i)",
        "ascii(n);NULL;ascii(n)",
        "instr('foobarbar', 'bar');4;instr(foobarbar, bar)",
        "instr('foobarbar', 'baz');0;instr(foobarbar, baz)",
        "instr('a😀bar', 'bar');3;instr(a😀bar, bar)",
        "instr(n, 'a');NULL;instr(n, a)",
        "locate('bar', 'foobarbar');4;locate(bar, foobarbar, 1)",
        "locate('bar', 'foobarbar', 5);7;locate(bar, foobarbar, 5)",
        "locate('bar', 'foobarbar', 0);0;locate(bar, foobarbar, 0)",
        "locate('bar', 'foobarbar', n);0;locate(bar, foobarbar, n)",
        "locate('', 'abc', 9);1;locate(, abc, 9)",
        "locate(n, 'abc');NULL;locate(n, abc, 1)",
        "octet_length('Spark SQL');9;octet_length(Spark SQL)",
        "bit_length('Spark SQL');72;bit_length(Spark SQL)",
        "octet_length('é😀');6;octet_length(é😀)",
        "bit_length('é');16;bit_length(é)",
        "octet_length(X'0A0B');2;octet_length(X'0A0B')",
        "bit_length(X'0A0B');16;bit_length(X'0A0B')",
        "octet_length(i);1;octet_length(i)",
        "bit_length(n);NULL;bit_length(n)",
    })
    void measuresStringsAsSparkDoes(String expression, String value, String name) {
        SqlRow.check(expression, value, "int", name);
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', quoteCharacter = '~', value = {
        "chr(65);A;chr(65)",
        "char(321);A;char(321)",
        "chr(-1);~~;chr(-1)",
        "chr(l);~\u0000~;chr(l)",
        "chr(n);NULL;chr(n)",
    })
    void makesCharactersAsSparkDoes(String expression, String value, String name) {
        SqlRow.check(expression, value, "string", name);
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', quoteCharacter = '~', value = {
        "startswith('Spark SQL', 'Spa');true;startswith(Spark SQL, Spa)",
        "startswith('Spark SQL', 'ark');false;startswith(Spark SQL, ark)",
        "endswith('Spark SQL', 'QL');true;endswith(Spark SQL, QL)",
        "contains('Spark SQL', 'SPARK');false;contains(Spark SQL, SPARK)",
        "contains(12, '1');true;contains(12, 1)",
        "contains(b, 'ru');true;contains(b, ru)",
        "contains('abc', '');true;contains(abc, )",
        "startswith(n, 'a');NULL;startswith(n, a)",
    })
    void testsStringsAsSparkDoes(String expression, String value, String name) {
        SqlRow.check(expression, value, "boolean", name);
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', quoteCharacter = '~', value = {
        "split('aa1cc2ee3', '[1-9]+');[aa, cc, ee, ];split(aa1cc2ee3, [1-9]+, -1)",
        "split('aa1cc2ee3', '[1-9]+', 2);[aa, cc2ee3];split(aa1cc2ee3, [1-9]+, 2)",
        "split('abc', '');[a, b, c];split(abc, , -1)",
        "split('abc', '', 2);[a, bc];split(abc, , 2)",
        "split('', ',');[];split(, ,, -1)",
        "split(n, ',');NULL;split(n, ,, -1)",
    })
    void splitsAsSparkDoes(String expression, String value, String name) {
        SqlRow.check(expression, value, "array<string>", name);
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', quoteCharacter = '~', value = {
        "upper(arr);DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE;The first parameter requires the \"STRING\" type",
        "substring(s, 'x');CAST_INVALID_INPUT;The value 'x' of the type \"STRING\" cannot be cast to \"INT\"",
        "lpad(s, 2, m);DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE;The third parameter requires the \"STRING\" type",
        "repeat(s, b);DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE;The second parameter requires the \"INT\" type",
        "concat_ws();WRONG_NUM_ARGS.WITHOUT_SUGGESTION;The `concat_ws` requires > 0 parameters",
        "format_string();WRONG_NUM_ARGS.WITHOUT_SUGGESTION;The `format_string` requires > 0 parameters",
        "concat_ws(',', m);DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE;(\"ARRAY<STRING>\" or \"STRING\")",
        "reverse(m);DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE;(\"STRING\" or \"ARRAY\")",
        "upper('a', 'b');WRONG_NUM_ARGS.WITHOUT_SUGGESTION;The `upper` requires 1 parameters",
        "split('a', '(');INVALID_PARAMETER_VALUE.PATTERN;The value of parameter(s) `regexp` in `split` is invalid",
        "regexp_extract('a1', '(\\\\d)', 2);INVALID_PARAMETER_VALUE.REGEX_GROUP_INDEX;"
            + "Expects group index between 0 and 1, but got 2",
        "regexp_replace('a', 'a', 'b', 0);DATATYPE_MISMATCH.VALUE_OUT_OF_RANGE;(current value = 0)",
        "regexp_replace('a', 'a', 'b', i);DATATYPE_MISMATCH.NON_FOLDABLE_INPUT;should be a foldable \"INT\"",
        "uppper(s);UNRESOLVED_ROUTINE;upper",
    })
    void refusesWhatSparkRefuses(String expression, String errorClass, String detail) {
        SqlRow.fails(expression, errorClass, detail);
    }

    @Test
    void compilesARegexFromAColumnWhenItChangesAndRefusesABadOneWhenARowBringsIt() {
        Schema schema = Schema.of(new Field("s", AtomicType.STRING, true), new Field("p", AtomicType.STRING, true));
        ColumnarBatch rows = Batches.of(schema, Batches.row("a1b2", "\\d"), Batches.row("a1b2", "[a-z]"),
                Batches.row("a1b2", null));
        assertThat(Batches.evaluate("regexp_replace(s, p, '_')", rows)).containsExactly("a_b_", "_1_2", null);
        ColumnarBatch bad = Batches.of(schema, Batches.row("a", "("));
        assertThatThrownBy(() -> Batches.evaluate("split(s, p)", bad))
                .isInstanceOfSatisfying(EvaluationException.class,
                        e -> assertThat(e.errorClass()).isEqualTo("INVALID_PARAMETER_VALUE.PATTERN"));
    }
}
