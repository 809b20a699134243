package dev.arus.engine.expr.math;

import dev.arus.engine.expr.SqlRow;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Spark's {@code factorial}, from its {@code Factorial} expression and its example. */
class FactorialTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "factorial(5)|120|bigint|factorial(5)",
        "factorial(0)|1|bigint|factorial(0)",
        "factorial(20)|2432902008176640000|bigint|factorial(20)",
        "factorial(21)|NULL|bigint|factorial(21)",
        "factorial(-1)|NULL|bigint|factorial(-1)",
        "factorial(t)|NULL|bigint|factorial(t)",
        "factorial(i)|5040|bigint|factorial(i)",
        "factorial(s)|NULL|bigint|factorial(s)",
        "factorial(n)|NULL|bigint|factorial(n)",
        "factorial(d)|2|bigint|factorial(d)",
    })
    void givesNFactorialForZeroToTwentyAndNullOutsideAsSparkDoes(String expression, String value, String type,
            String name) {
        SqlRow.check(expression, value, type, name);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '~', value = {
        "factorial(l)|CAST_OVERFLOW|The value 5000000000L of the type \"BIGINT\" cannot be cast to \"INT\"",
        "factorial(b)|DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE|~The first parameter requires the \"INT\" type~",
    })
    void refusesWhatSparkRefuses(String expression, String errorClass, String detail) {
        SqlRow.fails(expression, errorClass, detail);
    }
}
