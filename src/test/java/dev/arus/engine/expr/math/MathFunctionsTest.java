package dev.arus.engine.expr.math;

import dev.arus.engine.expr.SqlRow;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Spark's math functions, from its {@code mathExpressions.scala} and {@code sql-tests} results
 * ({@code math.sql.out}, {@code ceil-floor-with-scale-param.sql.out}). The row has {@code i} 7,
 * {@code l} 5000000000, {@code t} 100 (TINYINT), {@code d} 2.5, {@code f} 1.5 (FLOAT),
 * {@code dec} 3.30 ({@code decimal(10,2)}), {@code wide} 12345678901234567890.12345
 * ({@code decimal(30,5)}), {@code s} '42' and {@code n} a NULL INT.
 */
class MathFunctionsTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '~', value = {
        "round(d)|3.0|double|round(d, 0)",
        "bround(d)|2.0|double|bround(d, 0)",
        "round(2.5, 0)|3|decimal(2,0)|round(2.5, 0)",
        "bround(2.5, 0)|2|decimal(2,0)|bround(2.5, 0)",
        "round(-2.5, 0)|-3|decimal(2,0)|round(-2.5, 0)",
        "bround(-3.5, 0)|-4|decimal(2,0)|bround(-3.5, 0)",
        "round(dec, 1)|3.3|decimal(10,1)|round(dec, 1)",
        "round(dec, 5)|3.30|decimal(11,2)|round(dec, 5)",
        "round(dec, -1)|0|decimal(9,0)|round(dec, -1)",
        "round(wide, 2)|12345678901234567890.12|decimal(28,2)|round(wide, 2)",
        "round(wide, -3)|12345678901234568000|decimal(26,0)|round(wide, -3)",
        "round(525, -1)|530|int|round(525, -1)",
        "bround(525, -1)|520|int|bround(525, -1)",
        "round(525, 1)|525|int|round(525, 1)",
        "round(-525, -1)|-530|int|round(-525, -1)",
        "bround(-535, -1)|-540|int|bround(-535, -1)",
        "round(t, -2)|100|tinyint|round(t, -2)",
        "round(t, -3)|0|tinyint|round(t, -3)",
        "round(l, -10)|10000000000|bigint|round(l, -10)",
        "round(l, -20)|0|bigint|round(l, -20)",
        "round(f, 1)|1.5|float|round(f, 1)",
        "round(CAST(1.15 AS FLOAT), 1)|1.1|float|round(CAST(1.15 AS FLOAT), 1)",
        "round(2.675D, 2)|2.68|double|round(2.675, 2)",
        "round(1234.5678D, -2)|1200.0|double|round(1234.5678, -2)",
        "round(CAST('NaN' AS DOUBLE), 2)|NaN|double|round(CAST(NaN AS DOUBLE), 2)",
        "round(s, 1)|42.0|double|round(s, 1)",
        "round(i, NULL)|NULL|int|round(i, NULL)",
        "round(n, 2)|NULL|int|round(n, 2)",
        "ceil(d)|3|bigint|CEIL(d)",
        "floor(d)|2|bigint|FLOOR(d)",
        "ceiling(-0.1)|0|decimal(1,0)|ceiling(-0.1)",
        "CEIL(-0.1)|0|decimal(1,0)|CEIL(-0.1)",
        "floor(-0.1)|-1|decimal(1,0)|FLOOR(-0.1)",
        "ceil(i)|7|bigint|CEIL(i)",
        "floor(f)|1|bigint|FLOOR(f)",
        "ceil(s)|42|bigint|CEIL(s)",
        "ceil(dec)|4|decimal(9,0)|CEIL(dec)",
        "floor(-dec)|-4|decimal(9,0)|FLOOR((- dec))",
        "ceil(CAST(99 AS DECIMAL(2, 0)))|99|decimal(2,0)|CEIL(CAST(99 AS DECIMAL(2,0)))",
        "ceil(3.1411, 3)|3.142|decimal(5,3)|ceil(3.1411, 3)",
        "ceil(3.1411, -3)|1000|decimal(4,0)|ceil(3.1411, -3)",
        "floor(3.1411, -3)|0|decimal(4,0)|floor(3.1411, -3)",
        "floor(-35, -1)|-40|decimal(11,0)|floor(-35, -1)",
        "ceil(5, 0)|5|decimal(11,0)|ceil(5, 0)",
        "ceil(-0.35, 1)|-0.3|decimal(2,1)|ceil(-0.35, 1)",
        "ceiling(d, 0)|3|decimal(16,0)|ceiling(d, 0)",
        "sqrt(4)|2.0|double|SQRT(4)",
        "sqrt(-1)|NaN|double|SQRT(-1)",
        "sqrt(s)|6.48074069840786|double|SQRT(s)",
        "exp(0)|1.0|double|EXP(0)",
        "ln(1)|0.0|double|ln(1)",
        "ln(0)|NULL|double|ln(0)",
        "log10(100)|2.0|double|LOG10(100)",
        "log2(8)|3.0|double|LOG2(8)",
        "log(10, 100)|2.0|double|LOG(10, 100)",
        "log(1)|0.0|double|LOG(E(), 1)",
        "log(-1, 10)|NULL|double|LOG(-1, 10)",
        "log(n)|NULL|double|LOG(E(), n)",
        "pow(2, 3)|8.0|double|pow(2, 3)",
        "power(d, 2)|6.25|double|POWER(d, 2)",
        "sign(-d)|-1.0|double|sign((- d))",
        "signum(0)|0.0|double|SIGNUM(0)",
        "signum(l)|1.0|double|SIGNUM(l)",
    })
    void evaluatesAndNamesAsSparkDoes(String expression, String value, String type, String name) {
        SqlRow.check(expression, value, type, name);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '~', value = {
        "round(CAST(127 AS TINYINT), -1)|ARITHMETIC_OVERFLOW|[ARITHMETIC_OVERFLOW] Overflow. Use 'try_round' to tolerate overflow",
        "round(2147483647, -1)|ARITHMETIC_OVERFLOW|Overflow.",
        "bround(-2147483647, -1)|ARITHMETIC_OVERFLOW|Use 'try_bround'",
        "round(9223372036854775807L, -1)|ARITHMETIC_OVERFLOW|Overflow.",
        "round(i, i)|DATATYPE_MISMATCH.NON_FOLDABLE_INPUT|the input `scale` should be a foldable \"INT\" expression; however, got \"i\".",
        "round(b, 1)|DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE|The first parameter requires the \"NUMERIC\" type",
        "ceil(2.5, n)|_LEGACY_ERROR_TEMP_1100|The 'scale' parameter of function 'ceil' needs to be a int literal.",
        "floor(2.5, NULL)|_LEGACY_ERROR_TEMP_1100|The 'scale' parameter of function 'floor'",
        "ceil(b)|DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE|(\"DOUBLE\" or \"DECIMAL\" or \"BIGINT\")",
        "sqrt(b)|DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE|The first parameter requires the \"DOUBLE\" type",
        "pow(2)|WRONG_NUM_ARGS.WITHOUT_SUGGESTION|The `pow` requires 2 parameters",
        "log(1, 2, 3)|WRONG_NUM_ARGS.WITHOUT_SUGGESTION|The `log` requires [1, 2] parameters",
    })
    void refusesAsSparkDoes(String expression, String errorClass, String detail) {
        SqlRow.fails(expression, errorClass, detail);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '~', value = {
        "sin(0)|0.0|double|SIN(0)",
        "cos(0)|1.0|double|COS(0)",
        "tan(0)|0.0|double|TAN(0)",
        "asin(0)|0.0|double|ASIN(0)",
        "asin(2)|NaN|double|ASIN(2)",
        "acos(1)|0.0|double|ACOS(1)",
        "acos(2)|NaN|double|ACOS(2)",
        "atan(0)|0.0|double|ATAN(0)",
        "atan2(0, 0)|0.0|double|ATAN2(0, 0)",
        "atan2(-0.0D, -1)|3.141592653589793|double|",
        "sinh(0)|0.0|double|SINH(0)",
        "cosh(0)|1.0|double|COSH(0)",
        "tanh(0)|0.0|double|TANH(0)",
        "asinh(0)|0.0|double|ASINH(0)",
        "asinh(CAST('-Infinity' AS DOUBLE))|-Infinity|double|ASINH(CAST(-Infinity AS DOUBLE))",
        "acosh(1)|0.0|double|ACOSH(1)",
        "acosh(0)|NaN|double|ACOSH(0)",
        "atanh(0)|0.0|double|ATANH(0)",
        "atanh(2)|NaN|double|ATANH(2)",
        "cot(1)|0.6420926159343306|double|COT(1)",
        "sec(0)|1.0|double|SEC(0)",
        "csc(1)|1.1883951057781212|double|CSC(1)",
        "degrees(3.141592653589793)|180.0|double|DEGREES(3.141592653589793)",
        "radians(180)|3.141592653589793|double|RADIANS(180)",
        "cbrt(27.0)|3.0|double|CBRT(27.0)",
        "cbrt(s)|3.4760266448864496|double|CBRT(s)",
        "sin(n)|NULL|double|SIN(n)",
        "pi()|3.141592653589793|double|PI()",
        "e()|2.718281828459045|double|E()",
        "pi() * 2|6.283185307179586|double|(PI() * 2)",
    })
    void computesTheTrigonometricFamilyAsSparkDoes(String expression, String value, String type, String name) {
        SqlRow.check(expression, value, type, name);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '~', value = {
        "sin(b)|DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE|~The first parameter requires the \"DOUBLE\" type, however"
                + " \"b\" has the type \"BOOLEAN\".~",
        "atan2(1)|WRONG_NUM_ARGS.WITHOUT_SUGGESTION|The `atan2` requires 2 parameters but the actual number is 1.",
        "pi(1)|WRONG_NUM_ARGS.WITHOUT_SUGGESTION|The `pi` requires 0 parameters but the actual number is 1.",
    })
    void refusesTheTrigonometricFamilyAsSparkDoes(String expression, String errorClass, String detail) {
        SqlRow.fails(expression, errorClass, detail);
    }
}
