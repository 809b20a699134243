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
import java.time.LocalDate;
import java.time.ZoneId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code to_date} with and without a pattern, and {@code current_date}, as Spark 4 gives them. */
class ToDateTest {

    @ParameterizedTest
    @CsvSource(delimiter = ';', quoteCharacter = '~', value = {
        "to_date('2016-12-31');2016-12-31;date;to_date(2016-12-31)",
        "to_date(NULL);NULL;date;to_date(NULL)",
        "to_date('2016-12-31', 'yyyy-MM-dd');2016-12-31;date;to_date(2016-12-31, yyyy-MM-dd)",
        "to_date('16', 'dd');1970-01-16;date;to_date(16, dd)",
        "to_date('31/12/2016 23:59', 'dd/MM/yyyy HH:mm');2016-12-31;date;",
        "to_date(ts);2026-12-01;date;to_date(ts)",
        "to_date(dt, 'yyyy');2026-12-01;date;to_date(dt, yyyy)",
        "current_date();2023-11-14;date;current_date()",
        "current_date;2023-11-14;date;current_date()",
    })
    void readsDatesAsSparkDoes(String expression, String value, String type, String name) {
        SqlRow.check(expression, value, type, name == null || name.isEmpty() ? null : name);
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', quoteCharacter = '~', value = {
        "to_date('02-29', 'MM-dd');CANNOT_PARSE_TIMESTAMP;",
        "to_date('2016-13-01');CAST_INVALID_INPUT;~The value '2016-13-01' of the type \"STRING\" cannot be cast"
                + " to \"DATE\"~",
        "to_date('2016-12-31', s);DATATYPE_MISMATCH.NON_FOLDABLE_INPUT;",
        "current_date(1);WRONG_NUM_ARGS.WITHOUT_SUGGESTION;",
    })
    void refusesAsSparkDoes(String expression, String errorClass, String detail) {
        SqlRow.fails(expression, errorClass, detail);
    }

    @Test
    void currentDateIsTheBatchDayInTheSessionZone() {
        Schema schema = Schema.of(new Field("x", AtomicType.INT, true));
        ColumnarBatch rows = Batches.of(schema, Batches.row(1));
        BoundExpression today = ExpressionAnalyzer.bind(ExpressionParser.parse("current_date()"), schema);
        // 2023-11-14T22:13:20Z is already the 15th in Tokyo
        EvaluationContext tokyo = new EvaluationContext(1_700_000_000_000_000L, ZoneId.of("Asia/Tokyo"));

        assertThat(Batches.evaluate(today, rows, tokyo)).containsExactly(LocalDate.parse("2023-11-15"));
    }
}
