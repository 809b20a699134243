package dev.arus.engine.expr.math;

import dev.arus.engine.expr.SqlRow;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Spark's {@code conv}, from its {@code NumberConverter}, its examples and {@code math.sql.out}. */
class NumberBaseConversionTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '~', value = {
        "conv('100', 2, 10)|4|string|conv(100, 2, 10)",
        "conv(-10, 16, -10)|-16|string|conv(-10, 16, -10)",
        "conv('ff', 16, 10)|255|string|conv(ff, 16, 10)",
        "conv('  FF  ', 16, 2)|11111111|string|~conv(  FF  , 16, 2)~",
        "conv('-1', 10, 16)|FFFFFFFFFFFFFFFF|string|conv(-1, 10, 16)",
        "conv('18446744073709551615', 10, 16)|FFFFFFFFFFFFFFFF|string|conv(18446744073709551615, 10, 16)",
        "conv('12x4', 10, 10)|12|string|conv(12x4, 10, 10)",
        "conv('x', 10, 10)|0|string|conv(x, 10, 10)",
        "conv('0', 10, 36)|0|string|conv(0, 10, 36)",
        "conv('zz', 36, 10)|1295|string|conv(zz, 36, 10)",
        "conv(i, 10, 2)|111|string|conv(i, 10, 2)",
        "conv('1', 1, 10)|NULL|string|conv(1, 1, 10)",
        "conv('1', 10, 37)|NULL|string|conv(1, 10, 37)",
        "conv('', 10, 16)|NULL|string|conv(, 10, 16)",
        "conv(n, 10, 16)|NULL|string|conv(n, 10, 16)",
    })
    void convertsBetweenBasesAsSparkDoes(String expression, String value, String type, String name) {
        SqlRow.check(expression, value, type, name);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '~', value = {
        "conv('18446744073709551616', 10, 16)|ARITHMETIC_OVERFLOW|~[ARITHMETIC_OVERFLOW] Overflow in function conv()."
                + " If necessary set \"spark.sql.ansi.enabled\" to \"false\" to bypass this error. SQLSTATE: 22003~",
        "conv('1', 'a', 10)|CAST_INVALID_INPUT|",
    })
    void refusesWhatSparkRefuses(String expression, String errorClass, String detail) {
        SqlRow.fails(expression, errorClass, detail);
    }
}
