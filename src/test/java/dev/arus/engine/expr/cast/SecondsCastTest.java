package dev.arus.engine.expr.cast;

import dev.arus.engine.expr.SqlRow;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code to_timestamp} of a number (seconds since the epoch) or of a date, as Spark 4's
 * {@code ParseToTimestamp} casts them under ANSI mode; the session zone is UTC.
 */
class SecondsCastTest {

    @ParameterizedTest
    @CsvSource(delimiter = ';', quoteCharacter = '~', value = {
        "to_timestamp(1230219000);2008-12-25 15:30:00;to_timestamp(1230219000)",
        "to_timestamp(1230219000.123);2008-12-25 15:30:00.123;to_timestamp(1230219000.123)",
        "to_timestamp(d);1970-01-01 00:00:02.5;to_timestamp(d)",
        "to_timestamp(f);1970-01-01 00:00:01.5;to_timestamp(f)",
        "to_timestamp(-1.5D);1969-12-31 23:59:58.5;to_timestamp(-1.5)",
        "to_timestamp(l);2128-06-11 08:53:20;to_timestamp(l)",
        "to_timestamp(t);1970-01-01 00:01:40;to_timestamp(t)",
        "to_timestamp(dec);1970-01-01 00:00:03.3;to_timestamp(dec)",
        "to_timestamp(dt);2026-12-01 00:00:00;to_timestamp(dt)",
        "to_timestamp(n);NULL;to_timestamp(n)",
        "to_timestamp(NULL);NULL;to_timestamp(NULL)",
    })
    void castsNumbersAsSecondsAndDatesAsTheirStartAsSparkDoes(String expression, String value, String name) {
        SqlRow.check(expression, value, "timestamp", name);
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', quoteCharacter = '~', value = {
        "to_timestamp(CAST('NaN' AS DOUBLE));CAST_INVALID_INPUT;~The value NaN of the type \"DOUBLE\" cannot be cast"
                + " to \"TIMESTAMP\" because it is malformed.~",
        "to_timestamp(CAST('-Infinity' AS DOUBLE));CAST_INVALID_INPUT;~The value -Infinity of the type \"DOUBLE\"~",
        "to_timestamp(1e20D);CAST_OVERFLOW;~The value 1.0E26D of the type \"DOUBLE\" cannot be cast to \"BIGINT\"~",
        "to_timestamp(b);DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE;~requires the (\"STRING\" or \"DATE\" or"
                + " \"TIMESTAMP\" or \"TIMESTAMP_NTZ\" or \"NUMERIC\") type~",
    })
    void refusesWhatSparkRefuses(String expression, String errorClass, String detail) {
        SqlRow.fails(expression, errorClass, detail);
    }
}
