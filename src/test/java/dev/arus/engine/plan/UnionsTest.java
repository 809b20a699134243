package dev.arus.engine.plan;

import static dev.arus.engine.api.functions.col;
import static dev.arus.engine.api.functions.expr;
import static dev.arus.engine.api.functions.window;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.arus.engine.api.SqlTables;
import dev.arus.engine.api.StreamFrame;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.Row;
import dev.arus.engine.streaming.AnalysisException;
import dev.arus.engine.streaming.StreamingQueryProgress;
import dev.arus.engine.testing.QueryTestDriver;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Spark's union of streams batch by batch, as Spark 4.2.0 runs the same queries: two
 * {@code rate-micro-batch} streams, {@code a} (2 rows a batch, batch b at b s) and {@code b} (3
 * rows a batch, batch b at 3b s, values shifted by 100). Each batch holds what each input read;
 * each input keeps its own watermark, and the query's is the least of them (or, with the
 * {@code max} policy, the greatest); progress shows the first input's event times, and lists the
 * sources first input first.
 */
class UnionsTest {

    private static final Instant EPOCH = Instant.EPOCH;

    @TempDir
    Path directory;

    /** Each batch's rows of the last {@link #windowCounts} run. */
    private final List<List<String>> rows = new ArrayList<>();

    private static StreamFrame a(QueryTestDriver driver) {
        return micro(driver, 2, 1000).select("value", "timestamp");
    }

    private static StreamFrame b(QueryTestDriver driver) {
        return micro(driver, 3, 3000).selectExpr("value + 100 AS value", "timestamp");
    }

    private static StreamFrame micro(QueryTestDriver driver, int rows, long advanceMillis) {
        return driver.session().readStream().format("rate-micro-batch").option("rowsPerBatch", rows)
                .option("startTimestamp", 0).option("advanceMillisPerBatch", advanceMillis).load();
    }

    private static List<String> texts(List<Row> rows) {
        return rows.stream().map(Row::toString).toList();
    }

    @Test
    void passesOnEveryRowOfEveryInputInTheBatchThatReadsIt() {
        try (QueryTestDriver driver = new QueryTestDriver(EPOCH)) {
            driver.startRecording(a(driver).union(b(driver)), w -> w.outputMode("append"));

            driver.runBatches(2);

            assertThat(texts(driver.rowsOf(0))).containsExactly("[0,1970-01-01T00:00:00Z]", "[1,1970-01-01T00:00:00Z]",
                    "[100,1970-01-01T00:00:00Z]", "[101,1970-01-01T00:00:00Z]", "[102,1970-01-01T00:00:00Z]");
            assertThat(texts(driver.rowsOf(1))).containsExactly("[2,1970-01-01T00:00:01Z]", "[3,1970-01-01T00:00:01Z]",
                    "[103,1970-01-01T00:00:03Z]", "[104,1970-01-01T00:00:03Z]", "[105,1970-01-01T00:00:03Z]");
            StreamingQueryProgress progress = driver.progress().get(1);
            assertThat(progress.numInputRows()).isEqualTo(5);
            assertThat(progress.sources()).extracting(StreamingQueryProgress.SourceProgress::numInputRows)
                    .containsExactly(2L, 3L);
            assertThat(progress.sources()).extracting(StreamingQueryProgress.SourceProgress::endOffset)
                    .containsExactly("{\"offset\":4,\"timestamp\":2000}", "{\"offset\":6,\"timestamp\":6000}");
        }
    }

    /** The window counts of the two inputs, each watermarked: in steps, or (with {@code sql}) in Spark SQL. */
    private static StreamFrame windowCounts(QueryTestDriver driver, boolean sql) {
        if (sql) {
            return driver.session().sql("""
                    SELECT window(ts, '4 seconds') AS w, count(*) AS n, sum(value) AS s
                    FROM (SELECT timestamp AS ts, value FROM a WATERMARK timestamp DELAY OF INTERVAL 2 SECONDS
                          UNION ALL
                          SELECT timestamp, value FROM b WATERMARK timestamp DELAY OF INTERVAL 1 SECOND)
                    GROUP BY 1""", SqlTables.none().stream("a", a(driver)).stream("b", b(driver)));
        }
        StreamFrame union = a(driver).select(col("timestamp").as("ts"), col("value"))
                .withWatermark("ts", "2 seconds")
                .union(b(driver).select("timestamp", "value").withWatermark("timestamp", "1 second"));
        return union.groupBy(window(col("ts"), "4 seconds").as("w")).agg(expr("count(*) AS n"), expr("sum(value) AS s"));
    }

    /** Runs 8 batches of {@link #windowCounts}, their rows into {@link #rows}; returns their progress. */
    private List<StreamingQueryProgress> windowCounts(String policy, boolean restart, boolean sql) {
        Path checkpoint = directory.resolve(policy + restart + sql);
        try (QueryTestDriver driver = new QueryTestDriver(EPOCH)) {
            if (restart) {
                driver.restartAfterEachBatch();
            }
            driver.startRecording(windowCounts(driver, sql), w -> w.outputMode("append")
                    .option("spark.sql.streaming.multipleWatermarkPolicy", policy)
                    .option("checkpointLocation", checkpoint.toString()));
            driver.runBatches(8);
            for (long batch = 0; batch < 8; batch++) {
                rows.add(texts(driver.rowsOf(batch)));
            }
            return driver.progress();
        }
    }

    private List<StreamingQueryProgress> windowCounts(String policy, boolean restart) {
        return windowCounts(policy, restart, false);
    }

    private static List<String> watermarks(List<StreamingQueryProgress> progress) {
        return progress.stream().map(p -> p.eventTime().get("watermark")).toList();
    }

    @Test
    void holdsTheWatermarkAtTheLeastOfTheInputsWatermarks() {
        List<StreamingQueryProgress> progress = windowCounts("min", false);

        assertThat(rows).containsExactly(List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), List.of(),
                List.of("[[1970-01-01T00:00:00Z,1970-01-01T00:00:04Z],14,643]"));
        assertThat(watermarks(progress)).containsExactly("1970-01-01T00:00:00.000Z", "1970-01-01T00:00:00.000Z",
                "1970-01-01T00:00:00.000Z", "1970-01-01T00:00:00.000Z", "1970-01-01T00:00:01.000Z",
                "1970-01-01T00:00:02.000Z", "1970-01-01T00:00:03.000Z", "1970-01-01T00:00:04.000Z");
        // the first input's event times, as Spark reports the first watermark operator's
        assertThat(progress).extracting(p -> p.eventTime().get("max")).containsExactly("1970-01-01T00:00:00.000Z",
                "1970-01-01T00:00:01.000Z", "1970-01-01T00:00:02.000Z", "1970-01-01T00:00:03.000Z",
                "1970-01-01T00:00:04.000Z", "1970-01-01T00:00:05.000Z", "1970-01-01T00:00:06.000Z",
                "1970-01-01T00:00:07.000Z");
        assertThat(progress).extracting(p -> p.stateOperators().get(0).numRowsTotal())
                .containsExactly(1L, 1L, 2L, 3L, 4L, 4L, 5L, 5L);
        assertThat(progress).extracting(p -> p.stateOperators().get(0).numRowsDroppedByWatermark())
                .containsOnly(0L);
    }

    @Test
    void holdsTheWatermarkAtTheGreatestOfTheInputsWatermarksUnderTheMaxPolicy() {
        List<StreamingQueryProgress> progress = windowCounts("max", false);

        assertThat(rows).containsExactly(List.of(), List.of(), List.of(),
                List.of("[[1970-01-01T00:00:00Z,1970-01-01T00:00:04Z],14,643]"),
                List.of("[[1970-01-01T00:00:04Z,1970-01-01T00:00:08Z],5,338]"), List.of(),
                List.of("[[1970-01-01T00:00:08Z,1970-01-01T00:00:12Z],3,330]"),
                List.of("[[1970-01-01T00:00:12Z,1970-01-01T00:00:16Z],6,687]"));
        assertThat(watermarks(progress)).containsExactly("1970-01-01T00:00:00.000Z", "1970-01-01T00:00:00.000Z",
                "1970-01-01T00:00:02.000Z", "1970-01-01T00:00:05.000Z", "1970-01-01T00:00:08.000Z",
                "1970-01-01T00:00:11.000Z", "1970-01-01T00:00:14.000Z", "1970-01-01T00:00:17.000Z");
        assertThat(progress).extracting(p -> p.stateOperators().get(0).numRowsTotal())
                .containsExactly(1L, 1L, 2L, 2L, 2L, 2L, 2L, 2L);
        assertThat(progress).extracting(p -> p.stateOperators().get(0).numRowsDroppedByWatermark())
                .containsExactly(0L, 0L, 0L, 0L, 0L, 1L, 1L, 1L);
    }

    @Test
    void runsTheSameBatchesWhenRestartedFromItsCheckpointAfterEveryBatch() {
        List<StreamingQueryProgress> once = windowCounts("max", false);
        List<List<String>> expected = List.copyOf(rows);
        rows.clear();

        List<StreamingQueryProgress> restarted = windowCounts("max", true);

        assertThat(rows).isEqualTo(expected);
        assertThat(watermarks(restarted)).isEqualTo(watermarks(once));
        assertThat(Files.isDirectory(directory.resolve("maxtruefalse").resolve("state/0/0"))).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"min", "max"})
    void runsTheSameBatchesWhenWrittenInSql(String policy) {
        List<StreamingQueryProgress> steps = windowCounts(policy, false);
        List<List<String>> expected = List.copyOf(rows);
        rows.clear();

        List<StreamingQueryProgress> sql = windowCounts(policy, false, true);

        assertThat(rows).isEqualTo(expected);
        assertThat(watermarks(sql)).isEqualTo(watermarks(steps));
        assertThat(sql).extracting(p -> p.stateOperators().get(0).numRowsTotal())
                .isEqualTo(steps.stream().map(p -> p.stateOperators().get(0).numRowsTotal()).toList());
    }

    /** Spark 4.2.0's {@code SELECT value % 3 AS k FROM a UNION SELECT value % 4 FROM b} in complete mode. */
    @Test
    void keepsEachDistinctRowOfEveryInputForUnionInCompleteMode() {
        try (QueryTestDriver driver = new QueryTestDriver(EPOCH)) {
            StreamFrame distinct = driver.session().sql("SELECT value % 3 AS k FROM a UNION SELECT (value - 100) % 4"
                    + " FROM b", SqlTables.none().stream("a", a(driver)).stream("b", b(driver)));
            driver.startRecording(distinct, w -> w.outputMode("complete"));

            driver.runBatches(4);

            assertThat(texts(driver.rowsOf(0))).containsExactly("[0]", "[1]", "[2]");
            assertThat(texts(driver.rowsOf(3))).containsExactly("[0]", "[1]", "[2]", "[3]");
            assertThat(driver.progress()).extracting(p -> p.stateOperators().get(0).numRowsTotal())
                    .containsExactly(3L, 4L, 4L, 4L);
            assertThat(driver.progress()).extracting(p -> p.stateOperators().get(0).operatorName())
                    .containsOnly("stateStoreSave");
        }
    }

    @Test
    void widensEachColumnToTheTypeAllInputsWidenToAndNamesItAsTheFirstInput() {
        try (QueryTestDriver driver = new QueryTestDriver(EPOCH)) {
            StreamFrame union = a(driver).selectExpr("CAST(value AS INT) AS x", "'a' AS s",
                            "CAST(value AS DOUBLE) AS d", "timestamp", "CAST(value AS DECIMAL(5,2)) AS m")
                    .union(b(driver).selectExpr("value", "value", "value", "CAST(timestamp AS DATE)", "value"))
                    .union(b(driver).selectExpr("NULL", "NULL", "NULL", "NULL", "NULL"));

            assertThat(union.schema().fields()).extracting(Field::name).containsExactly("x", "s", "d", "timestamp", "m");
            assertThat(union.schema().fields()).extracting(field -> field.type().sql())
                    .containsExactly("BIGINT", "BIGINT", "DOUBLE", "TIMESTAMP", "DECIMAL(22,2)");
            assertThat(union.schema().fields()).extracting(Field::nullable).containsOnly(true);
        }
    }

    @Test
    void refusesInputsWithDifferentNumbersOfColumnsAsSparkDoes() {
        try (QueryTestDriver driver = new QueryTestDriver(EPOCH)) {
            AnalysisException error = refused(() -> a(driver).union(b(driver)).union(b(driver).select("value")));

            assertThat(error.errorClass()).isEqualTo("NUM_COLUMNS_MISMATCH");
            assertThat(error).hasMessage("[NUM_COLUMNS_MISMATCH] UNION can only be performed on inputs with the same"
                    + " number of columns, but the first input has 2 columns and the third input has 1 columns."
                    + " SQLSTATE: 42826");
        }
    }

    @Test
    void refusesAColumnWhoseTypesHaveNoCommonTypeAsSparkDoes() {
        try (QueryTestDriver driver = new QueryTestDriver(EPOCH)) {
            AnalysisException error = refused(() -> a(driver).union(b(driver))
                    .union(b(driver).select("value", "value")));

            assertThat(error.errorClass()).isEqualTo("INCOMPATIBLE_COLUMN_TYPE");
            assertThat(error).hasMessage("[INCOMPATIBLE_COLUMN_TYPE] UNION can only be performed on tables with"
                    + " compatible column types. The second column of the third table is \"BIGINT\" type which is"
                    + " not compatible with \"TIMESTAMP\" at the same column of the first table.. SQLSTATE: 42825");
        }
    }

    @Test
    void takesTheOtherSidesColumnsByNameForUnionByName() throws Exception {
        try (QueryTestDriver driver = new QueryTestDriver(EPOCH)) {
            StreamFrame swapped = a(driver).unionByName(b(driver).selectExpr("TIMESTAMP", "VALUE"));
            assertThat(swapped.columns()).containsExactly("value", "timestamp");
            driver.startRecording(swapped, w -> w.outputMode("append"));
            driver.runBatches(1);
            assertThat(texts(driver.rowsOf(0))).contains("[100,1970-01-01T00:00:00Z]");

            StreamFrame filled = a(driver).unionByName(b(driver).selectExpr("value AS v", "timestamp"), true);
            assertThat(filled.columns()).containsExactly("value", "timestamp", "v");

            assertThat(refused(() -> a(driver).unionByName(b(driver).selectExpr("value AS v", "timestamp"))))
                    .hasMessage("[UNRESOLVED_COLUMN_AMONG_FIELD_NAMES] Cannot resolve column name \"value\" among"
                            + " (v, timestamp). SQLSTATE: 42703");
            assertThat(refused(() -> a(driver).unionByName(b(driver).selectExpr("value", "timestamp", "1 AS extra"))).errorClass())
                    .isEqualTo("NUM_COLUMNS_MISMATCH");
            assertThat(refused(() -> a(driver).selectExpr("value", "timestamp", "value AS VALUE")
                    .unionByName(b(driver)))).hasMessage("[COLUMN_ALREADY_EXISTS] The column `value` already exists."
                    + " Choose another name or rename the existing column. SQLSTATE: 42711");
        }
    }

    private static AnalysisException refused(Runnable query) {
        return catchThrowableOfType(AnalysisException.class, query::run);
    }
}
