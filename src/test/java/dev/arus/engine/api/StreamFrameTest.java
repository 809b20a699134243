package dev.arus.engine.api;

import static dev.arus.engine.api.functions.col;
import static dev.arus.engine.api.functions.expr;
import static dev.arus.engine.api.functions.lit;
import static dev.arus.engine.api.functions.window;
import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.engine.data.Field;
import dev.arus.engine.data.Row;
import dev.arus.engine.testing.QueryTestDriver;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The frame's steps: the schema each gives, named and typed as Spark's, and the rows it keeps. */
class StreamFrameTest {

    private final QueryTestDriver driver = new QueryTestDriver(Instant.ofEpochMilli(1_700_000_000_000L));

    @AfterEach
    void close() {
        driver.close();
    }

    @Test
    void rateSourceHasSparksSchema() {
        assertThat(describe(rate())).containsExactly("timestamp timestamp", "value bigint");
        assertThat(rate().isStreaming()).isTrue();
    }

    @Test
    void withColumnReplacesAnExistingColumnInPlace() {
        StreamFrame frame = rate().withColumn("VALUE", col("value").cast("string"));

        assertThat(describe(frame)).containsExactly("timestamp timestamp", "VALUE string");
    }

    @Test
    void withColumnAppendsANewColumn() {
        StreamFrame frame = rate().withColumn("bucket", expr("value % 3"));

        assertThat(describe(frame)).containsExactly("timestamp timestamp", "value bigint", "bucket bigint");
    }

    @Test
    void selectAndSelectExprNameColumnsAsSpark() {
        assertThat(rate().select("value").columns()).containsExactly("value");
        assertThat(describe(rate().select(col("value").plus(lit(1)), col("timestamp"))))
                .containsExactly("(value + 1) bigint", "timestamp timestamp");
        assertThat(describe(rate().selectExpr("value * 2 AS doubled", "value % 3", "CAST(value AS INT) v")))
                .containsExactly("doubled bigint", "(value % 3) bigint", "v int");
    }

    @Test
    void selectExprTakesAStarForEveryColumnAndAStructsStarForItsFieldsAsSpark() {
        assertThat(describe(rate().selectExpr("*", "value * 2 AS doubled")))
                .containsExactly("timestamp timestamp", "value bigint", "doubled bigint");
        StreamFrame windows = rate().groupBy(window(col("timestamp"), "10 seconds")).count();
        assertThat(describe(windows.selectExpr("window.*", " * ")))
                .containsExactly("start timestamp", "end timestamp", "window struct<start:timestamp,end:timestamp>",
                        "count bigint");
    }

    @Test
    void filterAndWhereKeepTheSchemaAndTheMatchingRows() {
        StreamFrame evens = rate().filter("value % 2 = 0").where(col("value").lt(lit(6)));

        assertThat(describe(evens)).containsExactly("timestamp timestamp", "value bigint");
        driver.startRecording(evens, w -> w);
        driver.runTrigger();
        assertThat(values(driver.rowsOf(0))).containsExactly(0L, 2L, 4L);
    }

    @Test
    void groupByWindowCountGivesAWindowStructAndABigintCount() {
        StreamFrame counts = rate().groupBy(window(col("timestamp"), "10 seconds")).count();

        assertThat(describe(counts)).containsExactly("window struct<start:timestamp,end:timestamp>", "count bigint");
    }

    @Test
    void groupByColumnNamesAndAggregateExpressions() {
        StreamFrame frame = rate().withColumn("bucket", expr("value % 3"))
                .groupBy("bucket")
                .agg("count(*)", "sum(value) AS total", "avg(value)", "max(value)");

        assertThat(describe(frame)).containsExactly("bucket bigint", "count(1) bigint", "total bigint",
                "avg(value) double", "max(value) bigint");
    }

    @Test
    void aggregatedFrameRunsInCompleteMode() {
        StreamFrame frame = rate().withColumn("bucket", expr("value % 2")).groupBy("bucket").count();
        driver.startRecording(frame, w -> w.outputMode("complete"));

        driver.runTrigger();

        assertThat(driver.rowsOf(0)).extracting(Row::values)
                .containsExactlyInAnyOrder(List.of(0L, 5L), List.of(1L, 5L));
    }

    @Test
    void decodesJsonFromABinaryValueColumnAsAKafkaQueryDoes() {
        // a Kafka-like value column: binary JSON
        StreamFrame kafka = driver.session().readStream().format("rate-micro-batch").option("rowsPerBatch", 2).load()
                .selectExpr("CAST(to_json(named_struct('amount', value, 'item', concat('i', value))) AS BINARY) AS value");
        StreamFrame orders = kafka
                .selectExpr("value", "from_json(CAST(value AS STRING), 'amount BIGINT, item STRING') AS data")
                .selectExpr("value", "data", "data.amount", "get_json_object(CAST(value AS STRING), '$.item')");

        assertThat(describe(orders)).containsExactly("value binary", "data struct<amount:bigint,item:string>",
                "amount bigint", "get_json_object(CAST(value AS STRING), $.item) string");
        driver.start(orders, w -> w.format("console").option("truncate", false));
        driver.runTrigger();

        assertThat(driver.consoleText()).isEqualTo("""
                -------------------------------------------
                Batch: 0
                -------------------------------------------
                +-------------------------------------------------------------------------+-------+------+----------------------------------------------+
                |value                                                                    |data   |amount|get_json_object(CAST(value AS STRING), $.item)|
                +-------------------------------------------------------------------------+-------+------+----------------------------------------------+
                |[7B 22 61 6D 6F 75 6E 74 22 3A 30 2C 22 69 74 65 6D 22 3A 22 69 30 22 7D]|{0, i0}|0     |i0                                            |
                |[7B 22 61 6D 6F 75 6E 74 22 3A 31 2C 22 69 74 65 6D 22 3A 22 69 31 22 7D]|{1, i1}|1     |i1                                            |
                +-------------------------------------------------------------------------+-------+------+----------------------------------------------+

                """);
    }

    private StreamFrame rate() {
        return driver.session().readStream().format("rate-micro-batch").option("rowsPerBatch", 10)
                .option("numPartitions", 1).load();
    }

    private static List<String> describe(StreamFrame frame) {
        return frame.schema().fields().stream().map(StreamFrameTest::describe).toList();
    }

    private static String describe(Field field) {
        return field.name() + " " + field.type().simpleString();
    }

    private static List<Object> values(List<Row> rows) {
        return rows.stream().map(r -> r.get("value")).toList();
    }
}
