package dev.arus.engine.expr.collection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
import dev.arus.engine.streaming.ArusException;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Spark's {@code sequence}, from its {@code Sequence} expression, examples and
 * {@code array.sql.out}: integers, dates and timestamps, their types, names and Spark's errors.
 */
class SequenceTest {

    @ParameterizedTest
    @CsvSource(delimiter = ';', quoteCharacter = '~', value = {
        "sequence(1, 5);[1, 2, 3, 4, 5];array<int>;sequence(1, 5)",
        "sequence(5, 1);[5, 4, 3, 2, 1];array<int>;sequence(5, 1)",
        "sequence(1, 10, 3);[1, 4, 7, 10];array<int>;sequence(1, 10, 3)",
        "sequence(1, 9, 3);[1, 4, 7];array<int>;sequence(1, 9, 3)",
        "sequence(3, 3);[3];array<int>;sequence(3, 3)",
        "sequence(3, 3, 0);[3];array<int>;sequence(3, 3, 0)",
        "sequence(t, 102Y);[100, 101, 102];array<tinyint>;sequence(t, 102)",
        "sequence(1, l, 2500000000L);[1, 2500000001];array<bigint>;sequence(1, l, 2500000000)",
        "sequence(i, 9L);[7, 8, 9];array<bigint>;sequence(i, 9)",
        "sequence(n, 5);NULL;array<int>;sequence(n, 5)",
        "sequence(1, 5, n);NULL;array<int>;sequence(1, 5, n)",
        "sequence(DATE '2018-01-01', DATE '2018-01-03');[2018-01-01, 2018-01-02, 2018-01-03];array<date>;"
                + "sequence(DATE '2018-01-01', DATE '2018-01-03')",
        "sequence(DATE '2018-01-05', DATE '2018-01-01', INTERVAL -2 DAYS);[2018-01-05, 2018-01-03, 2018-01-01];"
                + "array<date>;sequence(DATE '2018-01-05', DATE '2018-01-01', INTERVAL '-2' DAY)",
        "sequence(TIMESTAMP '2018-01-01 00:00:00', TIMESTAMP '2018-01-01 01:00:00', INTERVAL 30 MINUTES);"
                + "[2018-01-01 00:00:00, 2018-01-01 00:30:00, 2018-01-01 01:00:00];array<timestamp>;",
        "sequence(TIMESTAMP '2018-01-01 12:00:00', TIMESTAMP '2018-01-03 00:00:00');"
                + "[2018-01-01 12:00:00, 2018-01-02 12:00:00];array<timestamp>;",
        "size(sequence(1, 1000000));1000000;int;size(sequence(1, 1000000))",
    })
    void makesTheValuesFromStartToStopAsSparkDoes(String expression, String value, String type, String name) {
        SqlRow.check(expression, value, type, name);
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', quoteCharacter = '~', value = {
        "sequence(1, 3, 0);ILLEGAL_SEQUENCE_BOUNDARIES;requirement failed: Illegal sequence boundaries: 1 to 3 by 0",
        "sequence(1, 3, -1);ILLEGAL_SEQUENCE_BOUNDARIES;Illegal sequence boundaries: 1 to 3 by -1",
        "sequence(DATE '2018-01-01', DATE '2018-01-03', INTERVAL 3 HOURS);ILLEGAL_SEQUENCE_STEP;sequence step must"
                + " be an interval day to second of day granularity if start and end values are dates",
        "sequence(0L, 9223372036854775806L);COLLECTION_SIZE_LIMIT_EXCEEDED.PARAMETER;Can't create array with"
                + " 9223372036854775807 elements which exceeding the array size limit 2147483632",
        "sequence(DATE '2018-01-01', DATE '2018-01-03', 1);DATATYPE_MISMATCH.SEQUENCE_WRONG_INPUT_TYPES;",
        "sequence(1, 'a');CAST_INVALID_INPUT;",
        "sequence(d, 5.0D);DATATYPE_MISMATCH.SEQUENCE_WRONG_INPUT_TYPES;`sequence` uses the wrong parameter type.",
        "sequence(1);WRONG_NUM_ARGS.WITHOUT_SUGGESTION;The `sequence` requires [2, 3] parameters",
    })
    void refusesWhatSparkRefuses(String expression, String errorClass, String detail) {
        SqlRow.fails(expression, errorClass, detail);
    }

    @Test
    void stepsTimestampsByDaysOnTheSessionZonesWallClockAcrossDaylightSaving() {
        Schema schema = Schema.of(new Field("ts", AtomicType.TIMESTAMP, true));
        ColumnarBatch batch = Batches.of(schema, new Object[][] {{Instant.parse("2026-03-28T11:00:00Z")}});
        BoundExpression bound = ExpressionAnalyzer.bind(ExpressionParser.parse(
                "sequence(ts, ts + INTERVAL 2 DAYS)"), schema);
        EvaluationContext paris = new EvaluationContext(0, ZoneId.of("Europe/Paris"));
        // Paris moves to summer time on 2026-03-29: noon stays noon, the second 23 hours after the first.
        assertThat(Batches.evaluate(bound, batch, paris)).containsExactly(List.of(
                Instant.parse("2026-03-28T11:00:00Z"), Instant.parse("2026-03-29T10:00:00Z"),
                Instant.parse("2026-03-30T10:00:00Z")));
        assertThatThrownBy(() -> Batches.evaluate(ExpressionAnalyzer.bind(ExpressionParser.parse(
                "sequence(ts, ts - INTERVAL 1 DAY, INTERVAL 1 HOUR)"), schema), batch, paris))
                .isInstanceOfSatisfying(ArusException.class,
                        e -> assertThat(e.errorClass()).isEqualTo("ILLEGAL_SEQUENCE_BOUNDARIES"));
    }
}
