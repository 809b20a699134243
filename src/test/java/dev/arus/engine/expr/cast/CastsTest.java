package dev.arus.engine.expr.cast;

import dev.arus.engine.expr.SqlRow;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Spark 4's ANSI casts among the atomic types, from {@code Cast.scala} and Spark's
 * {@code sql-tests/results/ansi/cast.sql.out}. The row has {@code i} 7, {@code l} 5000000000,
 * {@code d} 2.5, {@code f} 1.5, {@code dec} 3.30 ({@code decimal(10,2)}), {@code s} '42',
 * {@code b} true, {@code dt} 2026-12-01 and {@code ts} 2026-12-01 10:00:00 UTC.
 */
class CastsTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '~', value = {
        "CAST(' 1' AS TINYINT)|1|tinyint|CAST( 1 AS TINYINT)",
        "CAST(' 1\\t' AS TINYINT)|1|tinyint|",
        "CAST(' 1' AS SMALLINT)|1|smallint|",
        "CAST(' 1' AS BIGINT)|1|bigint|",
        "CAST(' 1' AS FLOAT)|1.0|float|",
        "CAST(' 1 ' AS DOUBLE)|1.0|double|",
        "CAST('-Infinity' AS DOUBLE)|-Infinity|double|",
        "CAST('1.0 ' AS DEC)|1|decimal(10,0)|CAST(1.0  AS DECIMAL(10,0))",
        "CAST('23.45' AS DECIMAL(4, 2))|23.45|decimal(4,2)|CAST(23.45 AS DECIMAL(4,2))",
        "CAST('1e3' AS DECIMAL(10, 1))|1000.0|decimal(10,1)|",
        "CAST('2.345' AS DECIMAL(3, 2))|2.35|decimal(3,2)|",
        "CAST('2022-01-01' AS DATE)|2022-01-01|date|CAST(2022-01-01 AS DATE)",
        "CAST('2022-1-5 10:00' AS DATE)|2022-01-05|date|",
        "CAST('2022' AS DATE)|2022-01-01|date|",
        "CAST('2022-01-01 00:00:00' AS TIMESTAMP)|2022-01-01 00:00:00|timestamp|",
        "CAST('\\t\\t true \\n\\r ' AS BOOLEAN)|true|boolean|",
        "CAST(NULL AS INT)|NULL|int|CAST(NULL AS INT)",
        "CAST(CAST(0 AS DECIMAL(10, 2)) AS STRING)|0.00|string|CAST(CAST(0 AS DECIMAL(10,2)) AS STRING)",
        "CAST(dec AS STRING)|3.30|string|dec",
        "CAST(-dec AS STRING)|-3.30|string|CAST((- dec) AS STRING)",
        "CAST(0.05 AS STRING)|0.05|string|",
        "CAST(dec AS INT)|3|int|dec",
        "CAST(-3.99 AS INT)|-3|int|",
        "CAST(dec AS DOUBLE)|3.3|double|",
        "CAST(dec AS FLOAT)|3.3|float|",
        "CAST(dec AS BOOLEAN)|true|boolean|",
        "CAST(dec AS DECIMAL(5, 1))|3.3|decimal(5,1)|",
        "CAST(2.25 AS DECIMAL(2, 1))|2.3|decimal(2,1)|",
        "CAST(-2.25 AS DECIMAL(2, 1))|-2.3|decimal(2,1)|",
        "CAST(dec AS DECIMAL(30, 10))|3.3000000000|decimal(30,10)|",
        "CAST(wide AS DECIMAL(25, 2))|12345678901234567890.12|decimal(25,2)|",
        "CAST(i AS DECIMAL(10, 2))|7.00|decimal(10,2)|i",
        "CAST(i + 1 AS DECIMAL(10, 2))|8.00|decimal(10,2)|CAST((i + 1) AS DECIMAL(10,2))",
        "CAST(l AS DECIMAL(20, 0))|5000000000|decimal(20,0)|",
        "CAST(0.1D AS DECIMAL(10, 2))|0.10|decimal(10,2)|",
        "CAST(1.5D AS DECIMAL(2, 1))|1.5|decimal(2,1)|",
        "CAST(f AS DECIMAL(5, 2))|1.50|decimal(5,2)|",
        "CAST(CAST('NaN' AS DOUBLE) AS DECIMAL(5, 2))|NULL|decimal(5,2)|",
        "CAST(b AS DECIMAL(3, 1))|1.0|decimal(3,1)|",
        "CAST(ts AS DECIMAL(12, 1))|1796119200.0|decimal(12,1)|",
        "CAST(dt AS TIMESTAMP)|2026-12-01 00:00:00|timestamp|dt",
        "CAST(ts AS DATE)|2026-12-01|date|ts",
        "CAST(dt AS STRING)|2026-12-01|string|dt",
        "CAST(ts AS STRING)|2026-12-01 10:00:00|string|ts",
        "CAST(INTERVAL '1' HOUR AS STRING)|INTERVAL '01' HOUR|string|CAST(INTERVAL '01' HOUR AS STRING)",
        "CAST(INTERVAL 3 DAY 1 SECOND AS STRING)|INTERVAL '3 00:00:01' DAY TO SECOND|string|",
        "CAST(1.9D AS INT)|1|int|",
        "CAST(-1.9D AS BIGINT)|-1|bigint|",
        "CAST(f AS INT)|1|int|f",
        "CAST(d AS FLOAT)|2.5|float|d",
        "CAST(f AS DOUBLE)|1.5|double|f",
        "CAST(i AS TINYINT)|7|tinyint|i",
        "CAST(i AS BIGINT)|7|bigint|i",
        "CAST(t AS SMALLINT)|100|smallint|t",
        "CAST(t AS STRING)|100|string|t",
        "CAST(f AS STRING)|1.5|string|f",
        "CAST(d AS STRING)|2.5|string|d",
        "CAST(1e10 AS STRING)|1.0E10|string|",
        "CAST(i AS TIMESTAMP)|1970-01-01 00:00:07|timestamp|i",
        "CAST(ts AS BIGINT)|1796119200|bigint|ts",
        "CAST(b AS TINYINT)|1|tinyint|b",
        "CAST(s AS INT)|42|int|s",
        "i::DECIMAL(5, 1)|7.0|decimal(5,1)|i",
        "(i + 1)::STRING|8|string|CAST((i + 1) AS STRING)",
        "CAST(dec AS DECIMAL(10,2))|3.30|decimal(10,2)|dec",
    })
    void castsAsSparkDoes(String expression, String value, String type, String name) {
        SqlRow.check(expression, value, type, name == null || name.isEmpty() ? null : name);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '~', value = {
        "CAST('1.23' AS INT)|CAST_INVALID_INPUT|The value '1.23' of the type \"STRING\" cannot be cast to \"INT\""
                + " because it is malformed",
        "CAST('abc' AS BIGINT)|CAST_INVALID_INPUT|",
        "CAST('' AS INT)|CAST_INVALID_INPUT|",
        "CAST('128' AS TINYINT)|CAST_INVALID_INPUT|cannot be cast to \"TINYINT\"",
        "CAST('1中文' AS SMALLINT)|CAST_INVALID_INPUT|",
        "CAST('\\t\\n xyz \\t\\r' AS BOOLEAN)|CAST_INVALID_INPUT|cannot be cast to \"BOOLEAN\"",
        "CAST('xyz' AS DECIMAL(4, 2))|CAST_INVALID_INPUT|cannot be cast to \"DECIMAL(4,2)\"",
        "CAST('123.45' AS DECIMAL(4, 2))|NUMERIC_VALUE_OUT_OF_RANGE.WITH_SUGGESTION|123.45 cannot be represented as"
                + " Decimal(4, 2)",
        "CAST('1e40' AS DECIMAL(38, 0))|NUMERIC_OUT_OF_SUPPORTED_RANGE|The value 1e40 cannot be interpreted as a"
                + " numeric since it has more than 38 digits",
        "CAST('a' AS DATE)|CAST_INVALID_INPUT|cannot be cast to \"DATE\"",
        "CAST('a' AS TIMESTAMP)|CAST_INVALID_INPUT|",
        "CAST(300 AS TINYINT)|CAST_OVERFLOW|The value 300 of the type \"INT\" cannot be cast to \"TINYINT\" due to an"
                + " overflow",
        "CAST(l AS INT)|CAST_OVERFLOW|The value 5000000000L of the type \"BIGINT\" cannot be cast to \"INT\"",
        "CAST(sm AS TINYINT)|CAST_OVERFLOW|The value 30000S of the type \"SMALLINT\"",
        "CAST(1e20 AS BIGINT)|CAST_OVERFLOW|The value 1.0E20D of the type \"DOUBLE\"",
        "CAST(3000000000.5 AS INT)|CAST_OVERFLOW|The value 3000000000.5BD of the type \"DECIMAL(11,1)\" cannot be"
                + " cast to \"INT\"",
        "CAST(wide AS INT)|CAST_OVERFLOW|The value 12345678901234567890.12345BD of the type \"DECIMAL(30,5)\"",
        "CAST(1e10 AS DECIMAL(5, 2))|NUMERIC_VALUE_OUT_OF_RANGE.WITH_SUGGESTION|10000000000 cannot be"
                + " represented as Decimal(5, 2)",
        "CAST(dec AS DECIMAL(2, 2))|NUMERIC_VALUE_OUT_OF_RANGE.WITH_SUGGESTION|3.30 cannot be represented as"
                + " Decimal(2, 2)",
        "CAST(dt AS INT)|DATATYPE_MISMATCH.CAST_WITH_FUNC_SUGGESTION|cannot cast \"DATE\" to \"INT\". To convert"
                + " values from \"DATE\" to \"INT\", you can use the functions `UNIX_DATE` instead.",
        "CAST(dt AS BOOLEAN)|DATATYPE_MISMATCH.CAST_WITH_CONF_SUGGESTION|cannot cast \"DATE\" to \"BOOLEAN\" with"
                + " ANSI mode on",
        "CAST(wide AS BIGINT)|CAST_OVERFLOW|The value 12345678901234567890.12345BD of the type \"DECIMAL(30,5)\""
                + " cannot be cast to \"BIGINT\"",
        "CAST(b AS TIMESTAMP)|DATATYPE_MISMATCH.CAST_WITH_CONF_SUGGESTION|",
        "CAST(i AS BINARY)|DATATYPE_MISMATCH.CAST_WITH_CONF_SUGGESTION|cannot cast \"INT\" to \"BINARY\"",
        "CAST(i AS DATE)|DATATYPE_MISMATCH.CAST_WITH_FUNC_SUGGESTION|`DATE_FROM_UNIX_DATE`",
        "CAST(arr AS INT)|DATATYPE_MISMATCH.CAST_WITHOUT_SUGGESTION|cannot cast \"ARRAY<INT>\" to \"INT\"",
    })
    void refusesCastsAsSparkDoes(String expression, String errorClass, String detail) {
        SqlRow.fails(expression, errorClass, detail);
    }
}
