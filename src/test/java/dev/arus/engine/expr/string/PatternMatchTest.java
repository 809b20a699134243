package dev.arus.engine.expr.string;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.Schema;
import dev.arus.engine.expr.Batches;
import dev.arus.engine.expr.SqlRow;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** LIKE, ILIKE, RLIKE and REGEXP as Spark's {@code Like}, {@code ILike} and {@code RLike} match and name them. */
class PatternMatchTest {

    @ParameterizedTest
    @CsvSource(delimiter = ';', quoteCharacter = '~', value = {
        "'abc' LIKE 'a%';true;abc LIKE a%",
        "'abc' LIKE '_b_';true;abc LIKE _b_",
        "'abc' LIKE 'b%';false;abc LIKE b%",
        "'a\\nc' LIKE 'a_c';true;",
        "'a_c' LIKE 'a\\\\_c';true;",
        "'abc' LIKE 'a\\\\_c';false;",
        "'a%c' LIKE 'a/%c' ESCAPE '/';true;a%c LIKE a/%c ESCAPE '/'",
        "'a.c' LIKE 'a.c';true;",
        "'abc' NOT LIKE 'b%';true;(NOT abc LIKE b%)",
        "s LIKE '4%';true;s LIKE 4%",
        "i LIKE '7';true;i LIKE 7",
        "n LIKE '%';NULL;n LIKE %",
        "like('abc', 'a%');true;abc LIKE a%",
        "'ABC' ILIKE 'a%';true;ilike(ABC, a%)",
        "'ABC' NOT ILIKE 'b%';true;(NOT ilike(ABC, b%))",
        "'abc' RLIKE '^b';false;RLIKE(abc, ^b)",
        "'abc' RLIKE 'b';true;RLIKE(abc, b)",
        "'abc' REGEXP 'b.$';true;RLIKE(abc, b.$)",
        "'abc' RLIKE r'\\w+';true;RLIKE(abc, \\w+)",
        "'abc' NOT RLIKE 'z';true;(NOT RLIKE(abc, z))",
    })
    void matchesAndNamesAsSparkDoes(String expression, String value, String name) {
        SqlRow.check(expression, value, "boolean", name == null || name.isEmpty() ? null : name);
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', quoteCharacter = '~', value = {
        "'a' LIKE 'a/b' ESCAPE '/';INVALID_FORMAT.ESC_IN_THE_MIDDLE;The escape character is not allowed to precede 'b'",
        "'a' LIKE 'a/' ESCAPE '/';INVALID_FORMAT.ESC_AT_THE_END;",
        "'a' LIKE 'a' ESCAPE 'xx';INVALID_ESC;The escape string must contain only one character",
        "'a' RLIKE '(';INVALID_PARAMETER_VALUE.PATTERN;",
        "'a' LIKE arr;DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE;requires the \"STRING\" type",
    })
    void refusesBadPatternsAsSparkDoes(String expression, String errorClass, String detail) {
        SqlRow.fails(expression, errorClass, detail);
    }

    @Test
    void compilesAPatternFromAColumnWhenItChanges() {
        Schema schema = Schema.of(new Field("s", AtomicType.STRING, true), new Field("p", AtomicType.STRING, true));
        ColumnarBatch rows = Batches.of(schema, Batches.row("abc", "a%"), Batches.row("xyz", "a%"),
                Batches.row("xyz", "x_z"), Batches.row("abc", null));
        assertThat(Batches.evaluate("s LIKE p", rows)).containsExactly(true, false, true, null);
        assertThat(Batches.evaluate("s RLIKE p", rows)).containsExactly(false, false, false, null);
    }
}
