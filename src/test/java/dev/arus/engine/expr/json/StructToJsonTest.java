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
import dev.arus.engine.expr.EvaluationContext;
import dev.arus.engine.expr.analysis.ExpressionAnalyzer;
import dev.arus.engine.expr.sql.ExpressionParser;
import dev.arus.engine.streaming.AnalysisException;
import java.time.Instant;
import java.time.ZoneId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Output as Spark's JacksonGenerator writes it for to_json (ignoreNullFields on). */
class StructToJsonTest {

    private static final Schema SCHEMA = Schema.of(
            new Field("a", AtomicType.INT, true),
            new Field("s", AtomicType.STRING, true),
            new Field("d", AtomicType.DOUBLE, true),
            new Field("ts", AtomicType.TIMESTAMP, true),
            new Field("j", AtomicType.STRING, true));

    private static final ColumnarBatch ROW = Batches.of(SCHEMA,
            row(1, "x/\"é\"", 1.0E7, Instant.parse("2024-01-01T10:00:07.250Z"),
                    "{\"c\": [1, null], \"m\": {\"k\": null, \"v\": 2}, \"n\": null}"));

    private static Object json(String expression) {
        return Batches.evaluate(expression, ROW).get(0);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
        "to_json(named_struct('a', 1, 'b', 2))|{\"a\":1,\"b\":2}",
        "to_json(struct(a, s))|`{\"a\":1,\"s\":\"x/\\\"é\\\"\"}`",
        "to_json(struct(a, NULL, d))|{\"a\":1,\"d\":1.0E7}",
        "to_json(struct(ts))|{\"ts\":\"2024-01-01T10:00:07.250Z\"}",
        "to_json(struct(CAST(s AS BINARY) AS bin))|{\"bin\":\"eC8iw6ki\"}",
        "to_json(struct(CAST('NaN' AS DOUBLE) AS nan))|{\"nan\":\"NaN\"}",
        "to_json(from_json(j, 'c ARRAY<INT>, m MAP<STRING, INT>, n INT'))|{\"c\":[1,null],\"m\":{\"k\":null,\"v\":2}}",
        "to_json(from_json(j, 'c ARRAY<INT>').c)|[1,null]",
        "to_json(from_json(j, 'm MAP<STRING, INT>').m)|{\"k\":null,\"v\":2}",
        "to_json(struct(struct(a) AS inner))|{\"inner\":{\"a\":1}}",
        "to_json(named_struct())|{}",
        "to_json(named_struct('p', 1.50, 'w', CAST(2 AS DECIMAL(30,3)), 'f', 1.5F, 'b', 10Y))"
                + "|{\"p\":1.50,\"w\":2.000,\"f\":1.5,\"b\":10}",
        "to_json(named_struct('day', DATE '2026-12-01', 'i', INTERVAL '1:30' HOUR TO MINUTE))"
                + "|`{\"day\":\"2026-12-01\",\"i\":\"INTERVAL '01:30' HOUR TO MINUTE\"}`",
        "to_json(from_json('{\"a\": [1.5]}', 'a ARRAY<DECIMAL(4,2)>'))|{\"a\":[1.50]}",
    })
    void writesCompactJsonAsSpark(String expression, String expected) {
        assertThat(json(expression)).isEqualTo(expected);
    }

    @Test
    void writesTimestampsInTheSessionZone() {
        BoundExpression bound = ExpressionAnalyzer.bind(ExpressionParser.parse("to_json(struct(ts))"), SCHEMA);
        EvaluationContext jakarta = new EvaluationContext(0, ZoneId.of("Asia/Jakarta"));
        assertThat(Batches.evaluate(bound, ROW, jakarta)).containsExactly("{\"ts\":\"2024-01-01T17:00:07.250+07:00\"}");
    }

    @Test
    void givesNullForANullValue() {
        ColumnarBatch nulls = Batches.of(SCHEMA, row(null, null, null, null, null));
        assertThat(Batches.evaluate("to_json(from_json(j, 'a INT'))", nulls)).containsExactly((Object) null);
    }

    @Test
    void isAStringNamedAfterItsArgument() {
        BoundExpression bound = ExpressionAnalyzer.bind(ExpressionParser.parse("to_json(struct(a, s))"), SCHEMA);
        assertThat(bound.name()).isEqualTo("to_json(struct(a, s))");
        assertThat(bound.dataType()).isEqualTo(AtomicType.STRING);
    }

    @Test
    void refusesAValueThatIsNotAStructArrayOrMap() {
        assertThatThrownBy(() -> ExpressionAnalyzer.bind(ExpressionParser.parse("to_json(a)"), SCHEMA))
                .isInstanceOfSatisfying(AnalysisException.class,
                        e -> assertThat(e.errorClass()).isEqualTo("DATATYPE_MISMATCH.INVALID_JSON_SCHEMA"))
                .hasMessageContaining("Input schema \"INT\" must be a struct, an array, a map or a variant");
    }
}
