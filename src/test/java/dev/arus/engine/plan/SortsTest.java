package dev.arus.engine.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.arus.engine.api.SqlTables;
import dev.arus.engine.api.StreamFrame;
import dev.arus.engine.data.Row;
import dev.arus.engine.streaming.AnalysisException;
import dev.arus.engine.testing.QueryTestDriver;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Spark's {@code ORDER BY} of a stream: after an aggregation in complete mode each batch's rows
 * are the whole result in the sort's order, whatever state partition each group is kept in;
 * elsewhere Spark's refusal. The input is a {@code rate-micro-batch} stream of 10 rows a batch,
 * values 0 to 9 in batch 0 and 10 to 19 in batch 1, its groups spread over 4 state partitions.
 */
class SortsTest {

    private static StreamFrame sql(QueryTestDriver driver, String statement) {
        StreamFrame numbers = driver.session().readStream().format("rate-micro-batch").option("rowsPerBatch", 10)
                .load();
        return driver.session().sql(statement, SqlTables.none().stream("numbers", numbers));
    }

    private static List<String> texts(List<Row> rows) {
        return rows.stream().map(Row::toString).toList();
    }

    @Test
    void emitsEachBatchOfACompleteAggregationInTheSortsOrder() {
        try (QueryTestDriver driver = new QueryTestDriver(Instant.EPOCH, 4)) {
            driver.startRecording(sql(driver, "SELECT value % 4 AS k, count(*) AS n, sum(value) AS s FROM numbers"
                    + " GROUP BY 1 ORDER BY s DESC"), w -> w.outputMode("complete"));

            driver.runBatches(2);

            assertThat(texts(driver.rowsOf(0))).containsExactly("[1,3,15]", "[0,3,12]", "[3,2,10]", "[2,2,8]");
            assertThat(texts(driver.rowsOf(1))).containsExactly("[3,5,55]", "[2,5,50]", "[1,5,45]", "[0,5,40]");
            // Spark runs the aggregation's stage once more to sample it for the sort's ranges, and counts it twice
            assertThat(driver.progress()).extracting(p -> p.stateOperators().get(0).numRowsTotal())
                    .containsExactly(8L, 8L);
            assertThat(driver.progress()).extracting(p -> p.stateOperators().get(0).numRowsUpdated())
                    .containsExactly(8L, 8L);
        }
    }

    @Test
    void countsTheStateOnceWithOnePartitionSinceSparkThenSamplesNothing() {
        try (QueryTestDriver driver = new QueryTestDriver(Instant.EPOCH, 1)) {
            driver.startRecording(sql(driver, "SELECT value % 4 AS k, count(*) AS n FROM numbers GROUP BY 1"
                    + " ORDER BY n"), w -> w.outputMode("complete"));

            driver.runBatches(1);

            assertThat(driver.progress().get(0).stateOperators().get(0).numRowsTotal()).isEqualTo(4);
        }
    }

    @Test
    void sortsByEachKeyInTurnWithNullsFirstAscendingAndLastDescending() {
        try (QueryTestDriver driver = new QueryTestDriver(Instant.EPOCH, 4)) {
            driver.startRecording(sql(driver, "SELECT CASE WHEN value % 4 = 0 THEN NULL ELSE value % 4 END AS k,"
                    + " count(*) AS n FROM numbers GROUP BY 1 ORDER BY n, k DESC"), w -> w.outputMode("complete"));
            driver.runBatches(1);
            assertThat(texts(driver.rowsOf(0))).containsExactly("[3,2]", "[2,2]", "[1,3]", "[null,3]");
        }
        try (QueryTestDriver driver = new QueryTestDriver(Instant.EPOCH, 4)) {
            driver.startRecording(sql(driver, "SELECT CASE WHEN value % 4 = 0 THEN NULL ELSE value % 4 END AS k,"
                    + " count(*) AS n FROM numbers GROUP BY 1 ORDER BY k"), w -> w.outputMode("complete"));
            driver.runBatches(1);
            assertThat(texts(driver.rowsOf(0))).containsExactly("[null,3]", "[1,3]", "[2,2]", "[3,2]");
        }
    }

    @Test
    void showsTheFirstRowsInTheSortsOrderOnTheConsole() {
        try (QueryTestDriver driver = new QueryTestDriver(Instant.EPOCH, 4)) {
            driver.start(sql(driver, "SELECT value % 4 AS k, sum(value) AS s FROM numbers GROUP BY 1 ORDER BY s"),
                    w -> w.outputMode("complete").format("console").option("numRows", 2));

            driver.runBatches(2);

            assertThat(driver.consoleText()).contains("""
                    +---+---+
                    |  k|  s|
                    +---+---+
                    |  0| 40|
                    |  1| 45|
                    +---+---+
                    only showing top 2 rows""");
        }
    }

    @Test
    void refusesASortAfterAnAggregationInUpdateModeAsSparkDoesWhenTheQueryStarts() {
        try (QueryTestDriver driver = new QueryTestDriver(Instant.EPOCH)) {
            StreamFrame sorted = sql(driver, "SELECT value % 4 AS k, count(*) AS n FROM numbers GROUP BY 1 ORDER BY n");

            AnalysisException error = catchThrowableOfType(AnalysisException.class,
                    () -> driver.startRecording(sorted, w -> w.outputMode("update")));

            assertThat(error.errorClass()).isEqualTo(AnalysisException.UNSUPPORTED_STREAMING_OPERATION);
            assertThat(error).hasMessage("Sorting is not supported on streaming DataFrames/Datasets, unless it is on"
                    + " aggregated DataFrame/Dataset in Complete output mode");
        }
    }

    @Test
    void refusesAStepAfterASortSinceArusSortsTheOutput() {
        try (QueryTestDriver driver = new QueryTestDriver(Instant.EPOCH)) {
            StreamFrame projected = sql(driver, "SELECT value % 4 AS k, count(*) AS n FROM numbers GROUP BY 1"
                    + " ORDER BY n").select("k");

            AnalysisException error = catchThrowableOfType(AnalysisException.class,
                    () -> driver.startRecording(projected, w -> w.outputMode("complete")));

            assertThat(error.errorClass()).isEqualTo("UNSUPPORTED_FEATURE.SORT_NOT_LAST");
        }
    }
}
