package dev.arus.engine.exec.aggregate;

import static dev.arus.engine.api.functions.col;
import static dev.arus.engine.api.functions.expr;
import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.engine.api.StreamFrame;
import dev.arus.engine.data.Row;
import dev.arus.engine.testing.QueryTestDriver;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Grouping by dates and decimals, and Spark's sum, avg, min and max of decimals, kept in state
 * across restarts. The input: rate-micro-batch, 4 rows per batch (values 0..11 in 3 batches);
 * {@code amount = CAST(value AS DECIMAL(10,2)) + 0.15} is a decimal(11,2), so Spark's
 * {@code sum(amount)} is a decimal(21,2) (wider than a long holds), {@code avg(amount)} a
 * decimal(15,6) and {@code min}/{@code max} decimal(11,2).
 */
class DecimalAndDateGroupingTest {

    private static final Instant T = Instant.parse("2026-10-16T13:30:00Z");

    private static StreamFrame amounts(QueryTestDriver driver) {
        return driver.session().readStream().format("rate-micro-batch")
                .option("rowsPerBatch", 4).option("numPartitions", 2)
                .option("startTimestamp", T.toEpochMilli()).load()
                .withColumn("day", expr("DATE '2026-12-01' + CAST(value % 2 AS INT)"))
                .withColumn("amount", expr("CAST(value AS DECIMAL(10,2)) + 0.15"));
    }

    @Test
    void sumsAveragesAndExtremesOfDecimalsPerDayAsSparkShowsThem(@TempDir Path checkpoint) {
        try (QueryTestDriver driver = new QueryTestDriver(T).restartAfterEachBatch()) {
            StreamFrame perDay = amounts(driver).groupBy(col("day"))
                    .agg("sum(amount)", "avg(amount)", "min(amount)", "max(amount)");
            driver.start(perDay, w -> w.format("console").option("truncate", "false").outputMode("complete")
                    .option("checkpointLocation", checkpoint.toString()));

            driver.runBatches(3);

            assertThat(driver.restarts()).as(driver.history()).isPositive();
            assertThat(driver.consoleText()).endsWith("""
                    -------------------------------------------
                    Batch: 2
                    -------------------------------------------
                    +----------+-----------+-----------+-----------+-----------+
                    |day       |sum(amount)|avg(amount)|min(amount)|max(amount)|
                    +----------+-----------+-----------+-----------+-----------+
                    |2026-12-01|30.90      |5.150000   |0.15       |10.15      |
                    |2026-12-02|36.90      |6.150000   |1.15       |11.15      |
                    +----------+-----------+-----------+-----------+-----------+

                    """);
        }
    }

    @Test
    void givesDecimalAggregatesSparksResultTypes() {
        try (QueryTestDriver driver = new QueryTestDriver(T)) {
            StreamFrame perDay = amounts(driver).groupBy(col("day"))
                    .agg("sum(amount)", "avg(amount)", "min(amount)", "max(amount)");
            driver.startRecording(perDay, w -> w.outputMode("complete"));

            driver.runBatches(1);

            Row first = driver.rowsOf(0).get(0);
            assertThat(first.schema()).hasToString("struct<day:date,sum(amount):decimal(21,2),"
                    + "avg(amount):decimal(15,6),min(amount):decimal(11,2),max(amount):decimal(11,2)>");
            assertThat(first.values()).containsExactly(LocalDate.parse("2026-12-01"), new BigDecimal("2.30"),
                    new BigDecimal("1.150000"), new BigDecimal("0.15"), new BigDecimal("2.15"));
        }
    }

    @Test
    void groupsByADecimalWiderThanALongAcrossPartitionsAndRestarts(@TempDir Path checkpoint) {
        try (QueryTestDriver driver = new QueryTestDriver(T, 2).restartAfterEachBatch()) {
            StreamFrame perBucket = amounts(driver)
                    .groupBy(expr("CAST(value % 3 AS DECIMAL(30,1)) AS bucket")).agg("sum(amount)");
            driver.startRecording(perBucket, w -> w.outputMode("complete")
                    .option("checkpointLocation", checkpoint.toString()));

            driver.runBatches(3);

            assertThat(driver.rowsOf(2)).as(driver.history())
                    .extracting(row -> row.get(0) + "=" + row.get(1))
                    .containsExactlyInAnyOrder("0.0=18.60", "1.0=22.60", "2.0=26.60");
        }
    }
}
