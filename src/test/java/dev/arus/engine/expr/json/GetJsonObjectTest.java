package dev.arus.engine.expr.json;

import static dev.arus.engine.expr.Batches.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.Schema;
import dev.arus.engine.expr.Batches;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.analysis.ExpressionAnalyzer;
import dev.arus.engine.expr.sql.ExpressionParser;
import dev.arus.engine.streaming.AnalysisException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Cases follow Spark's GetJsonObject evaluator and JsonPathParser (and Hive's rules it keeps). */
class GetJsonObjectTest {

    private static final Schema SCHEMA = Schema.of(
            new Field("j", AtomicType.STRING, true),
            new Field("p", AtomicType.STRING, true),
            new Field("n", AtomicType.INT, true));

    private static Object extract(String json, String path) {
        ColumnarBatch batch = Batches.of(SCHEMA, row(json, path, 1));
        return Batches.evaluate("get_json_object(j, p)", batch).get(0);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '`', nullValues = "NULL", value = {
        "{\"a\": {\"b\": [1, 2]}}|$.a.b[0]|1",
        "{\"a\": {\"b\": [1, 2]}}|$.a.b|[1,2]",
        "{\"a\": {\"b\": [1, 2]}}|$.a|{\"b\":[1,2]}",
        "{\"a\": 1.50}|$|{\"a\":1.5}",
        "{\"a\": \"x y\"}|$.a|x y",
        "{\"a\": [\"x\", \"y\"]}|$.a[1]|y",
        "{\"a\": [\"x\", \"y\"]}|$.a[*]|[\"x\",\"y\"]",
        "{\"a\": [{\"b\": 1}, {\"b\": 2}]}|$.a[*].b|[1,2]",
        "{\"a\": [{\"b\": 1}, {\"c\": 2}]}|$.a[*].b|1",
        "{\"a\": [[1, 2], [3]]}|$.a[*][*]|[1,2,3]",
        "{\"a\": [[1, 2], [3]]}|$.a[0][*]|[1,2]",
        "{\"a b\": 1}|$['a b']|1",
        "{'a': 'q'}|$.a|q",
        "{\"a\": null, \"a\": 2}|$.a|2",
        "{\"a\": 1, \"a\": 2}|$.a|1",
        "{\"a\": 1} trailing|$.a|1",
        "{\"a\": null}|$.a|NULL",
        "{\"a\": 1}|$.b|NULL",
        "{\"a\": [1]}|$.a[3]|NULL",
        "{\"a\": 1}|$.a.b|NULL",
        "{\"a\": {\"b\": 1}}|$.a.*|NULL",
        "{\"a\": |$.a|NULL",
        "not json|$.a|NULL",
        "{\"a\": 1}|a|NULL",
        "{\"a\": 1}|$a|NULL",
        "{\"a\": 1}|$[x]|NULL",
        "{\"a\": 1}|NULL|NULL",
    })
    void extractsWhatThePathSelects(String json, String path, String expected) {
        assertThat(extract(json, path)).isEqualTo(expected);
    }

    @Test
    void givesNullForNullText() {
        assertThat(extract(null, "$.a")).isNull();
    }

    @Test
    void parsesAConstantPathOnceAndAColumnPathPerRow() {
        ColumnarBatch batch = Batches.of(SCHEMA, row("{\"a\": 1, \"b\": 2}", "$.a", 1),
                row("{\"a\": 3, \"b\": 4}", "$.b", 1));
        assertThat(Batches.evaluate("get_json_object(j, '$.b')", batch)).containsExactly("2", "4");
        assertThat(Batches.evaluate("get_json_object(j, p)", batch)).containsExactly("1", "4");
    }

    @Test
    void isANullableStringNamedWithItsPath() {
        BoundExpression bound = ExpressionAnalyzer.bind(ExpressionParser.parse("get_json_object(j, '$.a')"), SCHEMA);
        assertThat(bound.name()).isEqualTo("get_json_object(j, $.a)");
        assertThat(bound.dataType()).isEqualTo(AtomicType.STRING);
        assertThat(bound.nullable()).isTrue();
    }

    @Test
    void refusesArgumentsThatAreNotStrings() {
        assertThatThrownBy(() -> ExpressionAnalyzer.bind(ExpressionParser.parse("get_json_object(n, '$.a')"), SCHEMA))
                .isInstanceOfSatisfying(AnalysisException.class,
                        e -> assertThat(e.errorClass()).isEqualTo("DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE"))
                .hasMessageContaining("The first parameter requires the \"STRING\" type, however \"n\" has the type \"INT\"");
    }
}
