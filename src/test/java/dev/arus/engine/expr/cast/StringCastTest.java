package dev.arus.engine.expr.cast;

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
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Casts with binary and complex values, as Spark's Cast and ToStringBase do them. */
class StringCastTest {

    private static final Schema SCHEMA = Schema.of(
            new Field("value", AtomicType.BINARY, true),
            new Field("s", AtomicType.STRING, true),
            new Field("a", AtomicType.INT, true),
            new Field("ts", AtomicType.TIMESTAMP, true),
            new Field("j", AtomicType.STRING, true));

    private static final ColumnarBatch ROW = Batches.of(SCHEMA, row("AB é".getBytes(StandardCharsets.UTF_8), "AB é", 1,
            Instant.parse("2024-01-01T10:00:07.250Z"),
            "{\"n\": [1, null, 3], \"m\": {\"a\": 1, \"b\": null}, \"e\": {\"x\": null, \"y\": \"z\"},"
                    + " \"b\": \"QUI=\"}"));

    private static Object cast(String expression) {
        return Batches.evaluate(expression, ROW).get(0);
    }

    @Test
    void decodesBinaryAsUtf8AndEncodesStringsAsUtf8() {
        assertThat(cast("CAST(value AS STRING)")).isEqualTo("AB é");
        assertThat((byte[]) cast("CAST(s AS BINARY)")).isEqualTo("AB é".getBytes(StandardCharsets.UTF_8));
        assertThat(cast("CAST(CAST(s AS BINARY) AS STRING)")).isEqualTo("AB é");
    }

    @Test
    void decodesMalformedUtf8WithoutFailing() {
        ColumnarBatch bad = Batches.of(SCHEMA, row(new byte[] {(byte) 0xC3}, null, null, null, null));
        assertThat(Batches.evaluate("CAST(value AS STRING)", bad)).containsExactly("\uFFFD");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "CAST(from_json(j, 'n ARRAY<INT>').n AS STRING)|[1, null, 3]",
        "CAST(from_json(j, 'm MAP<STRING, INT>').m AS STRING)|{a -> 1, b -> null}",
        "CAST(from_json(j, 'e STRUCT<x: INT, y: STRING>').e AS STRING)|{null, z}",
        "CAST(struct(a, ts, s) AS STRING)|{1, 2024-01-01 10:00:07.25, AB é}",
        "CAST(struct(CAST(s AS BINARY)) AS STRING)|{AB é}",
        "CAST(from_json(j, 'n ARRAY<INT>, b BINARY') AS STRING)|{[1, null, 3], AB}",
        "CAST(struct() AS STRING)|{}",
    })
    void castsStructsArraysAndMapsToTextAsSpark(String expression, String text) {
        assertThat(cast(expression)).isEqualTo(text);
    }

    @Test
    void keepsTheNameOfACastColumnAndShowsCastsInsideOtherNames() {
        assertThat(bind("CAST(value AS STRING)").name()).isEqualTo("value");
        assertThat(bind("CAST(value AS STRING)").dataType()).isEqualTo(AtomicType.STRING);
        assertThat(bind("CAST(s AS BINARY)").dataType()).isEqualTo(AtomicType.BINARY);
        assertThat(bind("concat(CAST(value AS STRING), s)").name()).isEqualTo("concat(CAST(value AS STRING), s)");
    }

    private static BoundExpression bind(String expression) {
        return ExpressionAnalyzer.bind(ExpressionParser.parse(expression), SCHEMA);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "CAST(value AS INT)|DATATYPE_MISMATCH.CAST_WITHOUT_SUGGESTION|cannot cast \"BINARY\" to \"INT\".",
        "CAST(a AS BINARY)|DATATYPE_MISMATCH.CAST_WITH_CONF_SUGGESTION|cannot cast \"INT\" to \"BINARY\" with ANSI mode on",
        "CAST(ts AS BINARY)|DATATYPE_MISMATCH.CAST_WITHOUT_SUGGESTION|cannot cast \"TIMESTAMP\" to \"BINARY\".",
        "CAST(struct(a) AS INT)|DATATYPE_MISMATCH.CAST_WITHOUT_SUGGESTION|cannot cast \"STRUCT<a: INT>\" to \"INT\".",
    })
    void refusesCastsSparkRefusesWithItsErrorClasses(String expression, String errorClass, String message) {
        assertThatThrownBy(() -> bind(expression))
                .isInstanceOfSatisfying(AnalysisException.class, e -> assertThat(e.errorClass()).isEqualTo(errorClass))
                .hasMessageContaining(message);
    }
}
