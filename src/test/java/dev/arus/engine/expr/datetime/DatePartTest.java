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
import dev.arus.engine.expr.calendar.CivilDays;
import dev.arus.engine.expr.sql.ExpressionParser;
import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.temporal.IsoFields;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code extract(field FROM source)} with Spark's fields, synonyms, types and names
 * ({@code DatePart.parseExtractField}). The row has {@code dt} 2026-12-01 (a Tuesday) and
 * {@code ts} 2026-12-01 10:00:00 UTC.
 */
class DatePartTest {

    @ParameterizedTest
    @CsvSource(delimiter = ';', quoteCharacter = '~', value = {
        "extract(YEAR FROM ts);2026;int;extract(YEAR FROM ts)",
        "extract(year FROM dt);2026;int;extract(year FROM dt)",
        "extract(Y FROM dt);2026;int;extract(Y FROM dt)",
        "extract(QUARTER FROM dt);4;int;",
        "extract(MONTH FROM ts);12;int;",
        "extract(WEEK FROM dt);49;int;",
        "extract(DAY FROM ts);1;int;",
        "extract(DAYOFWEEK FROM dt);3;int;",
        "extract(DOW FROM ts);3;int;",
        "extract(DOW_ISO FROM dt);2;int;",
        "extract(DOY FROM dt);335;int;",
        "extract(YEAROFWEEK FROM DATE '2027-01-01');2026;int;extract(YEAROFWEEK FROM DATE '2027-01-01')",
        "extract(HOUR FROM ts);10;int;extract(HOUR FROM ts)",
        "extract(MINUTE FROM ts + INTERVAL '5' MINUTE);5;int;extract(MINUTE FROM ts + INTERVAL '05' MINUTE)",
        "extract(SECOND FROM ts);0.000000;decimal(8,6);",
        "extract(SECOND FROM TIMESTAMP '2026-12-01 10:00:07.25');7.250000;decimal(8,6);",
        "extract(HOUR FROM dt);0;int;",
        "extract(MONTH FROM '2026-03-04');3;int;extract(MONTH FROM 2026-03-04)",
        "extract(DAY FROM INTERVAL '3 04:05:06.5' DAY TO SECOND);3;int;",
        "extract(HOUR FROM INTERVAL '3 04:05:06.5' DAY TO SECOND);4;tinyint;",
        "extract(MINUTE FROM INTERVAL '3 04:05:06.5' DAY TO SECOND);5;tinyint;",
        "extract(SECOND FROM INTERVAL '3 04:05:06.5' DAY TO SECOND);6.500000;decimal(8,6);",
        "extract(HOUR FROM -INTERVAL '1 02' DAY TO HOUR);-2;tinyint;",
    })
    void extractsFieldsAsSparkDoes(String expression, String value, String type, String name) {
        SqlRow.check(expression, value, type, name == null || name.isEmpty() ? null : name);
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', quoteCharacter = '~', value = {
        "extract(FOO FROM ts);INVALID_EXTRACT_FIELD;Cannot extract FOO from ts",
        "extract(MONTH FROM INTERVAL '1' DAY);INVALID_EXTRACT_FIELD;",
        "extract(YEAR FROM i);DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE;",
    })
    void refusesAsSparkDoes(String expression, String errorClass, String detail) {
        SqlRow.fails(expression, errorClass, detail);
    }

    @Test
    void readsTimestampsInTheSessionZoneAcrossDaylightSaving() {
        Schema schema = Schema.of(new Field("ts", AtomicType.TIMESTAMP, true));
        ColumnarBatch rows = Batches.of(schema, Batches.row(Instant.parse("2026-03-29T00:59:59Z")),
                Batches.row(Instant.parse("2026-03-29T01:00:00Z")), Batches.row(Instant.parse("2026-03-28T23:30:00Z")));
        EvaluationContext paris = new EvaluationContext(0, ZoneId.of("Europe/Paris"));
        BoundExpression hour = ExpressionAnalyzer.bind(ExpressionParser.parse("extract(HOUR FROM ts)"), schema);
        BoundExpression day = ExpressionAnalyzer.bind(ExpressionParser.parse("extract(DAY FROM ts)"), schema);

        assertThat(Batches.evaluate(hour, rows, paris)).containsExactly(1, 3, 0);
        assertThat(Batches.evaluate(day, rows, paris)).containsExactly(29, 29, 29);
    }

    @Test
    void agreesWithJavaTimeOnEveryCalendarFieldForFourCenturies() {
        for (long day = LocalDate.of(1800, 1, 1).toEpochDay(); day < LocalDate.of(2200, 1, 1).toEpochDay(); day++) {
            LocalDate date = LocalDate.ofEpochDay(day);
            assertThat(CivilDays.year(day)).isEqualTo(date.getYear());
            assertThat(CivilDays.month(day)).isEqualTo(date.getMonthValue());
            assertThat(CivilDays.dayOfMonth(day)).isEqualTo(date.getDayOfMonth());
            assertThat(CivilDays.dayOfYear(day)).isEqualTo(date.getDayOfYear());
            assertThat(CivilDays.isoDayOfWeek(day)).isEqualTo(date.getDayOfWeek().getValue());
            assertThat(CivilDays.dayOfWeek(day)).isEqualTo(date.getDayOfWeek() == DayOfWeek.SUNDAY ? 1
                    : date.getDayOfWeek().getValue() + 1);
            assertThat(CivilDays.isoWeek(day)).isEqualTo(date.get(IsoFields.WEEK_OF_WEEK_BASED_YEAR));
            assertThat(CivilDays.isoWeekYear(day)).isEqualTo(date.get(IsoFields.WEEK_BASED_YEAR));
        }
    }
}
