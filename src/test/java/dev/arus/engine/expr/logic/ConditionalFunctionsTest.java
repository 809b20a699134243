package dev.arus.engine.expr.logic;

import dev.arus.engine.expr.SqlRow;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Spark's null-handling and choosing functions: {@code nvl}, {@code ifnull}, {@code nvl2},
 * {@code nullif}, {@code isnull}, {@code isnotnull}, {@code greatest}, {@code least}. The row has
 * {@code i} 7, {@code l} 5000000000, {@code d} 2.5, {@code dec} 3.30, {@code s} '42' and
 * {@code n} a NULL INT.
 */
class ConditionalFunctionsTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '~', value = {
        "nvl(n, 1)|1|int|nvl(n, 1)",
        "nvl(i, l)|7|bigint|nvl(i, l)",
        "NVL(n, l)|5000000000|bigint|nvl(n, l)",
        "ifnull(n, 8)|8|int|ifnull(n, 8)",
        "ifnull(NULL, NULL)|NULL|string|ifnull(NULL, NULL)",
        "nvl2(n, 1, 2)|2|int|nvl2(n, 1, 2)",
        "nvl2(i, 'a', 'b')|a|string|nvl2(i, a, b)",
        "nvl2(i, d, 1)|2.5|double|nvl2(i, d, 1)",
        "nullif(i, 7)|NULL|int|nullif(i, 7)",
        "nullif(i, 8)|7|int|nullif(i, 8)",
        "nullif(s, '42')|NULL|string|nullif(s, 42)",
        "nullif(l, i)|5000000000|bigint|nullif(l, i)",
        "nullif(n, 1)|NULL|int|nullif(n, 1)",
        "isnull(n)|true|boolean|(n IS NULL)",
        "isnull(i)|false|boolean|(i IS NULL)",
        "isnotnull(i)|true|boolean|(i IS NOT NULL)",
        "isnotnull(n)|false|boolean|(n IS NOT NULL)",
        "greatest(i, l)|5000000000|bigint|greatest(i, l)",
        "greatest(10, 9, 2, 4, 3)|10|int|greatest(10, 9, 2, 4, 3)",
        "least(10, 9, 2, 4, 3)|2|int|least(10, 9, 2, 4, 3)",
        "least(i, d)|2.5|double|least(i, d)",
        "greatest(n, i)|7|int|greatest(n, i)",
        "least(i, n, 3)|3|int|least(i, n, 3)",
        "greatest(n, NULL)|NULL|int|greatest(n, NULL)",
        "least(dec, i)|3.30|decimal(12,2)|least(dec, i)",
        "greatest(d, CAST('NaN' AS DOUBLE))|NaN|double|greatest(d, CAST(NaN AS DOUBLE))",
        "least(d, CAST('NaN' AS DOUBLE))|2.5|double|least(d, CAST(NaN AS DOUBLE))",
        "least('b', 'a', 'c')|a|string|least(b, a, c)",
        "greatest(dt, ts)|2026-12-01 10:00:00|timestamp|greatest(dt, ts)",
    })
    void evaluatesAndNamesAsSparkDoes(String expression, String value, String type, String name) {
        SqlRow.check(expression, value, type, name);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '~', value = {
        "greatest(i)|DATATYPE_MISMATCH.WRONG_NUM_ARGS|The `greatest` requires > 1 parameters but the actual number is 1.",
        "least(i, b)|DATATYPE_MISMATCH.DATA_DIFF_TYPES|Input to `least` should all be the same type, but it's (\"INT\" or \"BOOLEAN\").",
        "greatest(arr, arr)|DATATYPE_MISMATCH.INVALID_ORDERING_TYPE|The `greatest` does not support ordering on type \"ARRAY<INT>\".",
        "nvl(i)|WRONG_NUM_ARGS.WITHOUT_SUGGESTION|The `nvl` requires 2 parameters but the actual number is 1.",
        "nvl2(i, 1)|WRONG_NUM_ARGS.WITHOUT_SUGGESTION|The `nvl2` requires 3 parameters",
        "nvl(i, b)|DATATYPE_MISMATCH.DATA_DIFF_TYPES|",
        "nvl_2(i, 1, 2)|UNRESOLVED_ROUTINE|nvl2",
    })
    void refusesAsSparkDoes(String expression, String errorClass, String detail) {
        SqlRow.fails(expression, errorClass, detail);
    }
}
