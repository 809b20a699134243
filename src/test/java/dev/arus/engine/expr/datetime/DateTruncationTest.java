package dev.arus.engine.expr.datetime;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.Schema;
import dev.arus.engine.expr.Batches;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.EvaluationContext;
import dev.arus.engine.expr.SqlRow;
import dev.arus.engine.expr.analysis.ExpressionAnalyzer;
import dev.arus.engine.expr.sql.ExpressionParser;
import java.time.Instant;
import java.time.ZoneId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code date_trunc} and {@code trunc} with Spark's units, results, names and NULL for unknown units. */
class DateTruncationTest {

    @ParameterizedTest
    @CsvSource(delimiter = ';', quoteCharacter = '~', value = {
        "date_trunc('HOUR', TIMESTAMP '2026-12-01 10:35:07.123456');2026-12-01 10:00:00;timestamp;"
                + "date_trunc(HOUR, TIMESTAMP '2026-12-01 10:35:07.123456')",
        "date_trunc('YEAR', '2015-03-05T09:32:05.359');2015-01-01 00:00:00;timestamp;"
                + "date_trunc(YEAR, 2015-03-05T09:32:05.359)",
        "date_trunc('yy', '2015-03-05T09:32:05.359');2015-01-01 00:00:00;timestamp;",
        "date_trunc('QUARTER', '2015-03-05T09:32:05.359');2015-01-01 00:00:00;timestamp;",
        "date_trunc('MM', '2015-03-05T09:32:05.359');2015-03-01 00:00:00;timestamp;",
        "date_trunc('WEEK', '2015-03-05T09:32:05.359');2015-03-02 00:00:00;timestamp;",
        "date_trunc('DD', '2015-03-05T09:32:05.359');2015-03-05 00:00:00;timestamp;",
        "date_trunc('MINUTE', '2015-03-05T09:32:05.359');2015-03-05 09:32:00;timestamp;",
        "date_trunc('SECOND', '2015-03-05T09:32:05.359');2015-03-05 09:32:05;timestamp;",
        "date_trunc('MILLISECOND', '2015-03-05T09:32:05.359123');2015-03-05 09:32:05.359;timestamp;",
        "date_trunc('microsecond', '2015-03-05T09:32:05.359123');2015-03-05 09:32:05.359123;timestamp;",
        "date_trunc('SECOND', TIMESTAMP '1969-12-31 23:59:59.5');1969-12-31 23:59:59;timestamp;",
        "date_trunc('HOUR', dt);2026-12-01 00:00:00;timestamp;date_trunc(HOUR, dt)",
        "date_trunc('FOO', ts);NULL;timestamp;date_trunc(FOO, ts)",
        "date_trunc(NULL, ts);NULL;timestamp;date_trunc(NULL, ts)",
        "trunc('2019-08-04', 'week');2019-07-29;date;trunc(2019-08-04, week)",
        "trunc('2019-08-04', 'quarter');2019-07-01;date;",
        "trunc(DATE '2009-02-12', 'MM');2009-02-01;date;trunc(DATE '2009-02-12', MM)",
        "trunc(DATE '2015-10-27', 'YEAR');2015-01-01;date;",
        "trunc(ts, 'MON');2026-12-01;date;trunc(ts, MON)",
        "trunc(dt, 'DAY');NULL;date;trunc(dt, DAY)",
    })
    void truncatesAsSparkDoes(String expression, String value, String type, String name) {
        SqlRow.check(expression, value, type, name == null || name.isEmpty() ? null : name);
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', quoteCharacter = '~', value = {
        "date_trunc(s, ts);DATATYPE_MISMATCH.NON_FOLDABLE_INPUT;",
        "date_trunc('HOUR', i);DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE;~The second parameter requires the"
                + " \"TIMESTAMP\" type~",
        "trunc(i, 'MM');DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE;~requires the \"DATE\" type~",
    })
    void refusesAsSparkDoes(String expression, String errorClass, String detail) {
        SqlRow.fails(expression, errorClass, detail);
    }

    @Test
    void truncatesInTheSessionZoneAcrossDaylightSaving() {
        Schema schema = Schema.of(new Field("ts", AtomicType.TIMESTAMP, true));
        // 03:30 on the day Paris springs forward, and 02:30 the second time on the day it falls back
        ColumnarBatch rows = Batches.of(schema, Batches.row(Instant.parse("2026-03-29T01:30:00Z")),
                Batches.row(Instant.parse("2026-10-25T01:30:00Z")));
        EvaluationContext paris = new EvaluationContext(0, ZoneId.of("Europe/Paris"));

        assertThat(Batches.evaluate(bind("date_trunc('HOUR', ts)", schema), rows, paris)).containsExactly(
                Instant.parse("2026-03-29T01:00:00Z"), Instant.parse("2026-10-25T01:00:00Z"));
        assertThat(Batches.evaluate(bind("date_trunc('DAY', ts)", schema), rows, paris)).containsExactly(
                Instant.parse("2026-03-28T23:00:00Z"), Instant.parse("2026-10-24T22:00:00Z"));
        assertThat(Batches.evaluate(bind("date_trunc('MONTH', ts)", schema), rows, paris)).containsExactly(
                Instant.parse("2026-02-28T23:00:00Z"), Instant.parse("2026-09-30T22:00:00Z"));
    }

    private static BoundExpression bind(String expression, Schema schema) {
        return ExpressionAnalyzer.bind(ExpressionParser.parse(expression), schema);
    }
}
