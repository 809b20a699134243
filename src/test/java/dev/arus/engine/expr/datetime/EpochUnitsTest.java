package dev.arus.engine.expr.datetime;

import dev.arus.engine.expr.SqlRow;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Timestamps and dates to and from counts since the epoch ({@code timestamp_millis},
 * {@code unix_seconds}, {@code unix_date}...), and {@code from_unixtime}, which formats one. The
 * row has {@code ts} 2026-12-01 10:00:00 UTC, {@code dt} 2026-12-01, {@code l} 5000000000.
 */
class EpochUnitsTest {

    @ParameterizedTest
    @CsvSource(delimiter = ';', quoteCharacter = '~', value = {
        "timestamp_millis(1230219000123);2008-12-25 15:30:00.123;timestamp;timestamp_millis(1230219000123)",
        "timestamp_millis(l);1970-02-27 20:53:20;timestamp;timestamp_millis(l)",
        "timestamp_micros(1230219000123123);2008-12-25 15:30:00.123123;timestamp;"
                + "timestamp_micros(1230219000123123)",
        "timestamp_micros(NULL);NULL;timestamp;timestamp_micros(NULL)",
        "unix_seconds(ts);1796119200;bigint;unix_seconds(ts)",
        "unix_seconds(TIMESTAMP '1969-12-31 23:59:59.5');-1;bigint;",
        "unix_millis(TIMESTAMP '1969-12-31 23:59:59.9995');-1;bigint;",
        "unix_millis(ts);1796119200000;bigint;unix_millis(ts)",
        "unix_micros(dt);1796083200000000;bigint;unix_micros(dt)",
        "unix_date(dt);20788;int;unix_date(dt)",
        "unix_date(DATE '1970-01-01');0;int;unix_date(DATE '1970-01-01')",
        "date_from_unix_date(1000);1972-09-27;date;date_from_unix_date(1000)",
        "date_from_unix_date(NULL);NULL;date;date_from_unix_date(NULL)",
        "from_unixtime(0);1970-01-01 00:00:00;string;from_unixtime(0, yyyy-MM-dd HH:mm:ss)",
        "from_unixtime(i);1970-01-01 00:00:07;string;from_unixtime(i, yyyy-MM-dd HH:mm:ss)",
        "from_unixtime(l, 'yyyy-MM-dd');2128-06-11;string;from_unixtime(l, yyyy-MM-dd)",
        "from_unixtime(NULL, 'yyyy');NULL;string;from_unixtime(NULL, yyyy)",
    })
    void convertsAsSparkDoes(String expression, String value, String type, String name) {
        SqlRow.check(expression, value, type, name == null || name.isEmpty() ? null : name);
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', quoteCharacter = '~', value = {
        "timestamp_millis(9223372036854775807);ARITHMETIC_OVERFLOW;long overflow.",
        "timestamp_millis(s);DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE;~requires the \"INTEGRAL\" type~",
        "unix_seconds(i);DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE;~requires the \"TIMESTAMP\" type~",
        "from_unixtime(l, s);DATATYPE_MISMATCH.NON_FOLDABLE_INPUT;",
    })
    void refusesAsSparkDoes(String expression, String errorClass, String detail) {
        SqlRow.fails(expression, errorClass, detail);
    }
}
