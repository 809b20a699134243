package dev.arus.engine.expr.collection;

import dev.arus.engine.expr.SqlRow;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Spark's functions that build and read arrays and maps: values as Spark's CAST to STRING writes
 * them, types and column names, and the errors Spark raises in ANSI mode. {@code arr} is
 * {@code [1, 2, 3]} and {@code m} is {@code {a -> 1}}.
 */
class CollectionFunctionsTest {

    @ParameterizedTest
    @CsvSource(delimiter = ';', quoteCharacter = '~', value = {
        "array(1, 2);[1, 2];array<int>;array(1, 2)",
        "array(i, n);[7, null];array<int>;array(i, n)",
        "array(1, l);[1, 5000000000];array<bigint>;array(1, l)",
        "array(s, 'x');[42, x];array<string>;array(s, x)",
        "array();[];array<void>;array()",
        "array(arr, array(4));[[1, 2, 3], [4]];array<array<int>>;array(arr, array(4))",
        "map('a', 1, 'b', i);{a -> 1, b -> 7};map<string,int>;map(a, 1, b, i)",
        "map(1, n);{1 -> null};map<int,int>;map(1, n)",
        "map();{};map<void,void>;map()",
        "size(arr);3;int;size(arr)",
        "cardinality(m);1;int;cardinality(m)",
        "size(array());0;int;size(array())",
        "size(NULL);NULL;int;size(NULL)",
        "size(map('a', 1, 'b', 2));2;int;size(map(a, 1, b, 2))",
        "array_contains(arr, 2);true;boolean;array_contains(arr, 2)",
        "array_contains(arr, 5);false;boolean;array_contains(arr, 5)",
        "array_contains(arr, l);false;boolean;array_contains(arr, l)",
        "array_contains(array(1, n), 5);NULL;boolean;array_contains(array(1, n), 5)",
        "array_contains(array(1, n), 1);true;boolean;array_contains(array(1, n), 1)",
        "array_contains(arr, n);NULL;boolean;array_contains(arr, n)",
        "array_contains(array('a', s), '42');true;boolean;array_contains(array(a, s), 42)",
        "element_at(arr, 1);1;int;element_at(arr, 1)",
        "element_at(arr, -1);3;int;element_at(arr, -1)",
        "element_at(arr, '2');2;int;element_at(arr, 2)",
        "element_at(arr, n);NULL;int;element_at(arr, n)",
        "element_at(m, 'a');1;int;element_at(m, a)",
        "element_at(m, 'z');NULL;int;element_at(m, z)",
        "element_at(array('x', 'y'), 2);y;string;element_at(array(x, y), 2)",
        "reverse(arr);[3, 2, 1];array<int>;reverse(arr)",
        "reverse(array());[];array<void>;reverse(array())",
        "CASE WHEN i > 0 THEN array(l) ELSE array() END;[5000000000];array<bigint>;CASE WHEN (i > 0) THEN array(l) ELSE array() END",
        "CASE WHEN i < 0 THEN array(l) ELSE array() END;[];array<bigint>;CASE WHEN (i < 0) THEN array(l) ELSE array() END",
        "coalesce(array(NULL), arr);[null];array<int>;coalesce(array(NULL), arr)",
        "coalesce(map(), m);{};map<string,int>;coalesce(map(), m)",
        "array(array(), arr);[[], [1, 2, 3]];array<array<int>>;array(array(), arr)",
    })
    void buildsAndReadsCollectionsAsSparkDoes(String expression, String value, String type, String name) {
        SqlRow.check(expression, value, type, name);
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', quoteCharacter = '~', value = {
        "array(1, b);DATATYPE_MISMATCH.DATA_DIFF_TYPES;Input to `array` should all be the same type",
        "map('a');WRONG_NUM_ARGS.WITHOUT_SUGGESTION;The `map` requires 2n (n > 0) parameters",
        "map(1, 'a', b, 'c');DATATYPE_MISMATCH.CREATE_MAP_KEY_DIFF_TYPES;[\"INT\", \"BOOLEAN\"]",
        "map(1, 'a', 2, 'b', 1, 'c');DUPLICATED_MAP_KEY;Duplicate map key 1 was found",
        "map(n, 1);NULL_MAP_KEY;Cannot use null as map key",
        "size(i);DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE;requires the (\"ARRAY\" or \"MAP\") type",
        "array_contains(arr, 'a');DATATYPE_MISMATCH.ARRAY_FUNCTION_DIFF_TYPES;[\"ARRAY<INT>\", \"STRING\"]",
        "array_contains(arr, NULL);DATATYPE_MISMATCH.NULL_TYPE;Null typed values cannot be used",
        "array_contains(s, 'a');DATATYPE_MISMATCH.ARRAY_FUNCTION_DIFF_TYPES;[\"STRING\", \"STRING\"]",
        "element_at(arr, 0);INVALID_INDEX_OF_ZERO;The index 0 is invalid",
        "element_at(arr, 4);INVALID_ARRAY_INDEX_IN_ELEMENT_AT;The index 4 is out of bounds. The array has 3",
        "element_at(arr, -4);INVALID_ARRAY_INDEX_IN_ELEMENT_AT;The index -4 is out of bounds",
        "element_at(s, 1);DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE;requires the (\"ARRAY\" or \"MAP\") type",
    })
    void refusesWhatSparkRefuses(String expression, String errorClass, String detail) {
        SqlRow.fails(expression, errorClass, detail);
    }
}
