package dev.arus.engine.expr.datetime;

import dev.arus.engine.expr.SqlRow;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code make_date}, {@code make_timestamp}, {@code from_utc_timestamp} and
 * {@code to_utc_timestamp}, with Spark 4's ANSI errors. Evaluated in UTC; the row has {@code ts}
 * 2026-12-01 10:00:00 UTC and {@code l} 5000000000.
 */
class MakeDateTimeTest {

    @ParameterizedTest
    @CsvSource(delimiter = ';', quoteCharacter = '~', value = {
        "make_date(2019, 1, 1);2019-01-01;date;make_date(2019, 1, 1)",
        "make_date(12, 12, 12);0012-12-12;date;make_date(12, 12, 12)",
        "make_date(2024, 2, 29);2024-02-29;date;",
        "make_date(-44, 3, 15);-0044-03-15;date;",
        "make_date(NULL, 1, 1);NULL;date;make_date(NULL, 1, 1)",
        "make_date('2019', sm / 10000, 1);2019-03-01;date;make_date(2019, (sm / 10000), 1)",
        "make_timestamp(2014, 12, 28, 6, 30, 45.887);2014-12-28 06:30:45.887;timestamp;"
                + "make_timestamp(2014, 12, 28, 6, 30, 45.887)",
        "make_timestamp(2014, 12, 28, 6, 30, 45.887, 'CET');2014-12-28 05:30:45.887;timestamp;"
                + "make_timestamp(2014, 12, 28, 6, 30, 45.887, CET)",
        "make_timestamp(2019, 6, 30, 23, 59, 60);2019-07-01 00:00:00;timestamp;",
        "make_timestamp(2019, 6, 30, 23, 59, 1);2019-06-30 23:59:01;timestamp;",
        "make_timestamp(2026, 7, 1, 12, 0, 0, 'Europe/Paris');2026-07-01 10:00:00;timestamp;",
        "make_timestamp(NULL, 7, 22, 15, 30, 0);NULL;timestamp;",
        "make_timestamp(2019, 6, 30, 23, 59, 1, NULL);NULL;timestamp;",
        "from_utc_timestamp('2016-08-31', 'Asia/Seoul');2016-08-31 09:00:00;timestamp;"
                + "from_utc_timestamp(2016-08-31, Asia/Seoul)",
        "to_utc_timestamp('2016-08-31', 'Asia/Seoul');2016-08-30 15:00:00;timestamp;"
                + "to_utc_timestamp(2016-08-31, Asia/Seoul)",
        "from_utc_timestamp(ts, '+1:00');2026-12-01 11:00:00;timestamp;from_utc_timestamp(ts, +1:00)",
        "from_utc_timestamp(ts, 'PST');2026-12-01 02:00:00;timestamp;",
        "to_utc_timestamp(ts, 'Europe/Paris');2026-12-01 09:00:00;timestamp;to_utc_timestamp(ts, Europe/Paris)",
        "to_utc_timestamp(TIMESTAMP '2026-07-01 12:00:00', 'Europe/Paris');2026-07-01 10:00:00;timestamp;",
        "to_utc_timestamp(ts, NULL);NULL;timestamp;to_utc_timestamp(ts, NULL)",
    })
    void makesAsSparkDoes(String expression, String value, String type, String name) {
        SqlRow.check(expression, value, type, name == null || name.isEmpty() ? null : name);
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', quoteCharacter = '~', value = {
        "make_date(2000, 13, 1);DATETIME_FIELD_OUT_OF_BOUNDS.WITH_SUGGESTION;Invalid value for MonthOfYear (valid values 1 - 12): 13.",
        "make_date(2019, 2, 29);DATETIME_FIELD_OUT_OF_BOUNDS.WITH_SUGGESTION;Invalid date 'February 29' as '2019' is not a leap year",
        "make_date(2000, 1, 33);DATETIME_FIELD_OUT_OF_BOUNDS.WITH_SUGGESTION;Invalid value for DayOfMonth",
        "make_date(dt, 1, 1);DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE;~The first parameter requires the \"INT\" type~",
        "make_date(l, 1, 1);CAST_OVERFLOW;",
        "make_timestamp(2019, 13, 1, 0, 0, 0);DATETIME_FIELD_OUT_OF_BOUNDS.WITH_SUGGESTION;Invalid value for MonthOfYear",
        "make_timestamp(2019, 1, 1, 24, 0, 0);DATETIME_FIELD_OUT_OF_BOUNDS.WITH_SUGGESTION;Invalid value for HourOfDay",
        "make_timestamp(2019, 1, 1, 0, 0, 61);DATETIME_FIELD_OUT_OF_BOUNDS.WITH_SUGGESTION;Invalid value for SecondOfMinute",
        "make_timestamp(2019, 6, 30, 23, 59, 60.5);INVALID_FRACTION_OF_SECOND;the provided value is 60.500000",
        "make_timestamp(2019, 6, 30, 23, 59, 1, 'Mars/Base');INVALID_TIMEZONE;The timezone: Mars/Base is invalid.",
        "make_timestamp(2019, 6, 30, 23, 59);WRONG_NUM_ARGS.WITHOUT_SUGGESTION;~requires [6, 7] parameters~",
        "from_utc_timestamp(ts, 'Mars/Base');INVALID_TIMEZONE;",
        "to_utc_timestamp(i, 'UTC');DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE;~requires the \"TIMESTAMP\" type~",
    })
    void refusesAsSparkDoes(String expression, String errorClass, String detail) {
        SqlRow.fails(expression, errorClass, detail);
    }
}
