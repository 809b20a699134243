package dev.arus.engine.jdbc;

import static dev.arus.engine.api.functions.col;
import static dev.arus.engine.api.functions.expr;
import static dev.arus.engine.api.functions.window;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arus.engine.api.DataStreamWriter;
import dev.arus.engine.api.StreamFrame;
import dev.arus.engine.streaming.ArusException;
import dev.arus.engine.streaming.InvalidOptionException;
import dev.arus.engine.streaming.StreamingQueryProgress;
import dev.arus.engine.testing.QueryTestDriver;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code jdbc} sink against a real PostgreSQL server, read back with SQL: the table created
 * with Spark's PostgreSQL types or an existing one checked, append, update and complete, the
 * window as two columns, a batch run again after a crash skipped, and the sink's error classes.
 */
class JdbcSinkTest {

    private static final Instant START = Instant.parse("2026-12-01T10:00:00Z");
    private static final PostgresTestServer DATABASE = PostgresTestServer.shared();
    private static final Map<String, String> SHOP = Map.of(
            "arus.jdbc.connections.shop.url", DATABASE.url(),
            "arus.jdbc.connections.shop.user", PostgresTestServer.USER,
            "arus.jdbc.connections.shop.password", PostgresTestServer.PASSWORD);

    @TempDir
    Path directory;

    private final List<QueryTestDriver> drivers = new ArrayList<>();

    @AfterEach
    void closeDrivers() {
        drivers.forEach(QueryTestDriver::close);
    }

    private QueryTestDriver driver(Map<String, String> conf) {
        QueryTestDriver driver = new QueryTestDriver(START, 1, null, conf);
        drivers.add(driver);
        return driver;
    }

    /** Rows 0, 1, 2 in batch 0, 3, 4, 5 in batch 1 and so on, a second apart from 10:00:00. */
    private static StreamFrame numbers(QueryTestDriver driver, int rowsPerBatch) {
        return driver.session().readStream().format("rate-micro-batch").option("rowsPerBatch", rowsPerBatch)
                .option("startTimestamp", START.toEpochMilli()).option("advanceMillisPerBatch", 1000).load();
    }

    private static Function<DataStreamWriter, DataStreamWriter> jdbc(String table, String mode) {
        return w -> w.format("jdbc").outputMode(mode).option("connection", "shop").option("table", table)
                .option("createTable", true);
    }

    private static List<String> columnTypes(String table) {
        return DATABASE.rows("SELECT column_name || ' ' || data_type || ' ' || is_nullable FROM "
                + "information_schema.columns WHERE table_name = '" + table + "' ORDER BY ordinal_position");
    }

    @Test
    void appendCopiesEachBatchIntoATableCreatedWithSparksPostgresTypes() {
        QueryTestDriver driver = driver(SHOP);
        driver.start(numbers(driver, 3).selectExpr("value", "CAST(value AS INT) AS small", "CAST(value AS DOUBLE) * 1.5 AS price",
                "CAST(value AS STRING) AS label", "timestamp", "CAST(timestamp AS DATE) AS day",
                "value % 2 = 0 AS even", "CAST(value AS DECIMAL(10, 2)) AS amount", "array(value, value + 1) AS pair",
                "CAST(concat('a\tb\\\\', value) AS BINARY) AS raw"), jdbc("appended", "append"));
        driver.runBatches(2);

        assertThat(columnTypes("appended")).containsExactly("value bigint YES", "small integer YES",
                "price double precision YES", "label text YES", "timestamp timestamp with time zone YES",
                "day date YES", "even boolean YES", "amount numeric YES", "pair ARRAY NO", "raw bytea YES");
        assertThat(DATABASE.rows("SELECT value, small, price, label, timestamp AT TIME ZONE 'UTC', day, even, "
                + "amount, pair, convert_from(raw, 'UTF8') FROM appended ORDER BY value"))
                .as(driver.history()).containsExactly(
                        "0|0|0|0|2026-12-01 10:00:00|2026-12-01|t|0.00|{0,1}|a\tb\\0",
                        "1|1|1.5|1|2026-12-01 10:00:00|2026-12-01|f|1.00|{1,2}|a\tb\\1",
                        "2|2|3|2|2026-12-01 10:00:00|2026-12-01|t|2.00|{2,3}|a\tb\\2",
                        "3|3|4.5|3|2026-12-01 10:00:01|2026-12-01|f|3.00|{3,4}|a\tb\\3",
                        "4|4|6|4|2026-12-01 10:00:01|2026-12-01|t|4.00|{4,5}|a\tb\\4",
                        "5|5|7.5|5|2026-12-01 10:00:01|2026-12-01|f|5.00|{5,6}|a\tb\\5");
    }

    @Test
    void progressReportsTheRowsWrittenTheTimeTakenAndTheTarget() {
        QueryTestDriver driver = driver(SHOP);
        driver.start(numbers(driver, 4).selectExpr("value"), jdbc("measured", "append"));
        StreamingQueryProgress progress = driver.runTrigger();

        assertThat(progress.sink().description()).isEqualTo("JdbcSink[shop: measured]");
        assertThat(progress.sink().metrics()).containsEntry("rowsWritten", "4").containsEntry("target", "shop: measured")
                .containsEntry("lastWriteAt", "2026-12-01T10:00:00.000Z").containsEntry("lastWrittenBatchId", "0")
                .containsKey("writeTimeMs");
    }

    @Test
    void updateUpsertsByTheGroupingKeysWithTheWindowAsItsStartAndEndColumns() {
        QueryTestDriver driver = driver(SHOP);
        driver.start(numbers(driver, 4).groupBy(window(col("timestamp"), "2 seconds"), expr("value % 2 AS parity"))
                .agg("count(*) AS orders", "sum(value) AS total"), jdbc("per_window", "update"));
        driver.runBatches(1);
        assertThat(DATABASE.rows("SELECT window_start AT TIME ZONE 'UTC', window_end AT TIME ZONE 'UTC', parity, "
                + "orders, total FROM per_window ORDER BY 1, parity")).as(driver.history()).containsExactly(
                        "2026-12-01 10:00:00|2026-12-01 10:00:02|0|2|2",
                        "2026-12-01 10:00:00|2026-12-01 10:00:02|1|2|4");
        driver.runBatches(2);

        assertThat(DATABASE.rows("SELECT window_start AT TIME ZONE 'UTC', parity, orders, total FROM per_window "
                + "ORDER BY 1, parity")).as(driver.history()).containsExactly(
                        "2026-12-01 10:00:00|0|4|12", "2026-12-01 10:00:00|1|4|16",
                        "2026-12-01 10:00:02|0|2|18", "2026-12-01 10:00:02|1|2|20");
        assertThat(columnTypes("per_window")).startsWith("window_start timestamp with time zone YES",
                "window_end timestamp with time zone YES");
    }

    @Test
    void updateUpsertsByTheKeysOptionIntoAnExistingTableWithAPrimaryKey() {
        DATABASE.execute("CREATE TABLE keyed (parity BIGINT PRIMARY KEY, total BIGINT, note TEXT DEFAULT 'kept')");
        QueryTestDriver driver = driver(SHOP);
        driver.start(numbers(driver, 4).groupBy(expr("value % 2 AS parity")).agg("sum(value) AS total"),
                w -> w.format("jdbc").outputMode("update").option("connection", "shop").option("table", "keyed")
                        .option("keys", "parity"));
        driver.runBatches(2);

        assertThat(DATABASE.rows("SELECT parity, total, note FROM keyed ORDER BY parity")).as(driver.history())
                .containsExactly("0|12|kept", "1|16|kept");
    }

    @Test
    void completeReplacesTheTablesRowsWithEachBatchInOneTransaction() {
        QueryTestDriver driver = driver(SHOP);
        driver.start(numbers(driver, 3).groupBy(expr("value % 3 AS bucket")).agg("max(value) AS top"),
                jdbc("replaced", "complete"));
        driver.runBatches(1);
        assertThat(DATABASE.rows("SELECT bucket, top FROM replaced ORDER BY bucket")).containsExactly("0|0", "1|1", "2|2");
        driver.runBatches(1);

        assertThat(DATABASE.rows("SELECT bucket, top FROM replaced ORDER BY bucket")).as(driver.history())
                .containsExactly("0|3", "1|4", "2|5");
    }

    /**
     * The commit log's last entry is removed, as a crash between the sink's commit and the
     * checkpoint's leaves it: the restarted query runs that batch again, and its transaction finds
     * the batch in arus_sink_commits and writes nothing.
     */
    @Test
    void aBatchRunAgainAfterACrashIsSkippedInsideItsTransaction() throws IOException {
        Path checkpoint = directory.resolve("checkpoint");
        QueryTestDriver driver = driver(SHOP);
        driver.start(numbers(driver, 3).selectExpr("value"), w -> jdbc("once", "append").apply(w)
                .option("checkpointLocation", checkpoint.toString()));
        driver.runBatches(2);
        driver.query().stop();
        Files.delete(checkpoint.resolve("commits").resolve("1"));
        driver.restart();
        StreamingQueryProgress rerun = driver.runTrigger();
        driver.runBatches(1);

        assertThat(rerun.batchId()).isEqualTo(1);
        assertThat(rerun.sink().metrics()).containsEntry("rowsWritten", "0").containsEntry("skippedAsCommitted", "true");
        assertThat(DATABASE.rows("SELECT value FROM once ORDER BY value")).as(driver.history())
                .containsExactly("0", "1", "2", "3", "4", "5", "6", "7", "8");
        assertThat(DATABASE.rows("SELECT batch_id, target FROM arus_sink_commits WHERE query_id = '"
                + driver.query().id() + "' ORDER BY batch_id")).containsExactly("0|once", "1|once", "2|once");
    }

    @Test
    void anExistingTableMissingAColumnIsRefusedNamingIt() {
        DATABASE.execute("CREATE TABLE lacking (value BIGINT)");
        QueryTestDriver driver = driver(SHOP);

        assertThatThrownBy(() -> driver.start(numbers(driver, 1).selectExpr("value", "timestamp AS at"),
                w -> w.format("jdbc").option("connection", "shop").option("table", "lacking")))
                .isInstanceOfSatisfying(InvalidOptionException.class, refused -> {
                    assertThat(refused.errorClass()).isEqualTo("JDBC_SINK_TABLE_MISMATCH");
                    assertThat(refused.option()).isEqualTo("table");
                })
                .hasMessageContaining("Table lacking has no column for 1 of the query's: at TIMESTAMP WITH TIME ZONE");
    }

    @Test
    void anExistingColumnOfAnotherTypeIsRefusedNamingBothTypes() {
        DATABASE.execute("CREATE TABLE mistyped (value TEXT, price INTEGER)");
        QueryTestDriver driver = driver(SHOP);

        assertThatThrownBy(() -> driver.start(numbers(driver, 1).selectExpr("value", "CAST(value AS DOUBLE) AS price"),
                w -> w.format("jdbc").option("connection", "shop").option("table", "mistyped")))
                .isInstanceOfSatisfying(InvalidOptionException.class,
                        refused -> assertThat(refused.errorClass()).isEqualTo("JDBC_SINK_TYPE_MISMATCH"))
                .hasMessageContaining("value is text, the query's value is bigint (BIGINT)")
                .hasMessageContaining("price is int4, the query's price is double (FLOAT8)");
    }

    @Test
    void aMissingTableIsRefusedUnlessCreateTableIsSet() {
        QueryTestDriver driver = driver(SHOP);

        assertThatThrownBy(() -> driver.start(numbers(driver, 1).selectExpr("value"),
                w -> w.format("jdbc").option("connection", "shop").option("table", "absent")))
                .isInstanceOfSatisfying(InvalidOptionException.class,
                        refused -> assertThat(refused.errorClass()).isEqualTo("JDBC_SINK_TABLE_MISMATCH"))
                .hasMessageContaining("Table absent does not exist");
    }

    @Test
    void upsertsIntoATableWithoutAUniqueIndexOnTheKeysAreRefused() {
        DATABASE.execute("CREATE TABLE unindexed (parity BIGINT NOT NULL, total BIGINT)");
        QueryTestDriver driver = driver(SHOP);

        assertThatThrownBy(() -> driver.start(numbers(driver, 1).groupBy(expr("value % 2 AS parity"))
                        .agg("sum(value) AS total"),
                w -> w.format("jdbc").outputMode("update").option("connection", "shop").option("table", "unindexed")))
                .isInstanceOfSatisfying(InvalidOptionException.class,
                        refused -> assertThat(refused.errorClass()).isEqualTo("JDBC_SINK_TABLE_MISMATCH"))
                .hasMessageContaining("has no unique index on the keys (parity)");
    }

    @Test
    void aRowThatBreaksAConstraintFailsTheQueryAndLeavesNothingOfItsBatch() {
        DATABASE.execute("CREATE TABLE checked (value BIGINT CHECK (value < 4))");
        QueryTestDriver driver = driver(SHOP);
        driver.start(numbers(driver, 3).selectExpr("value"),
                w -> w.format("jdbc").option("connection", "shop").option("table", "checked"));
        driver.runBatches(1);
        driver.runTrigger();

        assertThat(driver.query().exception()).as(driver.history()).get().satisfies(failed ->
                assertThat(((ArusException) failed.getCause()).errorClass()).isEqualTo("JDBC_SINK_CONSTRAINT_VIOLATED"));
        assertThat(DATABASE.rows("SELECT value FROM checked ORDER BY value")).containsExactly("0", "1", "2");
    }

    @Test
    void aValueTheColumnCannotHoldIsATypeMismatch() {
        DATABASE.execute("CREATE TABLE narrow (label VARCHAR(2))");
        QueryTestDriver driver = driver(SHOP);
        driver.start(numbers(driver, 3).selectExpr("repeat('x', CAST(value AS INT) + 1) AS label"),
                w -> w.format("jdbc").option("connection", "shop").option("table", "narrow"));
        driver.runTrigger();

        assertThat(driver.query().exception()).as(driver.history()).get().satisfies(failed ->
                assertThat(((ArusException) failed.getCause()).errorClass()).isEqualTo("JDBC_SINK_TYPE_MISMATCH"));
    }

    @Test
    void aConnectionTheServiceDoesNotConfigureIsRefusedAndNoCredentialIsInTheSpec() {
        QueryTestDriver driver = driver(SHOP);

        assertThatThrownBy(() -> driver.start(numbers(driver, 1).selectExpr("value"),
                w -> w.format("jdbc").option("connection", "other").option("table", "t")))
                .isInstanceOfSatisfying(InvalidOptionException.class, refused -> {
                    assertThat(refused.errorClass()).isEqualTo("JDBC_SINK_CONNECTION_NOT_CONFIGURED");
                    assertThat(refused.option()).isEqualTo("connection");
                })
                .hasMessageContaining("arus.jdbc.connections.other.url");
        assertThatThrownBy(() -> driver.start(numbers(driver, 1).selectExpr("value"),
                w -> w.format("jdbc").option("connection", "shop").option("table", "t").option("password", "x")))
                .isInstanceOf(InvalidOptionException.class).hasMessageContaining("Unknown option 'password'");
    }

    @Test
    void aWrongPasswordIsAnAuthenticationFailureAndAStoppedDatabaseIsUnreachable() {
        QueryTestDriver wrong = driver(Map.of("arus.jdbc.connections.shop.url", DATABASE.url(),
                "arus.jdbc.connections.shop.user", PostgresTestServer.USER,
                "arus.jdbc.connections.shop.password", "not-it"));
        assertThatThrownBy(() -> wrong.start(numbers(wrong, 1).selectExpr("value"), jdbc("never", "append")))
                .isInstanceOfSatisfying(InvalidOptionException.class, refused -> {
                    assertThat(refused.errorClass()).isEqualTo("JDBC_SINK_AUTHENTICATION_FAILED");
                    assertThat(refused.option()).isEqualTo("connection");
                })
                .hasMessageNotContaining("not-it");

        PostgresTestServer stopping = PostgresTestServer.start();
        Map<String, String> conf = Map.of("arus.jdbc.connections.shop.url", stopping.url(),
                "arus.jdbc.connections.shop.user", PostgresTestServer.USER,
                "arus.jdbc.connections.shop.password", PostgresTestServer.PASSWORD);
        QueryTestDriver driver = driver(conf);
        driver.start(numbers(driver, 2).selectExpr("value"), jdbc("lost", "append"));
        driver.runTrigger();
        stopping.stop();
        driver.runTrigger();

        assertThat(driver.query().exception()).as(driver.history()).get().satisfies(failed ->
                assertThat(((ArusException) failed.getCause()).errorClass()).isEqualTo("JDBC_SINK_UNREACHABLE"));
        QueryTestDriver later = driver(conf);
        assertThatThrownBy(() -> later.start(numbers(later, 1).selectExpr("value"), jdbc("lost", "append")))
                .isInstanceOfSatisfying(InvalidOptionException.class, refused -> {
                    assertThat(refused.errorClass()).isEqualTo("JDBC_SINK_UNREACHABLE");
                    assertThat(refused.option()).isEqualTo("connection");
                });
    }
}
