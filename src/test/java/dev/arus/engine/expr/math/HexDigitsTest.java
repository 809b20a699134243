package dev.arus.engine.expr.math;

import dev.arus.engine.expr.SqlRow;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Spark's {@code hex} and {@code unhex}, from their expressions and examples. */
class HexDigitsTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '~', value = {
        "hex(17)|11|string|hex(17)",
        "hex('Spark SQL')|537061726B2053514C|string|hex(Spark SQL)",
        "hex(-1)|FFFFFFFFFFFFFFFF|string|hex(-1)",
        "hex(0)|0|string|hex(0)",
        "hex(l)|12A05F200|string|hex(l)",
        "hex(X'0A0B')|0A0B|string|hex(X'0A0B')",
        "hex(d)|2|string|hex(d)",
        "hex('')|~~|string|hex()",
        "hex(n)|NULL|string|hex(n)",
        "CAST(unhex('537061726B2053514C') AS STRING)|Spark SQL|string|CAST(unhex(537061726B2053514C) AS STRING)",
        "hex(unhex('F'))|0F|string|hex(unhex(F))",
        "hex(unhex('0a0B'))|0A0B|string|hex(unhex(0a0B))",
        "unhex('GG')|NULL|binary|unhex(GG)",
        "unhex('é1')|NULL|binary|unhex(é1)",
        "hex(unhex(hex(i)))|07|string|hex(unhex(hex(i)))",
        "unhex(NULL)|NULL|binary|unhex(NULL)",
    })
    void writesAndReadsHexadecimalDigitsAsSparkDoes(String expression, String value, String type, String name) {
        SqlRow.check(expression, value, type, name);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '~', value = {
        "hex(arr)|DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE|~requires the (\"BIGINT\" or \"BINARY\" or \"STRING\")"
                + " type~",
        "unhex(arr)|DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE|~requires the \"STRING\" type~",
    })
    void refusesWhatSparkRefuses(String expression, String errorClass, String detail) {
        SqlRow.fails(expression, errorClass, detail);
    }
}
