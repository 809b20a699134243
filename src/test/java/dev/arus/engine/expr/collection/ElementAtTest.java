package dev.arus.engine.expr.collection;

import dev.arus.engine.expr.SqlRow;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code a[i]} and {@code m['k']} as Spark's {@code GetArrayItem} and {@code GetMapValue}: 0-based,
 * an index outside the array an error in ANSI mode, a missing key NULL. The row has {@code arr}
 * [1, 2, 3], {@code m} {a -> 1} and {@code n} NULL.
 */
class ElementAtTest {

    @ParameterizedTest
    @CsvSource(delimiter = ';', quoteCharacter = '~', value = {
        "arr[0];1;int;arr[0]",
        "arr[2];3;int;arr[2]",
        "arr[1 + 1];3;int;arr[(1 + 1)]",
        "arr[2L];3;int;arr[2]",
        "arr[n];NULL;int;arr[n]",
        "m['a'];1;int;m[a]",
        "m['z'];NULL;int;m[z]",
        "m['a'] + 1;2;int;(m[a] + 1)",
    })
    void extractsAsSparkDoes(String expression, String value, String type, String name) {
        SqlRow.check(expression, value, type, name);
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', quoteCharacter = '~', value = {
        "arr[3];INVALID_ARRAY_INDEX;The index 3 is out of bounds. The array has 3 elements. Use the SQL function"
                + " `get()`",
        "arr[-1];INVALID_ARRAY_INDEX;The index -1 is out of bounds",
        "arr['x'];DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE;requires the \"INTEGRAL\" type",
        "i[0];INVALID_EXTRACT_BASE_FIELD_TYPE;Can't extract a value from \"i\". Need a complex type",
    })
    void refusesAsSparkDoes(String expression, String errorClass, String detail) {
        SqlRow.fails(expression, errorClass, detail);
    }
}
