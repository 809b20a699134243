package dev.arus.engine.expr.sql;

import dev.arus.engine.expr.SqlRow;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Spark's literals: cases and expectations from Spark's {@code sql-tests/results/literals.sql.out}
 * (ANSI), each as expression, value (as CAST to STRING), type and column name.
 */
class LiteralsTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "1Y|1|tinyint|1",
        "127Y|127|tinyint|127",
        "-128Y|-128|tinyint|-128",
        "1S|1|smallint|1",
        "32767S|32767|smallint|32767",
        "-32768S|-32768|smallint|-32768",
        "10L|10|bigint|10",
        "2147483648L|2147483648|bigint|2147483648",
        "2147483647|2147483647|int|2147483647",
        "2147483648|2147483648|bigint|2147483648",
        "9223372036854775807|9223372036854775807|bigint|9223372036854775807",
        "9223372036854775808|9223372036854775808|decimal(19,0)|9223372036854775808",
        "-9223372036854775809|-9223372036854775809|decimal(19,0)|-9223372036854775809",
        "1F|1.0|float|1.0",
        "1.2F|1.2|float|1.2",
        ".10f|0.1|float|0.1",
        "-1.2F|-1.2|float|-1.2",
        "1D|1.0|double|1.0",
        "1.5D|1.5|double|1.5",
        "1e10|1.0E10|double|1.0E10",
        "1e3|1000.0|double|1000.0",
        "1.5e5|150000.0|double|150000.0",
        ".1e5|10000.0|double|10000.0",
        ".9e+2|90.0|double|90.0",
        "9.e+1|90.0|double|90.0",
        "900e-1|90.0|double|90.0",
        "0.3|0.3|decimal(1,1)|0.3",
        "-0.8|-0.8|decimal(1,1)|-0.8",
        ".5|0.5|decimal(1,1)|0.5",
        "-.18|-0.18|decimal(2,2)|-0.18",
        "0.1111|0.1111|decimal(4,4)|0.1111",
        "3.14|3.14|decimal(3,2)|3.14",
        "1.50|1.50|decimal(3,2)|1.50",
        "3.14e8|3.14E8|double|3.14E8",
        "1.5BD|1.5|decimal(2,1)|1.5",
        "123.08BD|123.08|decimal(5,2)|123.08",
        "123.0E-28BD|0.00000000000000000000000001230|decimal(29,29)|1.230E-26",
        "90912830918230182310293801923652346786BD|90912830918230182310293801923652346786|decimal(38,0)"
                + "|90912830918230182310293801923652346786",
        "'hello' 'world'|helloworld|string|helloworld",
        "'it''s'|it's|string|it's",
        "'say \"hi\"'|say \"hi\"|string|say \"hi\"",
        "r'\\d+'|\\d+|string|\\d+",
        "dAte '2016-03-12'|2016-03-12|date|DATE '2016-03-12'",
        "DATE '2026-12-1'|2026-12-01|date|DATE '2026-12-01'",
        "tImEstAmp '2016-03-11 20:54:00.000'|2016-03-11 20:54:00|timestamp|TIMESTAMP '2016-03-11 20:54:00'",
        "TIMESTAMP '2026-12-01T10:00:00.5Z'|2026-12-01 10:00:00.5|timestamp|TIMESTAMP '2026-12-01 10:00:00.5'",
        "INTERVAL '1' DAY|INTERVAL '1' DAY|interval day|INTERVAL '1' DAY",
        "interval '1 day'|INTERVAL '1' DAY|interval day|INTERVAL '1' DAY",
        "INTERVAL 1 HOUR|INTERVAL '01' HOUR|interval hour|INTERVAL '01' HOUR",
        "INTERVAL '4' SECOND|INTERVAL '04' SECOND|interval second|INTERVAL '04' SECOND",
        "INTERVAL 3 DAY 1 SECOND|INTERVAL '3 00:00:01' DAY TO SECOND|interval day to second"
                + "|INTERVAL '3 00:00:01' DAY TO SECOND",
        "INTERVAL '10 minutes 30 seconds'|INTERVAL '10:30' MINUTE TO SECOND|interval minute to second"
                + "|INTERVAL '10:30' MINUTE TO SECOND",
        "INTERVAL 2 WEEKS|INTERVAL '14' DAY|interval day|INTERVAL '14' DAY",
        "INTERVAL 1500 MILLISECONDS|INTERVAL '01.5' SECOND|interval second|INTERVAL '01.5' SECOND",
        "interval -'10.123456' second|INTERVAL '-10.123456' SECOND|interval second|INTERVAL '-10.123456' SECOND",
        "interval '1.000001' second|INTERVAL '01.000001' SECOND|interval second|INTERVAL '01.000001' SECOND",
        "interval '08:11:10.001' hour to second|INTERVAL '08:11:10.001' HOUR TO SECOND|interval hour to second"
                + "|INTERVAL '08:11:10.001' HOUR TO SECOND",
        "INTERVAL '-1 02:03:04.123' DAY TO SECOND|INTERVAL '-1 02:03:04.123' DAY TO SECOND"
                + "|interval day to second|INTERVAL '-1 02:03:04.123' DAY TO SECOND",
        "INTERVAL '10:30' HOUR TO MINUTE|INTERVAL '10:30' HOUR TO MINUTE|interval hour to minute"
                + "|INTERVAL '10:30' HOUR TO MINUTE",
        "INTERVAL '100' HOUR|INTERVAL '100' HOUR|interval hour|INTERVAL '100' HOUR",
        "X'2379ACFe'|#y\uFFFD\uFFFD|binary|X'2379ACFE'",
        "NULL|NULL|void|NULL",
        "true|true|boolean|true",
    })
    void typesAndNamesLiteralsAsSparkDoes(String expression, String value, String type, String name) {
        SqlRow.check(expression, value, type, name);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '~', value = {
        "128Y|INVALID_NUMERIC_LITERAL_RANGE|Numeric literal 128 is outside the valid range for tinyint with minimum"
                + " value of -128 and maximum value of 127",
        "32768S|INVALID_NUMERIC_LITERAL_RANGE|outside the valid range for smallint",
        "9223372036854775808L|INVALID_NUMERIC_LITERAL_RANGE|outside the valid range for bigint",
        "1234567890123456789012345678901234567890|DECIMAL_PRECISION_EXCEEDS_MAX_PRECISION|Decimal precision 40"
                + " exceeds max precision 38",
        "-3.4028235E39f|INVALID_NUMERIC_LITERAL_RANGE|Numeric literal -3.4028235E39 is outside the valid range for"
                + " float with minimum value of -3.4028234663852886E+38",
        "1E309|INVALID_NUMERIC_LITERAL_RANGE|maximum value of 1.7976931348623157E+308",
        "1.20E-38BD|DECIMAL_PRECISION_EXCEEDS_MAX_PRECISION|Decimal precision 40 exceeds max precision 38",
        "date 'mar 11 2016'|INVALID_TYPED_LITERAL|The value of the typed literal \"DATE\" is invalid: 'mar 11 2016'",
        "timestamp '2016-33-11 20:54:00.000'|INVALID_TYPED_LITERAL|\"TIMESTAMP\" is invalid",
        "GEO '(10,-6)'|UNSUPPORTED_TYPED_LITERAL|Literals of the type \"GEO\" are not supported",
        "X'XuZ'|INVALID_TYPED_LITERAL|\"X\" is invalid",
        "INTERVAL 1 YEAR|INVALID_INTERVAL_FORMAT|year-month intervals such as '1 YEAR' are not supported",
        "INTERVAL '1.5' DAY|INVALID_INTERVAL_FORMAT|only seconds may have",
        "INTERVAL '10:60' HOUR TO MINUTE|INVALID_INTERVAL_FORMAT|minute 60 of '10:60' is outside 0..59",
        "INTERVAL '1 10' DAY TO MINUTE|INVALID_INTERVAL_FORMAT|does not match the form of INTERVAL DAY TO MINUTE",
        "'open|PARSE_SYNTAX_ERROR|unclosed string literal",
    })
    void refusesLiteralsSparkRefuses(String expression, String errorClass, String detail) {
        SqlRow.fails(expression, errorClass, detail);
    }
}
