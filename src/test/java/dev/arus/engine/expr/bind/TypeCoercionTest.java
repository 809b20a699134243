package dev.arus.engine.expr.bind;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.engine.data.DataType;
import dev.arus.engine.expr.SqlRow;
import dev.arus.engine.expr.sql.DataTypeParser;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Spark 4's ANSI type coercion ({@code AnsiTypeCoercion}, {@code AnsiStringPromotionTypeCoercion},
 * {@code DecimalPrecision}) on operators, CASE, coalesce and IN. The row has {@code i} 7,
 * {@code l} 5000000000, {@code t} 100 (TINYINT), {@code sm} 30000 (SMALLINT), {@code d} 2.5,
 * {@code f} 1.5 (FLOAT), {@code dec} 3.30, {@code s} '42', {@code b} true, {@code dt}
 * 2026-12-01, {@code ts} 2026-12-01 10:00:00 UTC and {@code n} NULL (INT).
 */
class TypeCoercionTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '~', value = {
        // a string in arithmetic is read as a BIGINT next to an integer, a DOUBLE next to a fraction
        "'1' + 1|2|bigint|(1 + 1)",
        "s + 1|43|bigint|(s + 1)",
        "s * i|294|bigint|(s * i)",
        "'1' + 1.5|2.5|double|(1 + 1.5)",
        "'1' + d|3.5|double|(1 + d)",
        "-'5'|-5.0|double|(- 5)",
        "abs('-5')|5.0|double|abs(-5)",
        // numbers widen to the tightest common type
        "i + l|5000000007|bigint|(i + l)",
        "t + 1|101|int|(t + 1)",
        "t + sm|30100|smallint|(t + sm)",
        "f + f|3.0|float|(f + f)",
        "f + 1|2.5|double|(f + 1)",
        "f + d|4.0|double|(f + d)",
        "i % 4|3|int|(i % 4)",
        "d % 2|0.5|double|(d % 2)",
        // division is always double or decimal; div is always bigint
        "i / 2|3.5|double|(i / 2)",
        "f / f|1.0|double|(f / f)",
        "l / i|7.142857142857143E8|double|(l / i)",
        "i div 2|3|bigint|(i div 2)",
        "-7 div 2|-3|bigint|(-7 div 2)",
        "d div 2|1|bigint|(d div 2)",
        "NULL + NULL|NULL|double|(NULL + NULL)",
        "n + 1|NULL|int|(n + 1)",
        // CASE, coalesce and IN take the wider common type, strings promoted as in operators
        "CASE WHEN b THEN 1 ELSE 1.5 END|1.0|decimal(11,1)|CASE WHEN b THEN 1 ELSE 1.5 END",
        "CASE WHEN b THEN i ELSE l END|7|bigint|",
        "CASE WHEN b THEN f ELSE i END|1.5|double|",
        "CASE WHEN b THEN 1 ELSE 'a' END|1|bigint|CASE WHEN b THEN 1 ELSE a END",
        "CASE WHEN b THEN dt ELSE ts END|2026-12-01 00:00:00|timestamp|",
        "CASE WHEN b THEN dec ELSE d END|3.3|double|",
        "IF(b, 1, 1.5)|1.0|decimal(11,1)|(IF(b, 1, 1.5))",
        "IF(NOT b, i, l)|5000000000|bigint|(IF((NOT b), i, l))",
        "IF(b, dt, ts)|2026-12-01 00:00:00|timestamp|(IF(b, dt, ts))",
        "IF(b, 1, 'a')|1|bigint|(IF(b, 1, a))",
        "IF(NULL, 1, 2)|2|int|(IF(NULL, 1, 2))",
        "IF(b, NULL, NULL)|NULL|string|",
        "coalesce(n, 1.5D)|1.5|double|coalesce(n, 1.5)",
        "coalesce(dt, ts)|2026-12-01 00:00:00|timestamp|coalesce(dt, ts)",
        "coalesce(i, dec)|7.00|decimal(12,2)|coalesce(i, dec)",
        "coalesce(n, dec, wide)|3.30000|decimal(30,5)|",
        "coalesce(n, t)|100|int|",
        "i IN ('7', 8)|true|boolean|(i IN (7, 8))",
        "dec IN (3.3, 1)|true|boolean|(dec IN (3.3, 1))",
        "dt IN ('2026-12-01')|true|boolean|",
        // comparisons
        "dt < ts|true|boolean|(dt < ts)",
        "dt = '2026-12-01'|true|boolean|(dt = 2026-12-01)",
        "ts > '2026-12-01'|true|boolean|(ts > 2026-12-01)",
        "s = 42|true|boolean|(s = 42)",
        "s = 42.0|true|boolean|(s = 42.0)",
        "b = 'true'|true|boolean|(b = true)",
        "dec = 3.3|true|boolean|(dec = 3.3)",
        "dec > d|true|boolean|(dec > d)",
        "dec = i|false|boolean|(dec = i)",
        "wide > dec|true|boolean|(wide > dec)",
        "f = 1.5|true|boolean|(f = 1.5)",
        "t < sm|true|boolean|(t < sm)",
        "i > 6.5|true|boolean|(i > 6)",
        "i >= 7.5|false|boolean|(i >= 8)",
        "i < 7.5|true|boolean|(i < 8)",
        "i <= 6.5|false|boolean|(i <= 6)",
        "6.5 < i|true|boolean|(6 < i)",
        "7.5 <= i|false|boolean|(8 <= i)",
        "i < 100000000000000000000.5|true|boolean|true",
        "i > -100000000000000000000.5|true|boolean|true",
        "i = 7.0|true|boolean|(i = 7.0)",
        "i <=> n|false|boolean|(i <=> n)",
    })
    void coercesAsSparkDoes(String expression, String value, String type, String name) {
        SqlRow.check(expression, value, type, name == null || name.isEmpty() ? null : name);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '~', value = {
        "'abc' + i|CAST_INVALID_INPUT|The value 'abc' of the type \"STRING\" cannot be cast to \"BIGINT\"",
        "'1.5' + 1|CAST_INVALID_INPUT|The value '1.5' of the type \"STRING\" cannot be cast to \"BIGINT\"",
        "'abc' = i|CAST_INVALID_INPUT|",
        "t + t|BINARY_ARITHMETIC_OVERFLOW|100Y + 100Y caused overflow",
        "sm * 2S|BINARY_ARITHMETIC_OVERFLOW|30000S * 2S caused overflow. Use `try_multiply`",
        "i * 2147483647|ARITHMETIC_OVERFLOW|integer overflow. Use 'try_multiply'",
        "l div 0|DIVIDE_BY_ZERO|Division by zero. Use `try_divide`",
        "i + b|DATATYPE_MISMATCH.BINARY_OP_DIFF_TYPES|incompatible types (\"INT\" and \"BOOLEAN\")",
        "s + s|DATATYPE_MISMATCH.BINARY_OP_WRONG_TYPE|the binary operator requires the input type (\"NUMERIC\" or"
                + " \"INTERVAL DAY TO SECOND\" or \"INTERVAL YEAR TO MONTH\" or \"INTERVAL\"), not \"STRING\"",
        "b * b|DATATYPE_MISMATCH.BINARY_OP_WRONG_TYPE|requires the input type \"NUMERIC\", not \"BOOLEAN\"",
        "i = arr|DATATYPE_MISMATCH.BINARY_OP_DIFF_TYPES|(\"INT\" and \"ARRAY<INT>\")",
        "CASE WHEN b THEN i ELSE arr END|DATATYPE_MISMATCH.DATA_DIFF_TYPES|Input to `casewhen` should all be the"
                + " same type, but it's [\"INT\", \"ARRAY<INT>\"]",
        "IF(b, i, arr)|DATATYPE_MISMATCH.DATA_DIFF_TYPES|Input to `if` should all be the same type, but it's"
                + " [\"INT\", \"ARRAY<INT>\"]",
        "IF(i, 1, 2)|DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE|The first parameter requires the \"BOOLEAN\" type,"
                + " however \"i\" has the type \"INT\"",
        "IF(s, 1, 2)|DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE|however \"s\" has the type \"STRING\"",
        "i IN (1, arr)|DATATYPE_MISMATCH.DATA_DIFF_TYPES|Input to `in` should all be the same type, but it's"
                + " [\"INT\", \"INT\", \"ARRAY<INT>\"]",
        "coalesce(dt, b)|DATATYPE_MISMATCH.DATA_DIFF_TYPES|Input to `coalesce` should all be the same type, but"
                + " it's (\"DATE\" or \"BOOLEAN\")",
        "-b|DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE|The first parameter requires the (\"NUMERIC\" or \"INTERVAL DAY"
                + " TO SECOND\" or \"INTERVAL YEAR TO MONTH\" or \"INTERVAL\") type, however \"b\" has the type"
                + " \"BOOLEAN\"",
        "NOT i|DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE|requires the \"BOOLEAN\" type, however \"i\" has the type"
                + " \"INT\"",
    })
    void refusesOrFailsAsSparkDoes(String expression, String errorClass, String detail) {
        SqlRow.fails(expression, errorClass, detail);
    }

    /** The type-level rule, for comparisons built without operand expressions (join keys). */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "int|bigint|bigint", "string|int|bigint", "string|decimal(5,2)|double", "string|date|date",
        "date|timestamp|timestamp", "decimal(5,2)|int|decimal(12,2)", "decimal(5,2)|double|double",
        "decimal(38,2)|bigint|decimal(38,2)", "tinyint|float|double", "void|decimal(5,2)|decimal(5,2)",
        "date|int|", "boolean|decimal(5,2)|",
    })
    void comparesTypesAsSparkDoes(String left, String right, String expected) {
        DataType type = TypeCoercion.comparisonType(DataTypeParser.parseDataType(left),
                DataTypeParser.parseDataType(right));
        assertThat(type == null ? null : type.simpleString()).isEqualTo(expected);
    }
}
