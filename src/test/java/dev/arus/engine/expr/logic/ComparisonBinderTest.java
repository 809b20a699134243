package dev.arus.engine.expr.logic;

import dev.arus.engine.expr.SqlRow;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code BETWEEN}, which Spark 4 parses as the function {@code between} (not the legacy
 * {@code lower <= e AND e <= upper}, which {@code spark.sql.legacy.duplicateBetweenInput} brings
 * back), so that it is named {@code between(e, lower, upper)}; each bound compares as a
 * comparison would. The row has {@code i} 7, {@code s} '42', {@code dt} 2026-12-01, {@code n} NULL.
 */
class ComparisonBinderTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '~', value = {
        "i BETWEEN 1 AND 10|true|boolean|between(i, 1, 10)",
        "i BETWEEN 8 AND 10|false|boolean|between(i, 8, 10)",
        "i NOT BETWEEN 1 AND 10|false|boolean|(NOT between(i, 1, 10))",
        "i BETWEEN 6.5 AND 7.5|true|boolean|between(i, 6.5, 7.5)",
        "i + 1 BETWEEN 1 AND 2 * 4|true|boolean|between((i + 1), 1, (2 * 4))",
        "s BETWEEN 40 AND 50|true|boolean|between(s, 40, 50)",
        "dt BETWEEN '2026-01-01' AND '2026-12-31'|true|boolean|between(dt, 2026-01-01, 2026-12-31)",
        "n BETWEEN 1 AND 10|NULL|boolean|between(n, 1, 10)",
        "i BETWEEN n AND 5|false|boolean|between(i, n, 5)",
        "between(i, 1, 10)|true|boolean|between(i, 1, 10)",
        "i BETWEEN 1 AND 10 AND i > 5|true|boolean|(between(i, 1, 10) AND (i > 5))",
    })
    void comparesWithBothBoundsAsSparkDoes(String expression, String value, String type, String name) {
        SqlRow.check(expression, value, type, name);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '~', value = {
        "i BETWEEN 1|PARSE_SYNTAX_ERROR|expected AND",
        "i BETWEEN dt AND 10|DATATYPE_MISMATCH.BINARY_OP_DIFF_TYPES|(\"INT\" and \"DATE\")",
    })
    void refusesAsSparkDoes(String expression, String errorClass, String detail) {
        SqlRow.fails(expression, errorClass, detail);
    }
}
