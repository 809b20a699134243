package dev.arus.engine.expr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arus.engine.data.ArrayType;
import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.DecimalType;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.MapType;
import dev.arus.engine.data.Schema;
import dev.arus.engine.expr.analysis.ExpressionAnalyzer;
import dev.arus.engine.expr.sql.ExpressionParser;
import dev.arus.engine.streaming.ArusException;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One row of columns of every type, and what an expression over it gives: its value as Spark's
 * {@code CAST(x AS STRING)} writes it (NULL as {@code NULL}), its type and its column name, so that
 * a case reads as a line of Spark's {@code sql-tests} output. Evaluated by the real analyzer and
 * vectorised nodes, in UTC.
 */
public final class SqlRow {

    static final Schema SCHEMA = Schema.of(
            new Field("i", AtomicType.INT, true),
            new Field("l", AtomicType.LONG, true),
            new Field("t", AtomicType.BYTE, true),
            new Field("sm", AtomicType.SHORT, true),
            new Field("d", AtomicType.DOUBLE, true),
            new Field("f", AtomicType.FLOAT, true),
            new Field("dec", new DecimalType(10, 2), true),
            new Field("wide", new DecimalType(30, 5), true),
            new Field("s", AtomicType.STRING, true),
            new Field("b", AtomicType.BOOLEAN, true),
            new Field("dt", AtomicType.DATE, true),
            new Field("ts", AtomicType.TIMESTAMP, true),
            new Field("n", AtomicType.INT, true),
            new Field("arr", new ArrayType(AtomicType.INT, true), true),
            new Field("m", new MapType(AtomicType.STRING, AtomicType.INT, true), true));

    private static final Object[] VALUES = {
        7, 5_000_000_000L, (byte) 100, (short) 30_000, 2.5, 1.5f, new BigDecimal("3.30"),
        new BigDecimal("12345678901234567890.12345"), "42", true, LocalDate.parse("2026-12-01"),
        Instant.parse("2026-12-01T10:00:00Z"), null, List.of(1, 2, 3), map("a", 1)};

    /** What an expression gives for the row. */
    public record Result(String value, String type, String name) {
    }

    private SqlRow() {
    }

    private static Map<String, Integer> map(String key, int value) {
        Map<String, Integer> map = new LinkedHashMap<>();
        map.put(key, value);
        return map;
    }

    public static Result evaluate(String expression) {
        BoundExpression bound = ExpressionAnalyzer.bind(ExpressionParser.parse(expression), SCHEMA);
        ColumnarBatch batch = Batches.of(SCHEMA, new Object[][] {VALUES});
        ColumnVector result = bound.evaluate(batch, Batches.UTC);
        Object value = result.getObject(0);
        String text = value == null ? "NULL"
                : bound.dataType().isComplex() ? new ComplexValueText().format(result, 0, ZoneOffset.UTC)
                : ValueText.of(value, bound.dataType(), ZoneOffset.UTC);
        return new Result(text, bound.dataType().simpleString(), bound.name());
    }

    /** Checks the value and type, and the name when one is given. */
    public static void check(String expression, String value, String type, String name) {
        Result result = evaluate(expression);
        assertThat(result.value()).as("value of %s", expression).isEqualTo(value);
        assertThat(result.type()).as("type of %s", expression).isEqualTo(type);
        if (name != null) {
            assertThat(result.name()).as("name of %s", expression).isEqualTo(name);
        }
    }

    /** Checks that defining or evaluating the expression fails with the error class, its message containing {@code detail}. */
    public static void fails(String expression, String errorClass, String detail) {
        assertThatThrownBy(() -> evaluate(expression))
                .as("error of %s", expression)
                .isInstanceOfSatisfying(ArusException.class, e -> assertThat(e.errorClass()).isEqualTo(errorClass))
                .hasMessageContaining(detail == null ? "" : detail);
    }
}
