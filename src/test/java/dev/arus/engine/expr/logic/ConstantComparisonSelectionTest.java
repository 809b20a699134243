package dev.arus.engine.expr.logic;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.BooleanVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.Schema;
import dev.arus.engine.expr.Batches;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.EvaluationContext;
import dev.arus.engine.expr.analysis.ExpressionAnalyzer;
import dev.arus.engine.expr.sql.ExpressionParser;
import java.time.Instant;
import java.time.ZoneId;
import java.util.Arrays;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A comparison with a constant written straight into the kept positions keeps exactly the rows
 * whose condition is true (not false, not NULL), over random values around the constant with
 * NULLs among them, and a chunk where all or none pass.
 */
class ConstantComparisonSelectionTest {

    private static final Schema SCHEMA = Schema.of(
            new Field("i", AtomicType.INT, true),
            new Field("l", AtomicType.LONG, true),
            new Field("ts", AtomicType.TIMESTAMP, true));

    private static final Instant T = Instant.parse("2026-12-07T00:00:00Z");

    private static final EvaluationContext PARIS = new EvaluationContext(0, ZoneId.of("Europe/Paris"));

    @ParameterizedTest
    @ValueSource(strings = {
        "l = 3", "l <> 3", "l != 3", "l < 3", "l <= 3", "l > 3", "l >= 3", "l <=> 3",
        "NOT (l = 3)", "NOT (l < 3)", "NOT (l <= 3)", "NOT (l > 3)", "NOT (l >= 3)",
        "i = 2", "i < 2", "i >= 2L", "i > 1.5", "l % 2 = 0", "l * 3 + 1 > 7", "i + l <= 4",
        "l > -100", "l > 100",
        "3 = l", "3 <> l", "3 < l", "3 <= l", "3 > l", "3 >= l", "3 <=> l",
        "NOT (3 = l)", "NOT (3 < l)", "NOT (3 <= l)", "NOT (3 > l)", "NOT (3 >= l)", "0 = l % 2", "2L > i",
        "ts > TIMESTAMP '2026-12-07 00:00:02'", "TIMESTAMP '2026-12-07 00:00:02' >= ts",
        "ts = TIMESTAMP '2026-12-07 00:00:03Z'", "ts > TIMESTAMP '2026-12-07 00:00:04' - INTERVAL 3 SECONDS",
        "ts > DATE '2026-12-07'", "ts <= '2026-12-07 00:00:01'",
    })
    void keepsTheRowsWhoseComparisonIsTrue(String condition) {
        assertKeepsTheTrueRows(condition, Batches.UTC);
    }

    /** A TIMESTAMP literal without a zone is placed in each evaluation's session zone. */
    @ParameterizedTest
    @ValueSource(strings = {"ts > TIMESTAMP '2026-12-07 01:00:02'", "DATE '2026-12-07' < ts",
        "ts <= TIMESTAMP '2026-12-07 01:00:04' - INTERVAL 1 SECOND"})
    void placesATimestampLiteralInTheSessionZone(String condition) {
        assertKeepsTheTrueRows(condition, PARIS);
    }

    private static void assertKeepsTheTrueRows(String condition, EvaluationContext context) {
        BoundExpression bound = ExpressionAnalyzer.bind(ExpressionParser.parse(condition), SCHEMA);
        ConstantComparisonSelection selection = ConstantComparisonSelection.of(bound);
        assertThat(selection).isNotNull();
        Random random = new Random(condition.hashCode());
        Object[][] rows = new Object[1000][];
        for (int r = 0; r < rows.length; r++) {
            long value = random.nextInt(9) - 2;
            rows[r] = random.nextInt(5) == 0 ? new Object[] {null, null, null}
                    : new Object[] {(int) value, value, T.plusSeconds(value)};
        }
        ColumnarBatch batch = Batches.of(SCHEMA, rows);
        int[] kept = new int[rows.length];
        // the same selection in another zone first, as a query's next batch may be
        selection.select(batch, context == Batches.UTC ? PARIS : Batches.UTC, kept);

        int count = selection.select(batch, context, kept);

        BooleanVector truth = (BooleanVector) bound.evaluate(batch, context);
        int[] expected = IntStream.range(0, rows.length)
                .filter(r -> truth.values()[r] && !truth.isNull(r)).toArray();
        assertThat(Arrays.copyOf(kept, count)).containsExactly(expected);
    }

    @Test
    void keepsAllOrNoneOfAChunkWithoutNulls() {
        ColumnarBatch batch = Batches.of(SCHEMA, new Object[] {1, 1L, T}, new Object[] {5, 5L, T});
        int[] kept = new int[2];

        assertThat(select("l > -100", batch, kept)).isEqualTo(2);
        assertThat(kept).containsExactly(0, 1);
        assertThat(select("l > 100", batch, kept)).isZero();
    }

    private static int select(String condition, ColumnarBatch batch, int[] kept) {
        return ConstantComparisonSelection.of(ExpressionAnalyzer.bind(ExpressionParser.parse(condition), SCHEMA))
                .select(batch, Batches.UTC, kept);
    }

    /**
     * A NULL constant (or one that may be NULL), {@code NOT <=>} (true for NULL), a comparison of
     * two columns and other shapes keep the general way.
     */
    @ParameterizedTest
    @ValueSource(strings = {"l = NULL", "NULL < l", "NOT (l <=> 3)", "NOT (3 <=> l)", "l < i", "l > 1 AND l < 3",
        "CAST(l AS DOUBLE) > 1", "l > CAST(NULL AS BIGINT)", "ts > ts - INTERVAL 1 SECOND"})
    void leavesTheOtherConditionsToTheGeneralWay(String condition) {
        BoundExpression bound = ExpressionAnalyzer.bind(ExpressionParser.parse(condition), SCHEMA);

        assertThat(ConstantComparisonSelection.of(bound)).isNull();
    }
}
