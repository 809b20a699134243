package dev.arus.engine.expr.math;

import dev.arus.engine.expr.SqlRow;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Spark's function forms of arithmetic: {@code mod}, {@code pmod}, the {@code try_} operators,
 * {@code negative} and {@code positive}. The row has {@code i} 7, {@code l} 5000000000,
 * {@code d} 2.5, {@code dec} 3.30 ({@code decimal(10,2)}) and {@code n} a NULL INT.
 */
class ArithmeticFunctionsTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '~', value = {
        "mod(i, 3)|1|int|mod(i, 3)",
        "mod(-7, 3)|-1|int|mod(-7, 3)",
        "mod(d, 1)|0.5|double|mod(d, 1)",
        "mod(i, 3) + 1|2|int|(mod(i, 3) + 1)",
        "pmod(10, 3)|1|int|pmod(10, 3)",
        "pmod(-7, 3)|2|int|pmod(-7, 3)",
        "pmod(7, -3)|1|int|pmod(7, -3)",
        "pmod(-7, -3)|-1|int|pmod(-7, -3)",
        "pmod(-l, i)|5|bigint|pmod((- l), i)",
        "pmod(-d, 2)|1.5|double|pmod((- d), 2)",
        "pmod(-dec, 2)|0.70|decimal(3,2)|pmod((- dec), 2)",
        "pmod(n, 3)|NULL|int|pmod(n, 3)",
        "try_divide(i, 2)|3.5|double|try_divide(i, 2)",
        "try_divide(i, 0)|NULL|double|try_divide(i, 0)",
        "try_divide(dec, 0)|NULL|decimal(14,6)|try_divide(dec, 0)",
        "try_add(i, 1)|8|int|try_add(i, 1)",
        "try_add(l, 9223372036854775807L)|NULL|bigint|try_add(l, 9223372036854775807)",
        "try_subtract(-2147483647, 2)|NULL|int|try_subtract(-2147483647, 2)",
        "try_multiply(i, 2)|14|int|try_multiply(i, 2)",
        "try_multiply(l, l)|NULL|bigint|try_multiply(l, l)",
        "try_add(dt, 1)|2026-12-02|date|try_add(dt, 1)",
        "negative(i)|-7|int|(- i)",
        "negative(d)|-2.5|double|(- d)",
        "positive(i)|7|int|(+ i)",
        "positive('2.5')|2.5|double|(+ 2.5)",
        "positive(NULL)|NULL|double|(+ NULL)",
    })
    void evaluatesAndNamesAsSparkDoes(String expression, String value, String type, String name) {
        SqlRow.check(expression, value, type, name);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '~', value = {
        "pmod(i, 0)|REMAINDER_BY_ZERO|Remainder by zero.",
        "mod(i, 0)|REMAINDER_BY_ZERO|Remainder by zero.",
        "d % 0|REMAINDER_BY_ZERO|Remainder by zero. Use `try_mod` to tolerate divisor being 0 and return NULL instead.",
        "pmod(d, 0.0)|REMAINDER_BY_ZERO|Remainder by zero.",
        "i div 0|DIVIDE_BY_ZERO|Division by zero. Use `try_divide`",
        "try_add('a', 1)|CAST_INVALID_INPUT|The value 'a' of the type \"STRING\" cannot be cast to \"BIGINT\"",
        "negative(CAST(-2147483648 AS INT))|ARITHMETIC_OVERFLOW|integer overflow",
        "positive(b)|DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE|The first parameter requires the (\"NUMERIC\" or",
        "mod(i, b)|DATATYPE_MISMATCH.BINARY_OP_DIFF_TYPES|",
    })
    void refusesAsSparkDoes(String expression, String errorClass, String detail) {
        SqlRow.fails(expression, errorClass, detail);
    }
}
