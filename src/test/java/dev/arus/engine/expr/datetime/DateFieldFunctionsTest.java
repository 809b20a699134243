package dev.arus.engine.expr.datetime;

import dev.arus.engine.expr.SqlRow;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The one-field functions ({@code year}, {@code hour}, {@code weekday}...), as Spark 4's
 * {@code date.sql.out} shows them: INT results, strings read as dates (or timestamps for the
 * clock fields), timestamps as their day in the session zone, the names as called. The row has
 * {@code dt} 2026-12-01 (a Tuesday) and {@code ts} 2026-12-01 10:00:00 UTC.
 */
class DateFieldFunctionsTest {

    @ParameterizedTest
    @CsvSource(delimiter = ';', quoteCharacter = '~', value = {
        "year(dt);2026;int;year(dt)",
        "year(ts);2026;int;year(ts)",
        "year('1500-01-01');1500;int;year(1500-01-01)",
        "YEAR(NULL);NULL;int;year(NULL)",
        "month('1582-10-15 13:10:15');10;int;month(1582-10-15 13:10:15)",
        "quarter(dt);4;int;quarter(dt)",
        "quarter(DATE '2026-03-31');1;int;quarter(DATE '2026-03-31')",
        "dayOfYear('1582-10-15 13:10:15');288;int;dayofyear(1582-10-15 13:10:15)",
        "day(dt);1;int;day(dt)",
        "dayofmonth(TIMESTAMP '2026-12-31 23:59:59');31;int;dayofmonth(TIMESTAMP '2026-12-31 23:59:59')",
        "dayofweek('2007-02-03');7;int;dayofweek(2007-02-03)",
        "dayofweek('2009-07-30');5;int;",
        "weekday('2007-02-03');5;int;weekday(2007-02-03)",
        "weekday('2009-07-30');3;int;",
        "weekday(dt);1;int;",
        "weekofyear(dt);49;int;weekofyear(dt)",
        "weekofyear(DATE '2027-01-01');53;int;",
        "hour(ts);10;int;hour(ts)",
        "hour(dt);0;int;hour(dt)",
        "hour('2026-12-01 13:10:15');13;int;hour(2026-12-01 13:10:15)",
        "minute(TIMESTAMP '2026-12-01 10:05:07.25');5;int;minute(TIMESTAMP '2026-12-01 10:05:07.25')",
        "second(TIMESTAMP '2026-12-01 10:05:07.25');7;int;second(TIMESTAMP '2026-12-01 10:05:07.25')",
        "second(TIMESTAMP '1969-12-31 23:59:58.5');58;int;",
    })
    void readsOneFieldAsSparkDoes(String expression, String value, String type, String name) {
        SqlRow.check(expression, value, type, name == null || name.isEmpty() ? null : name);
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', quoteCharacter = '~', value = {
        "year(i);DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE;~The first parameter requires the \"DATE\" type, however \"i\" has the type \"INT\"~",
        "hour(b);DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE;~requires the \"TIMESTAMP\" type~",
        "year();WRONG_NUM_ARGS.WITHOUT_SUGGESTION;The `year` requires 1 parameters but the actual number is 0.",
        "month('December');CAST_INVALID_INPUT;~The value 'December' of the type \"STRING\" cannot be cast to \"DATE\"~",
    })
    void refusesAsSparkDoes(String expression, String errorClass, String detail) {
        SqlRow.fails(expression, errorClass, detail);
    }
}
