package dev.arus.engine.expr.json;

import static dev.arus.engine.expr.Batches.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.Row;
import dev.arus.engine.data.Schema;
import dev.arus.engine.expr.Batches;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.analysis.ExpressionAnalyzer;
import dev.arus.engine.expr.sql.ExpressionParser;
import dev.arus.engine.streaming.AnalysisException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Behaviour from Spark's JacksonParser and JsonToStructs (PERMISSIVE, partial results on). */
class JsonToStructTest {

    private static final Schema SCHEMA = Schema.of(
            new Field("j", AtomicType.STRING, true),
            new Field("k", AtomicType.BINARY, true));

    private static Object parse(String schema, String json) {
        ColumnarBatch batch = Batches.of(SCHEMA, row(json, null));
        return Batches.evaluate("from_json(j, '" + schema + "')", batch).get(0);
    }

    /** The fields of a struct value, NULLs kept. */
    private static List<Object> fields(Object struct) {
        return ((Row) struct).values();
    }

    @Test
    void readsFieldsByTheirTypes() {
        assertThat(fields(parse("a INT, b STRING, c DOUBLE, d BOOLEAN, e BIGINT",
                "{\"a\": 1, \"b\": \"x\", \"c\": 2.5, \"d\": true, \"e\": 5000000000}")))
                .containsExactly(1, "x", 2.5, true, 5_000_000_000L);
    }

    @Test
    void givesNullForNullTextAndForEmptyText() {
        ColumnarBatch batch = Batches.of(SCHEMA, row(null, null), row("", null), row("  ", null));
        assertThat(Batches.evaluate("from_json(j, 'a INT')", batch)).containsExactly(null, null, null);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "{'a' 1}", "{\"a\": 1, \"b\": }", "{\"a\": 1", "[{\"a\": 1}]", "1", "'text'", "null", "nonsense",
    })
    void givesAStructOfNullsForMalformedJsonOrANonObject(String json) {
        Object value = parse("a INT, b STRING", json);
        assertThat(value).isInstanceOf(Row.class);
        assertThat(fields(value)).containsExactly(null, null);
    }

    @Test
    void keepsTheOtherFieldsWhenOneDoesNotFitItsType() {
        assertThat(fields(parse("a INT, b STRING", "{\"a\": \"1\", \"b\": \"x\"}"))).containsExactly(null, "x");
        assertThat(fields(parse("a INT, b INT", "{\"a\": 3000000000, \"b\": 2}"))).containsExactly(null, 2);
        assertThat(fields(parse("a BOOLEAN, b DOUBLE", "{\"a\": \"true\", \"b\": \"1.5\"}"))).containsExactly(null, null);
        assertThat(fields(parse("a INT, b INT", "{\"a\": {\"x\": [1, {}]}, \"b\": 2}"))).containsExactly(null, 2);
    }

    @Test
    void readsAnyValueIntoAStringFieldAsItsExactText() {
        assertThat(fields(parse("a STRING, b STRING, c STRING, d STRING",
                "{\"a\": 1.50, \"b\": {\"x\" : [1, 2]}, \"c\": true, \"d\": [ \"y\" ]}")))
                .containsExactly("1.50", "{\"x\" : [1, 2]}", "true", "[ \"y\" ]");
    }

    @Test
    void readsTimestampsAsCastDoesInTheSessionZoneAndIntegersAsSeconds() {
        List<Object> values = fields(parse("a TIMESTAMP, b TIMESTAMP, c TIMESTAMP, d TIMESTAMP, e TIMESTAMP",
                "{\"a\": \"2024-01-01 10:00:00.5\", \"b\": \"2024-01-01T10:00:00+01:00\", \"c\": 1700000000,"
                        + " \"d\": \"soon\", \"e\": 1.5}"));
        assertThat(values).containsExactly(Instant.parse("2024-01-01T10:00:00.500Z"),
                Instant.parse("2024-01-01T09:00:00Z"), Instant.ofEpochSecond(1_700_000_000L), null, null);
    }

    @Test
    void readsDecimalsFromNumbersOrTextRoundedHalfUpToTheirScale() {
        assertThat(fields(parse("a DECIMAL(5,2), b DECIMAL(5,2), c DECIMAL(3,1), d DECIMAL(30,2), e DECIMAL(5,2)",
                "{\"a\": 1.005, \"b\": \"2.5\", \"c\": 123.4, \"d\": 12345678901234567890.125,"
                        + " \"e\": \"x\"}")))
                .containsExactly(new BigDecimal("1.01"), new BigDecimal("2.50"), null,
                        new BigDecimal("12345678901234567890.13"), null);
    }

    @Test
    void readsDatesFloatsAndNarrowIntegersWithinTheirTypes() {
        assertThat(fields(parse("a DATE, b DATE, c FLOAT, d TINYINT, e SMALLINT, f SMALLINT",
                "{\"a\": \"2026-12-01\", \"b\": \"December\", \"c\": 1.5, \"d\": 127, \"e\": 40000,"
                        + " \"f\": -300}")))
                .containsExactly(LocalDate.parse("2026-12-01"), null, 1.5f, (byte) 127, null, (short) -300);
    }

    @Test
    void readsNaNAndInfinityTextIntoDoubles() {
        assertThat(fields(parse("a DOUBLE, b DOUBLE, c DOUBLE, d DOUBLE",
                "{\"a\": \"NaN\", \"b\": \"-Infinity\", \"c\": 3, \"d\": NaN}")))
                .containsExactly(Double.NaN, Double.NEGATIVE_INFINITY, 3.0, Double.NaN);
    }

    @Test
    void readsBase64IntoBinary() {
        Object value = fields(parse("k BINARY, bad BINARY", "{\"k\": \"QUJD\", \"bad\": 5}")).get(0);
        assertThat((byte[]) value).isEqualTo("ABC".getBytes(StandardCharsets.UTF_8));
        assertThat(fields(parse("k BINARY, bad BINARY", "{\"k\": \"QUJD\", \"bad\": 5}")).get(1)).isNull();
    }

    @Test
    void matchesFieldNamesExactlyAndKeepsTheLastOfRepeatedOnes() {
        assertThat(fields(parse("a INT, B INT", "{\"A\": 1, \"B\": 2, \"B\": 3, \"other\": [1]}")))
                .containsExactly(null, 3);
    }

    @Test
    void ignoresTextAfterTheFirstValueAndAcceptsSingleQuotes() {
        assertThat(fields(parse("a INT", "{\"a\": 1} trailing"))).containsExactly(1);
        assertThat(fields(parse("a STRING", "{'a': 'q'}"))).containsExactly("q");
    }

    @Test
    void keepsTheGoodFieldsOfANestedStruct() {
        Object value = parse("e STRUCT<x: INT, y STRING>, z INT", "{\"e\": {\"x\": \"bad\", \"y\": \"ok\"}, \"z\": 1}");
        assertThat(fields(fields(value).get(0))).containsExactly(null, "ok");
        assertThat(fields(value).get(1)).isEqualTo(1);
    }

    @Test
    void readsArraysWithNullElementsAndDropsAnArrayWithABadElement() {
        assertThat(fields(parse("c ARRAY<INT>", "{\"c\": [1, null, 3]}"))).containsExactly(Arrays.asList(1, null, 3));
        assertThat(fields(parse("c ARRAY<INT>, z INT", "{\"c\": [1, \"x\", {\"c\": 2}], \"z\": 5}")))
                .containsExactly(null, 5);
        assertThat(fields(parse("c ARRAY<STRUCT<x: INT>>", "{\"c\": [{\"x\": 1}, {\"x\": \"bad\"}]}")).get(0))
                .isEqualTo(List.of(row1(1), row1(null)));
    }

    private static Row row1(Integer x) {
        return new Row(Schema.of(new Field("x", AtomicType.INT, true)), new Object[] {x});
    }

    @Test
    void readsMapsInOrderAndDropsAMapWithABadValue() {
        Object map = fields(parse("m MAP<STRING, INT>", "{\"m\": {\"k2\": 2, \"k1\": null}}")).get(0);
        assertThat(List.copyOf(((Map<?, ?>) map).keySet())).isEqualTo(List.of("k2", "k1"));
        assertThat(((Map<?, ?>) map).get("k1")).isNull();
        assertThat(fields(parse("m MAP<STRING, INT>, z INT", "{\"m\": {\"a\": 1, \"b\": \"x\", \"c\": 3}, \"z\": 4}")))
                .containsExactly(null, 4);
    }

    @Test
    void readsArrayAndMapSchemasAtTheTop() {
        assertThat(parse("ARRAY<INT>", "[1, 2]")).isEqualTo(List.of(1, 2));
        assertThat(parse("ARRAY<INT>", "[1, \"x\"]")).isNull();
        assertThat(parse("ARRAY<INT>", "{\"a\": 1}")).isNull();
        assertThat(parse("ARRAY<STRUCT<x: INT>>", "{\"x\": 7}")).isEqualTo(List.of(row1(7)));
        assertThat(parse("MAP<STRING, STRING>", "{\"a\": \"b\"}")).isEqualTo(Map.of("a", "b"));
        assertThat(parse("MAP<STRING, STRING>", "{\"a\"")).isNull();
    }

    @Test
    void startsEveryChunkAfresh() {
        BoundExpression bound = ExpressionAnalyzer.bind(ExpressionParser.parse("from_json(j, 'c ARRAY<INT>')"), SCHEMA);
        ColumnarBatch first = Batches.of(SCHEMA, row("{\"c\": [1, 2, 3]}", null), row("{\"c\": [4]}", null));
        ColumnarBatch second = Batches.of(SCHEMA, row("{\"c\": [5]}", null));
        Batches.evaluate(bound, first, Batches.UTC);

        assertThat(fields(Batches.evaluate(bound, second, Batches.UTC).get(0))).containsExactly(List.of(5));
    }

    @Test
    void makesEveryFieldNullableAndIsNamedAsSpark() {
        BoundExpression bound = ExpressionAnalyzer.bind(
                ExpressionParser.parse("from_json(j, 'a INT NOT NULL, e STRUCT<x: INT NOT NULL>')"), SCHEMA);
        assertThat(bound.dataType().simpleString()).isEqualTo("struct<a:int,e:struct<x:int>>");
        assertThat(((dev.arus.engine.data.StructType) bound.dataType()).fields())
                .allSatisfy(field -> assertThat(field.nullable()).isTrue());
        assertThat(bound.nullable()).isTrue();
        assertThat(bound.name()).isEqualTo("from_json(j)");
        assertThat(bind("from_json(CAST(k AS STRING), 'a INT')").name()).isEqualTo("from_json(CAST(k AS STRING))");
        assertThat(bind("from_json(j, 'MAP<STRING, INT>')").name()).isEqualTo("entries");
        assertThat(bind("from_json(j, 'a INT').a").name()).isEqualTo("from_json(j).a");
        assertThat(bind("from_json(j, 'a INT') AS data").name()).isEqualTo("data");
    }

    private static BoundExpression bind(String expression) {
        return ExpressionAnalyzer.bind(ExpressionParser.parseNamed(expression), SCHEMA);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "from_json(j, j)|INVALID_SCHEMA.NON_STRING_LITERAL|13|must be a string literal",
        "from_json(j, 'a INT,')|PARSE_SYNTAX_ERROR|20|expected a column name",
        "from_json(j, 'a VARCHAR(5)')|UNSUPPORTED_DATATYPE|16|\"VARCHAR(5)\"",
        "from_json(j, 'INT')|DATATYPE_MISMATCH.INVALID_JSON_SCHEMA|13|Input schema \"INT\" must be a struct",
        "from_json(j, 'm MAP<INT, INT>')|DATATYPE_MISMATCH.INVALID_JSON_MAP_KEY_TYPE|13|\"STRUCT<m: MAP<INT, INT>>\"",
        "from_json(k, 'a INT')|DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE|0|requires the \"STRING\" type, however \"k\" has the type \"BINARY\"",
        "from_json(j)|WRONG_NUM_ARGS.WITHOUT_SUGGESTION|0|requires 2 parameters",
    })
    void refusesBadCallsWithSparksErrorClasses(String expression, String errorClass, int position, String message) {
        assertThatThrownBy(() -> bind(expression))
                .isInstanceOfSatisfying(AnalysisException.class, e -> {
                    assertThat(e.errorClass()).isEqualTo(errorClass);
                    assertThat(e.position()).isEqualTo(position);
                })
                .hasMessageContaining(message);
    }
}
