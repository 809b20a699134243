package dev.arus.engine.api;

import static dev.arus.engine.api.functions.col;
import static dev.arus.engine.api.functions.expr;
import static dev.arus.engine.testing.StreamCase.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.arus.engine.streaming.AnalysisException;
import dev.arus.engine.streaming.ParseException;
import dev.arus.engine.streaming.StreamingQueryProgress;
import dev.arus.engine.streaming.StreamingQueryProgress.StateOperatorProgress;
import dev.arus.engine.testing.StreamCase;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ArusSession#sql}: a query written in Spark SQL runs the batches the same query written
 * as DataFrame steps runs, row for row, with the same watermarks and state figures, over streams
 * of the event log fed batch by batch; a name with no view is the log's stream of that name.
 */
class ArusSessionSqlTest {

    private static final String PAIRS = "k INT, t BIGINT";

    @TempDir
    Path directory;

    private final List<StreamCase> cases = new ArrayList<>();

    @AfterEach
    void close() {
        cases.forEach(StreamCase::close);
    }

    /**
     * Spark's {@code StreamingJoinSuite} case of a two-sided time range (as
     * {@code StreamStreamJoinTest} runs it in steps), written in SQL: derived tables with their
     * WATERMARK clauses and aliases, joined on the key and the range.
     */
    @Test
    void joinsTwoStreamsOnATimeRangeBatchForBatchAsTheSteps() {
        Function<List<StreamFrame>, StreamFrame> steps = in -> side(in.get(0), "left", 2, "20 seconds")
                .join(side(in.get(1), "right", 3, "30 seconds"), expr("leftKey = rightKey AND leftTime BETWEEN"
                        + " rightTime - INTERVAL 10 SECONDS AND rightTime + INTERVAL 5 SECONDS"))
                .select(col("leftKey"), expr("CAST(leftTime AS INT)"), expr("CAST(rightTime AS INT)"));
        String sql = """
                SELECT l.leftKey, CAST(leftTime AS INT), CAST(rightTime AS INT)
                FROM (SELECT k AS leftKey, timestamp_seconds(t) AS leftTime, k * 2 AS leftValue FROM input0)
                       WATERMARK leftTime DELAY OF INTERVAL 20 SECONDS l
                JOIN (SELECT k AS rightKey, timestamp_seconds(t) AS rightTime, k * 3 AS rightValue FROM input1)
                       WATERMARK rightTime DELAY OF INTERVAL 30 SECONDS AS r
                  ON leftKey = rightKey
                 AND leftTime BETWEEN rightTime - INTERVAL 10 SECONDS AND rightTime + INTERVAL 5 SECONDS
                """;

        List<StreamCase.Batch> expected = joinCase(steps);
        List<StreamCase.Batch> actual = joinCase(in -> sql(in, sql));

        assertSameBatches(actual, expected);
        assertThat(expected.stream().mapToInt(b -> b.rows().size()).sum()).isEqualTo(11);
    }

    private List<StreamCase.Batch> joinCase(Function<List<StreamFrame>, StreamFrame> query) {
        return query(List.of(PAIRS, PAIRS), query, "append")
                .feed(0, keyed(1, 20))
                .feed(1, keyed(1, 14, 15, 25, 26, 30, 31))
                .feed(1, keyed(1, 60))
                .feed(0, keyed(1, 49, 50, 65, 66))
                .feed(0, keyed(1, 30, 31))
                .feed(1, keyed(1, 80))
                .feed(1, keyed(1, 46, 50))
                .batches();
    }

    /**
     * A keyed window count with HAVING and a select list in another order than the aggregation's
     * output, against groupBy, agg, filter and select.
     */
    @Test
    void aggregatesFiltersAndReordersAsTheSteps() {
        Function<List<StreamFrame>, StreamFrame> steps = in -> in.get(0)
                .withColumn("event_time", expr("timestamp_seconds(t)"))
                .withWatermark("event_time", "10 seconds")
                .groupBy(expr("window(event_time, '10 seconds')"), expr("k % 2 AS parity"))
                .agg("count(*) AS n", "max(t)")
                .filter("`max(t)` > 5")
                .selectExpr("n", "parity", "window", "n * 10 AS tens");
        String sql = """
                SELECT count(*) AS n, k % 2 AS parity, window(event_time, '10 seconds') AS window,
                       count(*) * 10 AS tens
                FROM input WATERMARK timestamp_seconds(t) AS event_time DELAY OF INTERVAL 10 SECONDS
                GROUP BY 3, parity
                HAVING max(t) > 5
                """;

        List<StreamCase.Batch> expected = windowCase(steps, "update");
        List<StreamCase.Batch> actual = windowCase(in -> sql(in, sql), "update");

        assertSameBatches(actual, expected);
        assertThat(expected.get(0).rows()).containsExactly("[2,0,[1970-01-01T00:00:00Z,1970-01-01T00:00:10Z],20]");
    }

    private List<StreamCase.Batch> windowCase(Function<List<StreamFrame>, StreamFrame> query, String mode) {
        return query(List.of(PAIRS), query, mode)
                .feed(row(1, 2L), row(2, 6L), row(4, 9L))
                .feed(row(3, 14L), row(5, 25L))
                .feed(row(7, 1L), row(8, 33L))
                .batches();
    }

    /**
     * {@code SELECT DISTINCT} is an aggregation by every column, as Spark plans it (operator
     * {@code stateStoreSave}, not a deduplication): in append mode a row comes out once the
     * watermark passes its event time, and once only.
     */
    @Test
    void emitsEachDistinctRowOnceTheWatermarkPassesIt() {
        String sql = """
                SELECT DISTINCT k % 2 AS parity, event_time
                FROM input WATERMARK timestamp_seconds(t) AS event_time DELAY OF INTERVAL 5 SECONDS
                """;

        List<StreamCase.Batch> batches = query(List.of(PAIRS), in -> sql(in, sql), "append")
                .feed(row(1, 10L), row(3, 10L), row(2, 10L))
                .feed(row(5, 10L), row(4, 20L))
                .feed(row(6, 30L))
                .batches();

        assertThat(batches).extracting(StreamCase.Batch::rows).containsExactly(
                List.of(),
                List.of(), // no-data: the watermark moves to 5 s
                List.of(),
                List.of("[0,1970-01-01T00:00:10Z]", "[1,1970-01-01T00:00:10Z]"), // no-data: 15 s passes 10 s
                List.of(),
                List.of("[0,1970-01-01T00:00:20Z]")); // no-data at 25 s
        assertThat(batches).extracting(b -> b.progress().stateOperators().get(0).operatorName())
                .containsOnly("stateStoreSave");
    }

    /** A stream joined with a static table read from a file, on columns both have, in both orders of the two. */
    @Test
    void joinsAStreamWithAStaticTableOfTheSpecsTables() throws IOException {
        Path catalogue = directory.resolve("catalogue.csv");
        Files.writeString(catalogue, "k,name\n1,one\n2,two\n");
        Function<List<StreamFrame>, StreamFrame> steps = in -> in.get(0).join(table(in.get(0), catalogue),
                List.of("k"), "left_outer").select("k", "t", "name");
        String sql = "SELECT k, t, name FROM input LEFT OUTER JOIN names USING (k)";
        String swapped = "SELECT * FROM names n RIGHT JOIN STREAM(input) i ON n.k = i.k";

        List<StreamCase.Batch> expected = tableCase(steps);
        List<StreamCase.Batch> actual = tableCase(in -> in.get(0).session().sql(sql, SqlTables.none()
                .stream("input", in.get(0)).table("names", table(in.get(0), catalogue))));
        List<StreamCase.Batch> rightJoin = tableCase(in -> in.get(0).session().sql(swapped, SqlTables.none()
                .stream("input", in.get(0)).table("names", table(in.get(0), catalogue))));

        assertSameBatches(actual, expected);
        assertThat(expected.get(0).rows()).containsExactly("[1,5,one]", "[3,7,null]");
        assertThat(rightJoin.get(0).rows()).containsExactly("[1,one,1,5,2026-12-01T10:00:00Z]",
                "[null,null,3,7,2026-12-01T10:00:00Z]");
    }

    private List<StreamCase.Batch> tableCase(Function<List<StreamFrame>, StreamFrame> query) {
        return query(List.of(PAIRS), query, "append").feed(row(1, 5L), row(3, 7L)).batches();
    }

    private static StaticFrame table(StreamFrame stream, Path file) {
        return stream.session().read().format("csv").option("header", true).schema("k INT, name STRING")
                .load(file.toString());
    }

    /** A LATERAL VIEW explode and a CTE, against a select of the generator beside every column. */
    @Test
    void explodesALateralViewAsTheGeneratorInTheSelectList() {
        Function<List<StreamFrame>, StreamFrame> steps = in -> in.get(0)
                .selectExpr("k", "t", "explode(array(k, k * 10)) AS each")
                .filter("each > 1")
                .selectExpr("k", "each");
        String sql = """
                WITH rows AS (SELECT * FROM input)
                SELECT k, x.each FROM rows LATERAL VIEW explode(array(k, k * 10)) x AS each WHERE each > 1
                """;

        List<StreamCase.Batch> expected = tableCase(steps);
        List<StreamCase.Batch> actual = tableCase(in -> sql(in, sql));

        assertSameBatches(actual, expected);
        assertThat(expected.get(0).rows()).containsExactly("[1,10]", "[3,3]", "[3,30]");
    }

    /** Lambdas over an aggregate's collected values, and over a grouping key inside their body. */
    @Test
    void runsLambdasOverAggregatedArraysAsTheSteps() {
        Function<List<StreamFrame>, StreamFrame> steps = in -> in.get(0)
                .groupBy(expr("k % 2 AS parity"))
                .agg("collect_list(t) AS ts")
                .selectExpr("parity", "transform(array_sort(ts), x -> x * (parity + 1)) AS scaled",
                        "aggregate(ts, 0L, (acc, x) -> acc + x) AS total");
        String sql = """
                SELECT k % 2 AS parity, transform(array_sort(collect_list(t)), x -> x * (k % 2 + 1)) AS scaled,
                       aggregate(collect_list(t), 0L, (acc, x) -> acc + x) AS total
                FROM input GROUP BY k % 2
                """;

        List<StreamCase.Batch> expected = lambdaCase(steps);
        List<StreamCase.Batch> actual = lambdaCase(in -> sql(in, sql));

        assertSameBatches(actual, expected);
        assertThat(expected.get(1).rows()).containsExactlyInAnyOrder("[1,[2, 10, 14],13]", "[0,[6],6]");
    }

    private List<StreamCase.Batch> lambdaCase(Function<List<StreamFrame>, StreamFrame> query) {
        return query(List.of(PAIRS), query, "complete").feed(row(1, 5L), row(2, 6L)).feed(row(3, 7L), row(5, 1L))
                .batches();
    }

    /** A name that no view has is the event log's stream of that name, read from its latest offsets. */
    @Test
    void readsAnEventLogStreamByItsOwnName() {
        StreamCase run = query(List.of(PAIRS), in -> in.get(0).session().sql("SELECT k + 1 AS next FROM input"
                + " WHERE t > 0"), "append");

        assertThat(run.feed(row(1, 1L), row(2, 0L)).rows()).containsExactly(List.of("[2]"));
    }

    @Test
    void reportsAnUnknownTableWithItsLineAndPosition() {
        StreamCase run = query(List.of(PAIRS), in -> in.get(0), "append");

        AnalysisException error = catchThrowableOfType(AnalysisException.class,
                () -> run.driver().session().sql("SELECT *\n  FROM inputs"));

        assertThat(error.errorClass()).isEqualTo("TABLE_OR_VIEW_NOT_FOUND");
        assertThat(error.getMessage()).endsWith("; line 2 pos 7");
    }

    @Test
    void refusesCreateStreamingTableAsAQuery() {
        ParseException error = catchThrowableOfType(ParseException.class, () -> query(List.of(PAIRS), in -> in.get(0)
                .session().sql("CREATE STREAMING TABLE t AS SELECT * FROM input"), "append"));

        assertThat(error.errorClass()).isEqualTo("UNSUPPORTED_FEATURE.SQL_CONSTRUCT");
    }

    private StreamCase query(List<String> schemas, Function<List<StreamFrame>, StreamFrame> query, String mode) {
        StreamCase run = new StreamCase(directory.resolve("case-" + cases.size()), schemas, false, query,
                w -> w.outputMode(mode));
        cases.add(run);
        return run;
    }

    /** {@code sql} over the inputs, as views {@code input} (one input) or {@code input0}, {@code input1}. */
    private static StreamFrame sql(List<StreamFrame> inputs, String sql) {
        SqlTables tables = SqlTables.none();
        for (int i = 0; i < inputs.size(); i++) {
            tables = tables.stream(inputs.size() == 1 ? "input" : "input" + i, inputs.get(i));
        }
        return inputs.get(0).session().sql(sql, tables);
    }

    private static StreamFrame side(StreamFrame input, String prefix, int multiplier, String delay) {
        return input.select(col("k").as(prefix + "Key"), expr("timestamp_seconds(t)").as(prefix + "Time"),
                        expr("k * " + multiplier).as(prefix + "Value"))
                .withWatermark(prefix + "Time", delay);
    }

    private static Object[][] keyed(int key, long... times) {
        return IntStream.range(0, times.length).mapToObj(i -> row(key, times[i])).toArray(Object[][]::new);
    }

    /** The same rows in each batch (in any order), the same input counts, watermarks and state figures. */
    private static void assertSameBatches(List<StreamCase.Batch> actual, List<StreamCase.Batch> expected) {
        assertThat(actual).hasSameSizeAs(expected);
        for (int b = 0; b < expected.size(); b++) {
            StreamingQueryProgress want = expected.get(b).progress();
            StreamingQueryProgress got = actual.get(b).progress();
            assertThat(actual.get(b).rows()).as("rows of batch %d", b)
                    .containsExactlyInAnyOrderElementsOf(expected.get(b).rows());
            assertThat(got.batchId()).isEqualTo(want.batchId());
            assertThat(got.numInputRows()).as("input rows of batch %d", b).isEqualTo(want.numInputRows());
            assertThat(got.eventTime()).as("event time of batch %d", b).isEqualTo(want.eventTime());
            assertThat(got.stateOperators()).as("state of batch %d", b).extracting(StateOperatorProgress::operatorName,
                    StateOperatorProgress::numRowsTotal, StateOperatorProgress::numRowsUpdated,
                    StateOperatorProgress::numRowsRemoved, StateOperatorProgress::numRowsDroppedByWatermark)
                    .isEqualTo(want.stateOperators().stream().map(s -> org.assertj.core.groups.Tuple.tuple(
                            s.operatorName(), s.numRowsTotal(), s.numRowsUpdated(), s.numRowsRemoved(),
                            s.numRowsDroppedByWatermark())).toList());
        }
    }
}
