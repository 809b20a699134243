package dev.arus.engine.api;

import static dev.arus.engine.api.functions.col;
import static dev.arus.engine.api.functions.expr;
import static dev.arus.engine.api.functions.window;
import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.engine.plan.RequiredColumns;
import dev.arus.engine.testing.QueryTestDriver;
import java.time.Instant;
import java.util.BitSet;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** Which of the source's columns ({@code timestamp}, {@code value}) a query reads. */
class RequiredColumnsTest {

    private static BitSet read(Function<StreamFrame, StreamFrame> query) {
        try (QueryTestDriver driver = new QueryTestDriver(Instant.EPOCH)) {
            StreamFrame rate = driver.session().readStream().format("rate").load();
            return RequiredColumns.of(query.apply(rate).plan());
        }
    }

    private static BitSet columns(int... positions) {
        BitSet set = new BitSet();
        for (int position : positions) {
            set.set(position);
        }
        return set;
    }

    @Test
    void anAggregationReadsTheColumnsOfItsKeysAggregatesAndTheStepsBelowIt() {
        assertThat(read(rate -> rate.withWatermark("timestamp", "4 seconds")
                .groupBy(window(col("timestamp"), "8 seconds")).count())).isEqualTo(columns(0));
        assertThat(read(rate -> rate.groupBy(expr("value % 2 AS parity")).count())).isEqualTo(columns(1));
        assertThat(read(rate -> rate.filter("value > 3").withWatermark("timestamp", "1 second")
                .groupBy(window(col("timestamp"), "8 seconds")).count())).isEqualTo(columns(0, 1));
    }

    @Test
    void aProjectionReadsWhatItNamesAndWhatComesAfterItIsItsOwn() {
        assertThat(read(rate -> rate.selectExpr("value * 2 AS doubled").filter("doubled > 4"))).isEqualTo(columns(1));
        assertThat(read(rate -> rate.withColumn("v2", expr("value + 1")))).isEqualTo(columns(0, 1));
        assertThat(read(rate -> rate.selectExpr("CASE WHEN value > 1 THEN timestamp END AS t")))
                .isEqualTo(columns(0, 1));
    }

    @Test
    void rowsHandedOnAsTheyAreReadEveryColumn() {
        assertThat(read(rate -> rate)).isEqualTo(columns(0, 1));
        assertThat(read(rate -> rate.filter("value > 3"))).isEqualTo(columns(0, 1));
    }
}
