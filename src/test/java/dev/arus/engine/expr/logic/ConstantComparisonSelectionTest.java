package dev.arus.engine.expr.logic;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.BooleanVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.Schema;
import dev.arus.engine.expr.Batches;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.analysis.ExpressionAnalyzer;
import dev.arus.engine.expr.sql.ExpressionParser;
import java.time.Instant;
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

    @ParameterizedTest
    @ValueSource(strings = {
        "l = 3", "l <> 3", "l != 3", "l < 3", "l <= 3", "l > 3", "l >= 3", "l <=> 3",
        "NOT (l = 3)", "NOT (l < 3)", "NOT (l <= 3)", "NOT (l > 3)", "NOT (l >= 3)",
        "i = 2", "i < 2", "i >= 2L", "i > 1.5", "l % 2 = 0", "l * 3 + 1 > 7", "i + l <= 4",
        "l > -100", "l > 100",
    })
    void keepsTheRowsWhoseComparisonIsTrue(String condition) {
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
        BooleanVector truth = (BooleanVector) bound.evaluate(batch, Batches.UTC);
        int[] expected = IntStream.range(0, rows.length)
                .filter(r -> truth.values()[r] && !truth.isNull(r)).toArray();

        int[] kept = new int[rows.length];
        int count = selection.select(batch, Batches.UTC, kept);

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
     * A NULL constant, {@code NOT <=>} (true for NULL) and other shapes keep the general way; so
     * does a timestamp literal, which the binder does not make a constant.
     */
    @ParameterizedTest
    @ValueSource(strings = {"l = NULL", "NOT (l <=> 3)", "3 < l", "l < i", "l > 1 AND l < 3", "CAST(l AS DOUBLE) > 1",
        "ts > TIMESTAMP '2026-12-07 00:00:02'"})
    void leavesTheOtherConditionsToTheGeneralWay(String condition) {
        BoundExpression bound = ExpressionAnalyzer.bind(ExpressionParser.parse(condition), SCHEMA);

        assertThat(ConstantComparisonSelection.of(bound)).isNull();
    }
}
