package dev.arus.engine.exec.aggregate;

import static dev.arus.engine.api.functions.col;
import static dev.arus.engine.api.functions.expr;
import static dev.arus.engine.api.functions.session_window;
import static dev.arus.engine.testing.StreamCase.row;
import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.engine.data.Field;
import dev.arus.engine.data.Row;
import dev.arus.engine.api.Column;
import dev.arus.engine.api.StreamFrame;
import dev.arus.engine.streaming.AnalysisException;
import dev.arus.engine.testing.QueryTestDriver;
import dev.arus.engine.testing.StreamCase;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The aggregates beyond count, sum, avg, min and max, each a column of one streaming
 * {@code groupBy(k).agg(...)} in complete mode over two batches, run straight through and
 * restarted from its checkpoint after each batch (so every running value also goes through the
 * state files). Each expectation gives the column's name and type as Spark shows them and its
 * value per key after each batch; the values are Spark's for this input (the moments chosen so
 * that Spark's updates and merges are exact in doubles).
 */
class AggregateFunctionsTest {

    private static final String SCHEMA = "k STRING, v BIGINT, d DOUBLE, b BOOLEAN, s STRING";

    private static final Object[][] FIRST_BATCH = {
        row("a", 1L, 1.0, true, "x"),
        row("a", null, null, null, null),
        row("b", 5L, 2.5, false, "y"),
        row("a", 3L, 3.0, true, "x"),
        row("c", null, null, null, null),
    };

    private static final Object[][] SECOND_BATCH = {
        row("a", 2L, 2.0, false, "z"),
        row("b", 7L, 3.5, false, "y"),
        row("b", null, null, null, null),
        row("c", 9L, 8.0, true, "w"),
    };

    /** One aggregate column: how it is written, what Spark calls it, its type, and its values by key per batch. */
    private record Expected(String aggregate, String name, String type, boolean nullable,
                            String afterFirstBatch, String afterSecondBatch) {
    }

    private static final List<Expected> EXPECTED = List.of(
            new Expected("first(v)", "first(v)", "bigint", true,
                    "a=1 b=5 c=null", "a=1 b=5 c=null"),
            new Expected("first(v, true)", "first(v)", "bigint", true,
                    "a=1 b=5 c=null", "a=1 b=5 c=9"),
            new Expected("first_value(s)", "first_value(s)", "string", true,
                    "a=x b=y c=null", "a=x b=y c=null"),
            new Expected("last(v)", "last(v)", "bigint", true,
                    "a=3 b=5 c=null", "a=2 b=null c=9"),
            new Expected("last_value(v, true)", "last_value(v)", "bigint", true,
                    "a=3 b=5 c=null", "a=2 b=7 c=9"),
            new Expected("collect_list(s)", "collect_list(s)", "array<string>", false,
                    "a=[x, x] b=[y] c=[]", "a=[x, x, z] b=[y, y] c=[w]"),
            new Expected("array_agg(v)", "collect_list(v)", "array<bigint>", false,
                    "a=[1, 3] b=[5] c=[]", "a=[1, 3, 2] b=[5, 7] c=[9]"),
            new Expected("collect_set(s)", "collect_set(s)", "array<string>", false,
                    "a=[x] b=[y] c=[]", "a=[x, z] b=[y] c=[w]"),
            new Expected("count_if(b)", "count_if(b)", "bigint", false,
                    "a=2 b=0 c=0", "a=2 b=0 c=1"),
            new Expected("count_if(v > 2)", "count_if((v > 2))", "bigint", false,
                    "a=1 b=1 c=0", "a=1 b=2 c=1"),
            new Expected("bool_and(b)", "bool_and(b)", "boolean", true,
                    "a=true b=false c=null", "a=false b=false c=true"),
            new Expected("every(b)", "every(b)", "boolean", true,
                    "a=true b=false c=null", "a=false b=false c=true"),
            new Expected("bool_or(b)", "bool_or(b)", "boolean", true,
                    "a=true b=false c=null", "a=true b=false c=true"),
            new Expected("some(b)", "some(b)", "boolean", true,
                    "a=true b=false c=null", "a=true b=false c=true"),
            new Expected("any(b)", "any(b)", "boolean", true,
                    "a=true b=false c=null", "a=true b=false c=true"),
            new Expected("mean(v)", "mean(v)", "double", true,
                    "a=2.0 b=5.0 c=null", "a=2.0 b=6.0 c=9.0"),
            new Expected("stddev(d)", "stddev(d)", "double", true,
                    "a=1.4142135623730951 b=null c=null", "a=1.0 b=0.7071067811865476 c=null"),
            new Expected("std(v)", "std(v)", "double", true,
                    "a=1.4142135623730951 b=null c=null", "a=1.0 b=1.4142135623730951 c=null"),
            new Expected("stddev_samp(d)", "stddev_samp(d)", "double", true,
                    "a=1.4142135623730951 b=null c=null", "a=1.0 b=0.7071067811865476 c=null"),
            new Expected("stddev_pop(d)", "stddev_pop(d)", "double", true,
                    "a=1.0 b=0.0 c=null", "a=0.816496580927726 b=0.5 c=0.0"),
            new Expected("variance(d)", "variance(d)", "double", true,
                    "a=2.0 b=null c=null", "a=1.0 b=0.5 c=null"),
            new Expected("var_samp(d)", "var_samp(d)", "double", true,
                    "a=2.0 b=null c=null", "a=1.0 b=0.5 c=null"),
            new Expected("var_pop(d)", "var_pop(d)", "double", true,
                    "a=1.0 b=0.0 c=null", "a=0.6666666666666666 b=0.25 c=0.0"),
            new Expected("max_by(v, d)", "max_by(v, d)", "bigint", true,
                    "a=3 b=5 c=null", "a=3 b=7 c=9"),
            new Expected("min_by(v, d)", "min_by(v, d)", "bigint", true,
                    "a=1 b=5 c=null", "a=1 b=5 c=9"),
            // equal orderings: the later row wins, within a batch (a's 3 over 1) and over the stored
            // value (b's 7 over 5), as Spark's if(old > new, old, new) keeps it
            new Expected("max_by(v, b)", "max_by(v, b)", "bigint", true,
                    "a=3 b=5 c=null", "a=3 b=7 c=9"),
            new Expected("min_by(s, b)", "min_by(s, b)", "string", true,
                    "a=x b=y c=null", "a=z b=y c=w"),
            // a NULL value at a non-NULL ordering is the result (b's, then c's first)
            new Expected("max_by(d, k)", "max_by(d, k)", "double", true,
                    "a=3.0 b=2.5 c=null", "a=2.0 b=null c=8.0"),
            // the median of two values is the lower one, Spark's smallest value with rank >= ceil(0.5 * 2)
            new Expected("percentile_approx(v, 0.5)", "percentile_approx(v, 0.5, 10000)", "bigint", true,
                    "a=1 b=5 c=null", "a=2 b=5 c=9"),
            new Expected("approx_percentile(d, array(0.5, 1.0), 100)", "approx_percentile(d, array(0.5, 1.0), 100)",
                    "array<double>", true,
                    "a=[1.0, 3.0] b=[2.5, 2.5] c=null", "a=[2.0, 3.0] b=[2.5, 3.5] c=[8.0, 8.0]"));

    @TempDir
    Path directory;

    @ParameterizedTest(name = "restarted after each batch: {0}")
    @ValueSource(booleans = {false, true})
    void givesSparksNamesTypesAndValuesBatchByBatch(boolean restart) {
        String[] aggregates = EXPECTED.stream().skip(1).map(Expected::aggregate).toArray(String[]::new);
        try (StreamCase query = new StreamCase(directory, SCHEMA, restart,
                in -> in.groupBy(col("k")).agg(EXPECTED.get(0).aggregate(), aggregates), w -> w.outputMode("complete"))) {
            query.feed(FIRST_BATCH).feed(SECOND_BATCH);

            List<Row> first = query.driver().rowsOf(0);
            List<Row> second = query.driver().rowsOf(1);
            List<Field> fields = first.get(0).schema().fields();
            for (int c = 0; c < EXPECTED.size(); c++) {
                Expected expected = EXPECTED.get(c);
                Field field = fields.get(c + 1);
                String what = expected.aggregate() + "\n" + query.driver().history();
                assertThat(field.name()).as(what).isEqualTo(expected.name());
                assertThat(field.type().simpleString()).as(what).isEqualTo(expected.type());
                assertThat(field.nullable()).as(what).isEqualTo(expected.nullable());
                assertThat(valuesByKey(first, c + 1)).as(what).isEqualTo(expected.afterFirstBatch());
                assertThat(valuesByKey(second, c + 1)).as(what).isEqualTo(expected.afterSecondBatch());
            }
            if (restart) {
                assertThat(query.driver().restarts()).isPositive();
            }
        }
    }

    private static String valuesByKey(List<Row> rows, int column) {
        List<String> values = new ArrayList<>();
        for (Row row : rows) {
            values.add(row.get(0) + "=" + row.get(column));
        }
        return String.join(" ", values);
    }

    /**
     * Sessions of 5 s that merge in the second batch: [1, 6) and [10, 15) stored, then a row at
     * 5 s whose session [5, 10) joins them into [1, 15); the moments, counts and flags of
     * the stored sessions merge with it, and the session is emitted once the watermark passes its end.
     */
    @ParameterizedTest(name = "restarted after each batch: {0}")
    @ValueSource(booleans = {false, true})
    void mergesRunningValuesWhenSessionsMerge(boolean restart) {
        try (StreamCase query = new StreamCase(directory, "k STRING, t BIGINT, v BIGINT", restart,
                in -> in.withColumn("eventTime", expr("timestamp_seconds(t)"))
                        .withWatermark("eventTime", "10 seconds")
                        .groupBy(session_window(col("eventTime"), "5 seconds"), col("k"))
                        .agg("var_pop(v)", "count_if(v > 1)", "bool_and(v < 3)", "stddev(v)")
                        .selectExpr("k", "CAST(session_window.start AS BIGINT) AS start",
                                "CAST(session_window.end AS BIGINT) AS stop", "`var_pop(v)`", "`count_if((v > 1))`",
                                "`bool_and((v < 3))`", "`stddev(v)`"),
                w -> w.outputMode("append"))) {
            query.feed(row("a", 1L, 1L), row("a", 10L, 3L))
                    .feed(row("a", 5L, 2L))
                    .feed(row("a", 40L, 0L));

            assertThat(query.rows().stream().flatMap(List::stream).toList()).as(query.driver().history())
                    .containsExactly("[a,1,15,0.6666666666666666,2,false,1.0]");
        }
    }

    /**
     * Spark's documented examples of {@code percentile_approx}, each group's values split over two
     * batches: over 0, 1, 2, 10 {@code array(0.5, 0.4, 0.1)} at accuracy 100 gives [1, 1, 0], and
     * over 0, 6, 7, 9, 10 the median is 7.
     */
    @ParameterizedTest(name = "restarted after each batch: {0}")
    @ValueSource(booleans = {false, true})
    void givesTheApproximatePercentilesOfSparksDocumentation(boolean restart) {
        try (StreamCase query = new StreamCase(directory, "k STRING, v INT", restart,
                in -> in.groupBy(col("k")).agg("percentile_approx(v, array(0.5, 0.4, 0.1), 100)",
                        "percentile_approx(v, 0.5, 100)"), w -> w.outputMode("update"))) {
            query.feed(row("doc", 0), row("doc", 1), row("odd", 0), row("odd", 6), row("odd", 7))
                    .feed(row("odd", 10), row("doc", 2), row("doc", 10), row("odd", 9));

            List<Row> rows = query.driver().rowsOf(1);
            assertThat(rows.get(0).schema().fields()).extracting(f -> f.name() + ":" + f.type().simpleString())
                    .containsExactly("k:string", "percentile_approx(v, array(0.5, 0.4, 0.1), 100):array<int>",
                            "percentile_approx(v, 0.5, 100):int");
            assertThat(valuesByKey(rows, 1) + " " + valuesByKey(rows, 2)).as(query.driver().history())
                    .isEqualTo("doc=[1, 1, 0] odd=[7, 6, 0] doc=1 odd=7");
        }
    }

    /**
     * Spark's ApproximatePercentileQuerySuite over 1..1000 at the default accuracy: the quartiles
     * 250, 500 and 750, 1 and 1000 at 0 and 1, and over 1..10 {@code array(0.01, 0.1, 0.11)} gives
     * [1, 1, 2]. The values come in two batches over two partitions, restarted in between, so the
     * summaries merge and go through the state files.
     */
    @Test
    void givesTheApproximatePercentilesOfSparksQuerySuite() {
        try (QueryTestDriver driver = new QueryTestDriver(Instant.parse("2026-12-01T10:00:00Z"))
                .restartAfterEachBatch()) {
            StreamFrame values = driver.session().readStream().format("rate-micro-batch")
                    .option("rowsPerBatch", 500).option("numPartitions", 2).load()
                    .selectExpr("CAST(value + 1 AS INT) AS col");
            driver.startRecording(values.groupBy(new Column[0]).agg("percentile_approx(col, 0.25)",
                    "percentile_approx(col, array(0.5, 0.75))", "percentile_approx(col, 0)", "percentile_approx(col, 1)",
                    "percentile_approx(CASE WHEN col <= 10 THEN col END, array(0.01, 0.1, 0.11))"),
                    w -> w.outputMode("complete").option("checkpointLocation", directory.toString()));

            driver.runBatches(2);

            Row percentiles = driver.rowsOf(1).get(0);
            assertThat(percentiles.schema().fields()).extracting(Field::name).containsExactly(
                    "percentile_approx(col, 0.25, 10000)", "percentile_approx(col, array(0.5, 0.75), 10000)",
                    "percentile_approx(col, 0, 10000)", "percentile_approx(col, 1, 10000)",
                    "percentile_approx(CASE WHEN (col <= 10) THEN col END, array(0.01, 0.1, 0.11), 10000)");
            assertThat(percentiles.values()).extracting(String::valueOf).as(driver.history())
                    .containsExactly("250", "[500, 750]", "1", "1000", "[1, 1, 2]");
            assertThat(driver.restarts()).isPositive();
        }
    }

    @Test
    void refusesDistinctAggregatesAsSparksStreamingCheckDoes() {
        try (StreamCase ignored = new StreamCase(directory, SCHEMA, false,
                in -> in.groupBy(col("k")).agg("count(DISTINCT v)"), w -> w.outputMode("complete"))) {
            throw new AssertionError("the query started");
        } catch (AnalysisException refused) {
            assertThat(refused.errorClass()).isEqualTo(AnalysisException.UNSUPPORTED_STREAMING_OPERATION);
            assertThat(refused).hasMessage("Distinct aggregations are not supported on streaming DataFrames/Datasets."
                    + " Consider using approx_count_distinct() instead.");
        }
    }

    /**
     * HyperLogLog++ as Spark's: {@code approx_count_distinct} of the 10,000 BIGINTs 0..9999 gives
     * what PySpark 4.2 gives for {@code id % 10000} over {@code range(1000000)}: 9571 with the
     * default rsd (512 registers, the raw estimate), 9965 with rsd 0.01 (16,384 registers, linear
     * counting) and 7939 with rsd 0.2 (32 registers). The values come in two batches over two
     * partitions, restarted from the checkpoint in between, so the sketches also merge and go
     * through the state files.
     */
    @Test
    void countsDistinctValuesApproximatelyAsSparksHyperLogLogPlusPlus() {
        try (QueryTestDriver driver = new QueryTestDriver(Instant.parse("2026-12-01T10:00:00Z"))
                .restartAfterEachBatch()) {
            StreamFrame values = driver.session().readStream().format("rate-micro-batch")
                    .option("rowsPerBatch", 5000).option("numPartitions", 2).load();
            driver.startRecording(values.groupBy(new Column[0]).agg("approx_count_distinct(value)",
                    "approx_count_distinct(value, 0.01)", "approx_count_distinct(value % 10000, 0.2)",
                    "approx_count_distinct(CAST(value AS STRING))"), w -> w.outputMode("complete")
                    .option("checkpointLocation", directory.toString()));

            driver.runBatches(2);

            Row counts = driver.rowsOf(1).get(0);
            assertThat(counts.schema().fields()).extracting(Field::name).containsExactly(
                    "approx_count_distinct(value)", "approx_count_distinct(value)",
                    "approx_count_distinct((value % 10000))", "approx_count_distinct(CAST(value AS STRING))");
            assertThat(counts.values()).as(driver.history()).containsExactly(9571L, 9965L, 7939L,
                    counts.get(3));
            assertThat((Long) counts.get(3)).isBetween(9000L, 11000L);
            assertThat(driver.restarts()).isPositive();
        }
    }
}
