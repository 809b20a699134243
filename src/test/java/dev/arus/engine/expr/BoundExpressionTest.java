package dev.arus.engine.expr;

import static dev.arus.engine.expr.Batches.evaluate;
import static dev.arus.engine.expr.Batches.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.data.Row;
import dev.arus.engine.data.Schema;
import dev.arus.engine.data.StructType;
import dev.arus.engine.expr.analysis.ExpressionAnalyzer;
import dev.arus.engine.expr.sql.ExpressionParser;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.ZoneId;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class BoundExpressionTest {

    private static final Schema SCHEMA = Schema.of(
            new Field("a", AtomicType.INT, true),
            new Field("b", AtomicType.INT, true),
            new Field("big", AtomicType.LONG, true),
            new Field("d", AtomicType.DOUBLE, true),
            new Field("s", AtomicType.STRING, true),
            new Field("p", AtomicType.BOOLEAN, true),
            new Field("q", AtomicType.BOOLEAN, true),
            new Field("ts", AtomicType.TIMESTAMP, true));

    private static final Instant T0 = Instant.parse("2024-01-01T10:00:07.250Z");

    private static ColumnarBatch batch(Object[]... rows) {
        return Batches.of(SCHEMA, rows);
    }

    private static Object[] ints(Integer a, Integer b) {
        return row(a, b, null, null, null, null, null, null);
    }

    @Test
    void computesIntArithmeticAsIntAndDivisionAsDouble() {
        ColumnarBatch rows = batch(ints(7, 2), ints(-7, 2), ints(9, 3));
        assertThat(evaluate("a + b", rows)).containsExactly(9, -5, 12);
        assertThat(evaluate("a % b", rows)).containsExactly(1, -1, 0);
        assertThat(evaluate("a / b", rows)).containsExactly(3.5, -3.5, 3.0);
        assertThat(evaluate("a * b - 1", rows)).containsExactly(13, -15, 26);
        assertThat(evaluate("-a", rows)).containsExactly(-7, 7, -9);
        assertThat(evaluate("abs(a)", rows)).containsExactly(7, 7, 9);
    }

    @Test
    void widensMixedOperands() {
        ColumnarBatch rows = batch(row(2, null, 5_000_000_000L, 0.5, null, null, null, null));
        assertThat(evaluate("a + big", rows)).containsExactly(5_000_000_002L);
        assertThat(evaluate("a * d", rows)).containsExactly(1.0);
        assertThat(evaluate("a + 1.5", rows)).containsExactly(new BigDecimal("3.5"));
    }

    @Test
    void propagatesNullsThroughArithmetic() {
        ColumnarBatch rows = batch(ints(1, null), ints(null, 2), ints(3, 4));
        assertThat(evaluate("a + b", rows)).containsExactly(null, null, 7);
        assertThat(evaluate("a / b", rows)).containsExactly(null, null, 0.75);
        assertThat(evaluate("a + NULL", rows)).containsExactly(null, null, null);
    }

    @Test
    void raisesDivideByZeroAsSpark4AnsiModeDoes() {
        // Spark 4 defaults spark.sql.ansi.enabled to true: x / 0 raises DIVIDE_BY_ZERO.
        assertThatThrownBy(() -> evaluate("a / b", batch(ints(1, 0))))
                .isInstanceOf(EvaluationException.class)
                .hasMessageStartingWith("[DIVIDE_BY_ZERO] Division by zero. Use `try_divide`");
        assertThatThrownBy(() -> evaluate("a % b", batch(ints(1, 0))))
                .hasMessageStartingWith("[REMAINDER_BY_ZERO] Remainder by zero. Use `try_mod`");
    }

    @Test
    void ignoresZeroDivisorsInNullRows() {
        assertThat(evaluate("a % b", batch(ints(null, 0)))).containsExactly((Object) null);
    }

    @Test
    void raisesOverflowForIntAndBigint() {
        assertThatThrownBy(() -> evaluate("a + b", batch(ints(Integer.MAX_VALUE, 1))))
                .hasMessageStartingWith("[ARITHMETIC_OVERFLOW] integer overflow. Use 'try_add'");
        assertThatThrownBy(() -> evaluate("big * 2", batch(row(null, null, Long.MAX_VALUE, null, null, null, null, null))))
                .hasMessageStartingWith("[ARITHMETIC_OVERFLOW] long overflow. Use 'try_multiply'");
    }

    @Test
    void appliesThreeValuedLogic() {
        ColumnarBatch rows = batch(
                bools(true, null), bools(false, null), bools(null, null), bools(true, false), bools(null, true));
        assertThat(evaluate("p AND q", rows)).containsExactly(null, false, null, false, null);
        assertThat(evaluate("p OR q", rows)).containsExactly(true, null, null, true, true);
        assertThat(evaluate("NOT p", rows)).containsExactly(false, true, null, false, null);
        assertThat(evaluate("p IS NULL", rows)).containsExactly(false, false, true, false, true);
        assertThat(evaluate("q IS NOT NULL", rows)).containsExactly(false, false, false, true, true);
    }

    private static Object[] bools(Boolean p, Boolean q) {
        return row(null, null, null, null, null, p, q, null);
    }

    @Test
    void evaluatesTheRightOfAndOnlyWhereTheLeftDoesNotDecide() {
        ColumnarBatch rows = batch(ints(4, 0), ints(4, 2));
        assertThat(evaluate("b != 0 AND a / b > 1", rows)).containsExactly(false, true);
        assertThat(evaluate("b = 0 OR a / b > 1", rows)).containsExactly(true, true);
        assertThat(evaluate("CASE WHEN b = 0 THEN -1 ELSE a / b END", rows)).containsExactly(-1.0, 2.0);
    }

    @Test
    void stillRaisesErrorsOfRowsThatNeedTheValue() {
        assertThatThrownBy(() -> evaluate("b = 0 AND a / b > 1", batch(ints(4, 0))))
                .hasMessageStartingWith("[DIVIDE_BY_ZERO]");
    }

    @Test
    void comparesAcrossNumericTypesStringsAndTimestamps() {
        ColumnarBatch rows = batch(
                row(1, 2, 1L, 1.0, "x", null, null, T0),
                row(3, 2, 5L, 2.5, "a", null, null, null));
        assertThat(evaluate("a < b", rows)).containsExactly(true, false);
        assertThat(evaluate("a = big", rows)).containsExactly(true, false);
        assertThat(evaluate("a >= d", rows)).containsExactly(true, true);
        assertThat(evaluate("s > 'b'", rows)).containsExactly(true, false);
        assertThat(evaluate("ts > '2024-01-01 10:00:00'", rows)).containsExactly(true, null);
        assertThat(evaluate("ts <=> NULL", rows)).containsExactly(false, true);
        assertThat(evaluate("a <> b", rows)).containsExactly(true, true);
    }

    @Test
    void comparesNaNAsSparkOrdersIt() {
        ColumnarBatch rows = batch(row(null, null, null, Double.NaN, null, null, null, null));
        assertThat(evaluate("d = CAST('NaN' AS DOUBLE)", rows)).containsExactly(true);
        assertThat(evaluate("d > 1e308", rows)).containsExactly(true);
    }

    @Test
    void evaluatesInWithSqlNullSemantics() {
        ColumnarBatch rows = batch(ints(1, null), ints(5, null), ints(null, null));
        assertThat(evaluate("a IN (1, 2)", rows)).containsExactly(true, false, null);
        assertThat(evaluate("a IN (1, NULL)", rows)).containsExactly(true, null, null);
        assertThat(evaluate("a NOT IN (1, 2)", rows)).containsExactly(false, true, null);
        assertThat(evaluate("a IN (1.0, 5.0)", rows)).containsExactly(true, true, null);
    }

    @Test
    void evaluatesCaseWhenInBothForms() {
        ColumnarBatch rows = batch(ints(1, null), ints(2, null), ints(3, null), ints(null, null));
        assertThat(evaluate("CASE WHEN a = 1 THEN 'one' WHEN a > 1 THEN 'more' END", rows))
                .containsExactly("one", "more", "more", null);
        assertThat(evaluate("CASE a WHEN 1 THEN 10 WHEN 2 THEN 20 ELSE 0 END", rows)).containsExactly(10, 20, 0, 0);
    }

    @Test
    void coalescesAndConcatenates() {
        ColumnarBatch rows = batch(row(null, 2, null, null, "x", null, null, null),
                row(1, 2, null, null, null, null, null, null));
        assertThat(evaluate("coalesce(a, b)", rows)).containsExactly(2, 1);
        assertThat(evaluate("coalesce(a, NULL)", rows)).containsExactly(null, 1);
        assertThat(evaluate("concat(s, '-', b)", rows)).containsExactly("x-2", null);
    }

    @Test
    void castsNumbersAndTimestampsAsSparkDoes() {
        ColumnarBatch rows = batch(row(null, null, 1_700_000_000L, -1.5, null, true, null, T0));
        assertThat(evaluate("CAST(big AS TIMESTAMP)", rows))
                .containsExactly(Instant.ofEpochSecond(1_700_000_000L));
        assertThat(evaluate("CAST(ts AS BIGINT)", rows)).containsExactly(T0.getEpochSecond());
        assertThat(evaluate("CAST(ts AS DOUBLE)", rows)).containsExactly(T0.getEpochSecond() + 0.25);
        assertThat(evaluate("CAST(d AS TIMESTAMP)", rows)).containsExactly(Instant.ofEpochMilli(-1500));
        assertThat(evaluate("CAST(d AS INT)", rows)).containsExactly(-1);
        assertThat(evaluate("CAST(p AS INT)", rows)).containsExactly(1);
        assertThat(evaluate("CAST(big AS STRING)", rows)).containsExactly("1700000000");
        assertThat(evaluate("CAST(ts AS STRING)", rows)).containsExactly("2024-01-01 10:00:07.25");
        assertThat(evaluate("CAST(CAST(big AS TIMESTAMP) AS STRING)", rows)).containsExactly("2023-11-14 22:13:20");
    }

    @Test
    void castsTimestampsBeforeTheEpochToFloorSeconds() {
        ColumnarBatch rows = batch(row(null, null, null, null, null, null, null, Instant.ofEpochMilli(-1500)));
        assertThat(evaluate("CAST(ts AS BIGINT)", rows)).containsExactly(-2L);
        assertThat(evaluate("unix_timestamp(ts)", rows)).containsExactly(-2L);
    }

    @Test
    void castsStringsAndRaisesCastInvalidInput() {
        ColumnarBatch rows = batch(row(null, null, null, null, " 42 ", null, null, null));
        assertThat(evaluate("CAST(s AS INT)", rows)).containsExactly(42);
        assertThat(evaluate("CAST(s AS DOUBLE)", rows)).containsExactly(42.0);
        assertThat(evaluate("CAST('yes' AS BOOLEAN)", rows)).containsExactly(true);
        assertThat(evaluate("CAST('2024-01-01 10:00:07.25' AS TIMESTAMP)", rows)).containsExactly(T0);
        assertThat(evaluate("CAST('2024-01-01T10:00:07.25Z' AS TIMESTAMP)", rows)).containsExactly(T0);
        assertThat(evaluate("CAST('2024-01-01' AS TIMESTAMP)", rows))
                .containsExactly(Instant.parse("2024-01-01T00:00:00Z"));
        assertThatThrownBy(() -> evaluate("CAST('abc' AS BIGINT)", rows))
                .hasMessage("[CAST_INVALID_INPUT] The value 'abc' of the type \"STRING\" cannot be cast to \"BIGINT\""
                        + " because it is malformed. Correct the value as per the syntax, or change its target type."
                        + " Use `try_cast` to tolerate malformed input and return NULL instead. SQLSTATE: 22018");
        assertThatThrownBy(() -> evaluate("CAST(3000000000 AS INT)", rows))
                .hasMessageStartingWith("[CAST_OVERFLOW] The value 3000000000L of the type \"BIGINT\" cannot be cast"
                        + " to \"INT\" due to an overflow.");
    }

    @Test
    void evaluatesTimestampFunctions() {
        ColumnarBatch rows = batch(row(null, null, 1_700_000_000L, 1.5, "2024-01-01 10:00:07", null, null, T0));
        assertThat(evaluate("unix_timestamp(ts)", rows)).containsExactly(T0.getEpochSecond());
        assertThat(evaluate("unix_timestamp(s)", rows)).containsExactly(T0.getEpochSecond());
        assertThat(evaluate("unix_timestamp('07/01/2024', 'dd/MM/yyyy')", rows))
                .containsExactly(Instant.parse("2024-01-07T00:00:00Z").getEpochSecond());
        assertThat(evaluate("to_timestamp(s)", rows)).containsExactly(Instant.parse("2024-01-01T10:00:07Z"));
        assertThat(evaluate("to_timestamp('2024/01/01 10', 'yyyy/MM/dd HH')", rows))
                .containsExactly(Instant.parse("2024-01-01T10:00:00Z"));
        assertThat(evaluate("timestamp_seconds(big)", rows)).containsExactly(Instant.ofEpochSecond(1_700_000_000L));
        assertThat(evaluate("timestamp_seconds(d)", rows)).containsExactly(Instant.ofEpochMilli(1500));
        assertThat(evaluate("date_format(ts, 'yyyy-MM-dd HH:mm:ss.SSS')", rows))
                .containsExactly("2024-01-01 10:00:07.250");
        assertThat(evaluate("ts + INTERVAL '4' SECOND", rows)).containsExactly(T0.plusSeconds(4));
        assertThat(evaluate("ts - INTERVAL 1 MINUTE", rows)).containsExactly(T0.minusSeconds(60));
        assertThat(evaluate("current_timestamp()", rows)).containsExactly(Instant.ofEpochSecond(1_700_000_000L));
    }

    @Test
    void raisesCannotParseTimestampForTextNotMatchingThePattern() {
        ColumnarBatch rows = batch(row(null, null, null, null, "nope", null, null, null));
        assertThatThrownBy(() -> evaluate("unix_timestamp(s)", rows))
                .hasMessageStartingWith("[CANNOT_PARSE_TIMESTAMP] Text 'nope' could not be parsed at index 0.");
    }

    @Test
    void usesTheSessionTimeZoneForTimestampText() {
        ColumnarBatch rows = batch(row(null, null, null, null, "2024-01-01 11:00:07.25", null, null, T0));
        EvaluationContext paris = new EvaluationContext(0, ZoneId.of("Europe/Paris"));
        assertThat(Batches.evaluate(bind("CAST(ts AS STRING)"), rows, paris)).containsExactly("2024-01-01 11:00:07.25");
        assertThat(Batches.evaluate(bind("CAST(s AS TIMESTAMP)"), rows, paris)).containsExactly(T0);
        assertThat(Batches.evaluate(bind("date_format(ts, 'HH:mm')"), rows, paris)).containsExactly("11:00");
    }

    @Test
    void extractsStructFieldsAndNullsThemWithTheStruct() {
        Schema schema = Schema.of(new Field("window", StructType.WINDOW, true));
        Schema window = new Schema(StructType.WINDOW.fields());
        ColumnarBatch rows = Batches.of(schema,
                row(new Row(window, new Object[] {T0, T0.plusSeconds(8)})), row((Object) null));
        assertThat(Batches.evaluate("window.end", rows)).containsExactly(T0.plusSeconds(8), null);
        assertThat(Batches.evaluate("window.start + INTERVAL 1 SECOND", rows)).containsExactly(T0.plusSeconds(1), null);
    }

    @Test
    void reusesItsOutputVectorAndGrowsItForLargeChunks() {
        Schema schema = Schema.of(new Field("x", AtomicType.LONG, true));
        BoundExpression plusOne = ExpressionAnalyzer.bind(ExpressionParser.parse("x + 1"), schema);
        ColumnarBatch small = Batches.of(schema, row(1L));
        ColumnVector first = plusOne.evaluate(small, Batches.UTC);

        int size = ColumnarBatch.CHUNK_SIZE * 2;
        ColumnarBatch large = ColumnarBatch.allocate(schema, size);
        long[] values = ((LongVector) large.column(0)).values();
        for (int i = 0; i < size; i++) {
            values[i] = i;
        }
        large.column(0).setNull(size - 1);
        large.setSize(size);
        List<Object> results = Batches.evaluate(plusOne, large, Batches.UTC);

        assertThat(results.get(0)).isEqualTo(1L);
        assertThat(results.get(size - 2)).isEqualTo((long) size - 1);
        assertThat(results.get(size - 1)).isNull();
        assertThat(plusOne.evaluate(small, Batches.UTC)).isSameAs(first);
        assertThat(Batches.evaluate(plusOne, small, Batches.UTC)).containsExactly(2L);
    }

    @Test
    void returnsTheInputVectorForABareColumn() {
        ColumnarBatch rows = batch(ints(1, 2));
        assertThat(bind("b").evaluate(rows, Batches.UTC)).isSameAs(rows.column(1));
    }

    @Test
    void fillsConstantsForEveryRowOfLargerChunks() {
        int size = 3000;
        Object[][] rows = new Object[size][];
        Arrays.fill(rows, ints(1, 1));
        BoundExpression constant = bind("'k'");
        constant.evaluate(batch(ints(1, 1)), Batches.UTC);
        assertThat(Batches.evaluate(constant, batch(rows), Batches.UTC)).hasSize(size).containsOnly("k");
    }

    private static BoundExpression bind(String text) {
        return ExpressionAnalyzer.bind(ExpressionParser.parse(text), SCHEMA);
    }

    @Test
    void comparesBinaryValuesByteByByteUnsigned() {
        Schema schema = Schema.of(new Field("k", AtomicType.BINARY, true));
        ColumnarBatch rows = Batches.of(schema, row(new byte[] {0x41}), row(new byte[] {(byte) 0xFF}),
                row(new byte[] {0x41, 0x00}), row((Object) null));
        assertThat(evaluate("k = CAST('A' AS BINARY)", rows)).containsExactly(true, false, false, null);
        assertThat(evaluate("k > CAST('A' AS BINARY)", rows)).containsExactly(false, true, true, null);
        assertThat(evaluate("k IN (CAST('A' AS BINARY))", rows)).containsExactly(true, false, false, null);
    }
}
