package dev.arus.engine.expr.datetime;

import dev.arus.engine.expr.SqlRow;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code date_add}, {@code date_sub}, {@code datediff}, {@code add_months}, {@code last_day},
 * {@code next_day} and {@code months_between}, with the values, types, names and errors of Spark
 * 4's {@code date.sql.out} and function examples. The row has {@code dt} 2026-12-01, {@code ts}
 * 2026-12-01 10:00:00 UTC and {@code t} the TINYINT 100.
 */
class DateArithmeticTest {

    @ParameterizedTest
    @CsvSource(delimiter = ';', quoteCharacter = '~', value = {
        "date_add(dt, 1);2026-12-02;date;date_add(dt, 1)",
        "dt + t;2027-03-11;date;date_add(dt, t)",
        "sm + dt;2109-01-20;date;date_add(dt, sm)",
        "dt - 1;2026-11-30;date;date_sub(dt, 1)",
        "dt + NULL;NULL;date;date_add(dt, NULL)",
        "date_add('2011-11-11', 1);2011-11-12;date;date_add(2011-11-11, 1)",
        "date_add('2011-11-11', '1');2011-11-12;date;date_add(2011-11-11, 1)",
        "date_add(ts, t);2027-03-11;date;date_add(ts, t)",
        "date_add(dt, NULL);NULL;date;date_add(dt, NULL)",
        "date_add(NULL, 1);NULL;date;date_add(NULL, 1)",
        "date_sub(dt, 1);2026-11-30;date;date_sub(dt, 1)",
        "date_sub(DATE '2011-11-11', '1');2011-11-10;date;date_sub(DATE '2011-11-11', 1)",
        "datediff(dt, DATE '2026-01-01');334;int;datediff(dt, DATE '2026-01-01')",
        "datediff('2009-07-30', '2009-07-31');-1;int;datediff(2009-07-30, 2009-07-31)",
        "add_months(DATE '2016-08-31', 1);2016-09-30;date;add_months(DATE '2016-08-31', 1)",
        "add_months('2024-02-29', 12);2025-02-28;date;add_months(2024-02-29, 12)",
        "add_months(dt, -13);2025-11-01;date;",
        "add_months(ts, NULL);NULL;date;add_months(ts, NULL)",
        "last_day(DATE '2024-02-10');2024-02-29;date;last_day(DATE '2024-02-10')",
        "last_day(ts);2026-12-31;date;last_day(ts)",
        "next_day('2015-07-23', 'Mon');2015-07-27;date;next_day(2015-07-23, Mon)",
        "next_day(dt, 'tu');2026-12-08;date;next_day(dt, tu)",
        "next_day(dt, 'Wednesday');2026-12-02;date;",
        "next_day(NULL, 'xx');NULL;date;next_day(NULL, xx)",
        "months_between('1997-02-28 10:30:00', '1996-10-30');3.94959677;double;"
                + "months_between(1997-02-28 10:30:00, 1996-10-30, true)",
        "months_between('1997-02-28 10:30:00', '1996-10-30', false);3.9495967741935485;double;"
                + "months_between(1997-02-28 10:30:00, 1996-10-30, false)",
        "months_between(DATE '2026-03-31', DATE '2026-02-28');1.0;double;",
        "months_between(ts, dt);0.0;double;months_between(ts, dt, true)",
        "months_between(ts, NULL);NULL;double;",
    })
    void computesAsSparkDoes(String expression, String value, String type, String name) {
        SqlRow.check(expression, value, type, name == null || name.isEmpty() ? null : name);
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', quoteCharacter = '~', value = {
        "date_add(dt, 1L);DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE;~The second parameter requires the (\"INT\" or"
                + " \"SMALLINT\" or \"TINYINT\") type, however \"1\" has the type \"BIGINT\"~",
        "date_sub(dt, s);DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE;~however \"s\" has the type \"STRING\"~",
        "dt + l;DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE;~Cannot resolve \"date_add(dt, l)\" due to data type mismatch:"
                + " The second parameter requires the (\"INT\" or \"SMALLINT\" or \"TINYINT\") type, however \"l\""
                + " has the type \"BIGINT\".~",
        "l + dt;DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE;~Cannot resolve \"date_add(dt, l)\"~",
        "dt + 1L;DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE;~however \"1\" has the type \"BIGINT\"~",
        "dt - l;DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE;~Cannot resolve \"date_sub(dt, l)\"~",
        "dt + 1.5;DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE;~however \"1.5\" has the type \"DECIMAL(2,1)\"~",
        "date_add('2011-11-11', '1.2');SECOND_FUNCTION_ARGUMENT_NOT_INTEGER;"
                + "The second argument of `date_add` function needs to be an integer.",
        "date_add(i, 1);DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE;~requires the \"DATE\" type~",
        "datediff(dt, b);DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE;~The second parameter requires the \"DATE\" type~",
        "next_day('2015-07-23', 'xx');ILLEGAL_DAY_OF_WEEK;Illegal input for day of week: xx.",
        "months_between(ts, dt, 'x');CAST_INVALID_INPUT;",
        "months_between(ts);WRONG_NUM_ARGS.WITHOUT_SUGGESTION;~requires [2, 3] parameters~",
    })
    void refusesAsSparkDoes(String expression, String errorClass, String detail) {
        SqlRow.fails(expression, errorClass, detail);
    }
}
