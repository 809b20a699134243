package dev.arus.engine.expr.string;

import dev.arus.engine.expr.SqlRow;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Spark's {@code trim(BOTH | LEADING | TRAILING chars FROM str)} and the functions it stands for. */
class StringTrimTest {

    @ParameterizedTest
    @CsvSource(delimiter = ';', quoteCharacter = '~', value = {
        "trim('  a  ');a;trim(  a  )",
        "trim('\\ta ');~\ta~;~trim(\ta )~",
        "trim(BOTH FROM '  a  ');a;trim(  a  )",
        "trim(LEADING FROM '  a  ');~a  ~;ltrim(  a  )",
        "trim(TRAILING FROM '  a  ');~  a~;rtrim(  a  )",
        "trim(BOTH 'x' FROM 'xxaxx');a;TRIM(BOTH x FROM xxaxx)",
        "trim('xy' FROM 'xyaxy');a;TRIM(BOTH xy FROM xyaxy)",
        "trim(LEADING 'x' FROM 'xxaxx');axx;TRIM(LEADING x FROM xxaxx)",
        "trim(TRAILING 'x' FROM 'xxaxx');xxa;TRIM(TRAILING x FROM xxaxx)",
        "ltrim('  a  ');~a  ~;ltrim(  a  )",
        "rtrim('x', 'xxaxx');xxa;TRIM(TRAILING x FROM xxaxx)",
        "trim(i);7;trim(i)",
        "trim(n);NULL;trim(n)",
    })
    void trimsAndNamesAsSparkDoes(String expression, String value, String name) {
        SqlRow.check(expression, value, "string", name);
    }
}
