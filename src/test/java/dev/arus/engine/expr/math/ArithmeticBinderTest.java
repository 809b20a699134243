package dev.arus.engine.expr.math;

import dev.arus.engine.expr.SqlRow;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Arithmetic on dates, timestamps and day-time intervals as Spark 4 resolves it
 * ({@code BinaryArithmeticWithDatetimeResolver}, {@code MultiplyDTInterval}, {@code DivideDTInterval}),
 * with Spark's names. The row has {@code i} 7, {@code dt} 2026-12-01 and {@code ts} 2026-12-01
 * 10:00:00 UTC.
 */
class ArithmeticBinderTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '~', value = {
        "ts + INTERVAL 1 HOUR|2026-12-01 11:00:00|timestamp|ts + INTERVAL '01' HOUR",
        "ts + INTERVAL '1' HOUR|2026-12-01 11:00:00|timestamp|ts + INTERVAL '01' HOUR",
        "INTERVAL 1 DAY + ts|2026-12-02 10:00:00|timestamp|ts + INTERVAL '1' DAY",
        "ts - INTERVAL '30' MINUTE|2026-12-01 09:30:00|timestamp|ts - INTERVAL '30' MINUTE",
        "ts + INTERVAL '1 02:03:04.5' DAY TO SECOND|2026-12-02 12:03:04.5|timestamp"
                + "|ts + INTERVAL '1 02:03:04.5' DAY TO SECOND",
        "ts + '1' * INTERVAL '1' SECOND|2026-12-01 10:00:01|timestamp|",
        "i * INTERVAL '1' MINUTE|INTERVAL '0 00:07:00' DAY TO SECOND|interval day to second"
                + "|(INTERVAL '01' MINUTE * i)",
        "INTERVAL '1' MINUTE * 1.5|INTERVAL '0 00:01:30' DAY TO SECOND|interval day to second"
                + "|(INTERVAL '01' MINUTE * 1.5)",
        "INTERVAL '1' SECOND * 0.5D|INTERVAL '0 00:00:00.5' DAY TO SECOND|interval day to second|",
        "INTERVAL '1' HOUR / 2|INTERVAL '0 00:30:00' DAY TO SECOND|interval day to second|(INTERVAL '01' HOUR / 2)",
        "INTERVAL '1' SECOND / 3|INTERVAL '0 00:00:00.333333' DAY TO SECOND|interval day to second|",
        "INTERVAL '2' SECOND / 3|INTERVAL '0 00:00:00.666667' DAY TO SECOND|interval day to second|",
        "ts - TIMESTAMP '2026-12-01 09:00:00'|INTERVAL '0 01:00:00' DAY TO SECOND|interval day to second"
                + "|(ts - TIMESTAMP '2026-12-01 09:00:00')",
        "ts - dt|INTERVAL '0 10:00:00' DAY TO SECOND|interval day to second|(ts - dt)",
        "dt - DATE '2026-11-01'|INTERVAL '30' DAY|interval day|(dt - DATE '2026-11-01')",
        "dt + 1|2026-12-02|date|date_add(dt, 1)",
        "1 + dt|2026-12-02|date|date_add(dt, 1)",
        "dt - 1|2026-11-30|date|date_sub(dt, 1)",
        "dt + INTERVAL '2' DAY|2026-12-03|date|date_add(dt, extractansiintervaldays(INTERVAL '2' DAY))",
        "dt - INTERVAL '2' DAY|2026-11-29|date|date_add(dt, (- extractansiintervaldays(INTERVAL '2' DAY)))",
        "dt + INTERVAL '1' HOUR|2026-12-01 01:00:00|timestamp|dt + INTERVAL '01' HOUR",
        "dt - INTERVAL '1' HOUR|2026-11-30 23:00:00|timestamp|dt - INTERVAL '01' HOUR",
        "INTERVAL '1' DAY + INTERVAL '1' HOUR|INTERVAL '1 01' DAY TO HOUR|interval day to hour"
                + "|(INTERVAL '1' DAY + INTERVAL '01' HOUR)",
        "INTERVAL '1' HOUR - INTERVAL '90' MINUTE|INTERVAL '-00:30' HOUR TO MINUTE|interval hour to minute|",
        "-INTERVAL '1' HOUR|INTERVAL '-01' HOUR|interval hour|(- INTERVAL '01' HOUR)",
        "'2026-12-01 10:00:00' - ts|INTERVAL '0 00:00:00' DAY TO SECOND|interval day to second|",
    })
    void combinesDatesTimestampsAndIntervalsAsSparkDoes(String expression, String value, String type, String name) {
        SqlRow.check(expression, value, type, name == null || name.isEmpty() ? null : name);
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
        "i || dt;72026-12-01;string;concat(i, dt)",
        "s || 'x' || 'y';42xy;string;concat(concat(s, x), y)",
        "s || 1 + 1;422;bigint;(concat(s, 1) + 1)",
        "i div 2 || 'x';3x;string;concat((i div 2), x)",
    })
    void concatenatesWithTheConcatOperatorAsConcat(String expression, String value, String type, String name) {
        SqlRow.check(expression, value, type, name);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '~', value = {
        "INTERVAL '1' HOUR / 0|INTERVAL_DIVIDED_BY_ZERO|Division by zero. Use `try_divide`",
        "ts + 1|DATATYPE_MISMATCH.BINARY_OP_DIFF_TYPES|(\"TIMESTAMP\" and \"INT\")",
        "ts * 2|DATATYPE_MISMATCH.BINARY_OP_DIFF_TYPES|",
        "dt + dt|DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE|The second parameter requires the (\"INT\" or \"SMALLINT\""
                + " or \"TINYINT\") type, however \"dt\" has the type \"DATE\"",
        "2 / INTERVAL '1' HOUR|DATATYPE_MISMATCH.BINARY_OP_DIFF_TYPES|",
        "TIMESTAMP '9999-12-31 23:00:00' + INTERVAL 106751991 DAY|ARITHMETIC_OVERFLOW|long overflow",
    })
    void refusesAsSparkDoes(String expression, String errorClass, String detail) {
        SqlRow.fails(expression, errorClass, detail);
    }
}
