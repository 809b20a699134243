package dev.arus.engine.expr.math;

import dev.arus.engine.expr.SqlRow;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Decimal arithmetic with Spark's result types and ANSI overflow. Cases from Spark's
 * {@code sql-tests/results/ansi/decimalArithmeticOperations.sql.out} and the precision rules of
 * {@code arithmetic.scala}; {@code dec} is {@code 3.30} of {@code decimal(10,2)}, {@code wide}
 * {@code 12345678901234567890.12345} of {@code decimal(30,5)}, {@code i} 7, {@code l} 5000000000.
 */
class DecimalArithmeticTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '~', value = {
        "1.1 + 2.2|3.3|decimal(3,1)|(1.1 + 2.2)",
        "10.3 * 3.0|30.90|decimal(6,2)|(10.3 * 3.0)",
        "10.3000 * 3.0|30.90000|decimal(9,5)|(10.3000 * 3.0)",
        "10.30000 * 30.0|309.000000|decimal(11,6)|(10.30000 * 30.0)",
        "10.300000000000000000 * 3.000000000000000000|30.9000000000000000000000000000000000|decimal(38,34)|",
        "10.300000000000000000 * 3.0000000000000000000|30.9000000000000000000000000000000000|decimal(38,34)|",
        "123456789123456789.1234567890 * 1.123456789123456789|138698367904130467.654320988515622621"
                + "|decimal(38,18)|",
        "12345678912345.123456789123 / 0.000000012345678|1000000073899961059796.725866332|decimal(38,9)"
                + "|(12345678912345.123456789123 / 1.2345678E-8)",
        "12345678912345678912345678912.1234567 + 9999999999999999999999999999999.12345"
                + "|10012345678912345678912345678911.246907|decimal(38,6)|",
        "1.0123456789012345678901234567890123456e31BD / 1.0|10123456789012345678901234567890.123456|decimal(38,6)"
                + "|(10123456789012345678901234567890.123456 / 1.0)",
        "1.0123456789012345678901234567890123456e31BD / 10.0|1012345678901234567890123456789.012346|decimal(38,6)|",
        "CAST(10 AS DECIMAL(3, 1)) + CAST(90 AS DECIMAL(3, 1))|100.0|decimal(4,1)|",
        "CAST(10 AS DECIMAL(3, 1)) - CAST(-90 AS DECIMAL(3, 1))|100.0|decimal(4,1)|",
        "CAST(10 AS DECIMAL(3, 1)) * CAST(10 AS DECIMAL(3, 1))|100.00|decimal(7,2)|",
        "CAST(10 AS DECIMAL(3, 1)) / CAST(10 AS DECIMAL(3, 1))|1.000000|decimal(9,6)|",
        "CAST(10 AS DECIMAL(10, 2)) % CAST(3 AS DECIMAL(5, 1))|1.00|decimal(6,2)|",
        "CAST(10 AS DECIMAL(10, 2)) div CAST(3 AS DECIMAL(5, 1))|3|bigint|",
        "l / 3.0|1666666666.666667|decimal(27,6)|(l / 3.0)",
        "dec * 2|6.60|decimal(12,2)|(dec * 2)",
        "dec * i|23.10|decimal(21,2)|(dec * i)",
        "dec + 1|4.30|decimal(11,2)|(dec + 1)",
        "dec - 0.005|3.295|decimal(12,3)|(dec - 0.005)",
        "dec / 3|1.100000|decimal(14,6)|(dec / 3)",
        "dec / 7|0.471429|decimal(14,6)|",
        "dec % 1|0.30|decimal(3,2)|(dec % 1)",
        "-7.50 % 2|-1.50|decimal(3,2)|",
        "dec div 0.5|6|bigint|(dec div 0.5)",
        "dec + d|5.8|double|(dec + d)",
        "dec * f|4.949999999999999|double|",
        "-dec|-3.30|decimal(10,2)|(- dec)",
        "abs(-dec)|3.30|decimal(10,2)|abs((- dec))",
        "wide + dec|12345678901234567893.42345|decimal(31,5)|(wide + dec)",
        "wide * 2|24691357802469135780.24690|decimal(32,5)|",
        "wide / 2|6172839450617283945.0617250|decimal(32,7)|",
        "wide div 1000|12345678901234567|bigint|",
        "-0.005 * 0.1|-0.0005|decimal(5,4)|",
        "0.5 * 0.5|0.25|decimal(3,2)|",
        "2.5 / 2|1.250000|decimal(7,6)|",
        "1 / 3.0|0.333333|decimal(8,6)|",
        "2 / 3.0|0.666667|decimal(8,6)|",
        "-2 / 3.0|-0.666667|decimal(8,6)|",
        "NULL + dec|NULL|decimal(11,2)|(NULL + dec)",
    })
    void computesWithSparksPrecisionAndScale(String expression, String value, String type, String name) {
        SqlRow.check(expression, value, type, name == null || name.isEmpty() ? null : name);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '~', value = {
        "(5e36BD + 0.1) + 5e36BD|NUMERIC_VALUE_OUT_OF_RANGE.WITH_SUGGESTION|10000000000000000000000000000000000000.1"
                + " cannot be represented as Decimal(38, 1)",
        "(-4e36BD - 0.1) - 7e36BD|NUMERIC_VALUE_OUT_OF_RANGE.WITH_SUGGESTION|-11000000000000000000000000000000000000.1"
                + " cannot be represented as Decimal(38, 1)",
        "12345678901234567890.0 * 12345678901234567890.0|NUMERIC_VALUE_OUT_OF_RANGE.WITH_SUGGESTION"
                + "|152415787532388367501905199875019052100 cannot be represented as Decimal(38, 2)",
        "1e35BD / 0.1|NUMERIC_VALUE_OUT_OF_RANGE.WITH_SUGGESTION|1000000000000000000000000000000000000"
                + ".00000000000000000000000000000000000000 cannot be represented as Decimal(38, 6)",
        "wide * wide|NUMERIC_VALUE_OUT_OF_RANGE.WITH_SUGGESTION|cannot be represented as Decimal(38, 6)",
        "dec / 0|DIVIDE_BY_ZERO|Division by zero. Use `try_divide`",
        "dec % 0.0|REMAINDER_BY_ZERO|Remainder by zero. Use `try_mod`",
        "dec div 0|DIVIDE_BY_ZERO|Use `try_divide`",
        "wide / 0|DIVIDE_BY_ZERO|",
    })
    void raisesSparksAnsiErrors(String expression, String errorClass, String detail) {
        SqlRow.fails(expression, errorClass, detail);
    }
}
