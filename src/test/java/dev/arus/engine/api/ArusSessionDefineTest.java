package dev.arus.engine.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.arus.engine.data.Row;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.log.EventLog;
import dev.arus.engine.log.LogStream;
import dev.arus.engine.log.StreamDefinition;
import dev.arus.engine.streaming.AnalysisException;
import dev.arus.engine.streaming.ParseException;
import dev.arus.engine.testing.QueryTestDriver;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ArusSession#define}: a SELECT is a query, {@code CREATE STREAMING TABLE} a stream's
 * columns and the query that fills it, which a second query reads by the table's name.
 */
class ArusSessionDefineTest {

    private static final Instant START = Instant.parse("2026-12-01T10:00:00Z");

    @TempDir
    Path directory;

    private QueryTestDriver driver;

    @AfterEach
    void close() {
        if (driver != null) {
            driver.close();
        }
    }

    private QueryTestDriver driver() {
        driver = new QueryTestDriver(START, 1, clock -> EventLog.open(directory.resolve("log"), clock,
                EventLog.DEFAULT_SEGMENT_BYTES));
        driver.eventLog().create(StreamDefinition.of("clicks", "user STRING, page STRING, at TIMESTAMP", 1, null,
                null));
        return driver;
    }

    private static void post(LogStream stream, Object[]... rows) {
        ColumnarBatch batch = ColumnarBatch.allocate(stream.definition().schema(), rows.length);
        for (int r = 0; r < rows.length; r++) {
            for (int c = 0; c < rows[r].length; c++) {
                batch.column(c).setObject(r, rows[r][c]);
            }
        }
        batch.setSize(rows.length);
        try {
            stream.append(batch).get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void aSelectDefinesAQuery() {
        SqlDefinition definition = driver().session().define("SELECT user FROM STREAM(clicks)", SqlTables.none());

        assertThat(definition).isInstanceOf(SqlDefinition.Query.class);
        assertThat(definition.frame().schema().names()).containsExactly("user");
    }

    @Test
    void aStreamingTableHasTheQuerysColumnsAWindowAsAStructAndNoIngestTime() {
        SqlDefinition definition = driver().session().define("""
                CREATE STREAMING TABLE per_page AS
                SELECT window(at, '1 minute') AS window, page, count(*) AS count, max(ingest_time) AS ingest_time,
                       sum(length(user)) AS `sum of lengths`
                FROM STREAM(clicks) WATERMARK at DELAY OF INTERVAL 10 SECONDS
                GROUP BY window(at, '1 minute'), page""", SqlTables.none());

        SqlDefinition.StreamingTable table = (SqlDefinition.StreamingTable) definition;
        assertThat(table.name()).isEqualTo("per_page");
        assertThat(table.streamSchema()).isEqualTo("window STRUCT<start: TIMESTAMP, end: TIMESTAMP>, page STRING, "
                + "count BIGINT, `sum of lengths` BIGINT");
        assertThat(StreamDefinition.of("per_page", table.streamSchema(), 1, null, null).schema().names())
                .containsExactly("window", "page", "count", "sum of lengths");
    }

    @Test
    void aStreamingTableIsFilledByItsQueryAndReadByTheNextOneByName() {
        QueryTestDriver driver = driver();
        SqlDefinition.StreamingTable table = (SqlDefinition.StreamingTable) driver.session().define(
                "CREATE STREAMING TABLE visits AS SELECT user, at FROM STREAM(clicks) WHERE page = 'home'",
                SqlTables.none());
        LogStream visits = driver.eventLog().create(StreamDefinition.of(table.name(), table.streamSchema(), 1, null,
                null));
        driver.start(table.frame(), writer -> table.writeStream());
        post(driver.eventLog().stream("clicks"),
                new Object[] {"ann", "home", START.plusSeconds(1)},
                new Object[] {"bob", "cart", START.plusSeconds(2)},
                new Object[] {"cy", "home", START.plusSeconds(70)});
        driver.runTrigger();
        assertThat(visits.durableEnds()).containsExactly(2);
        driver.query().stop();

        // By its name alone the table is read from its latest offsets; from the earliest through a view.
        StreamFrame fromTheStart = driver.session().readStream().format("stream").option("stream", "visits")
                .option("startingOffsets", "earliest").load();
        StreamFrame perMinute = driver.session().sql("""
                SELECT window(at, '1 minute') AS window, count(*) AS visits
                FROM STREAM(visits) WATERMARK at DELAY OF INTERVAL 0 SECONDS
                GROUP BY window(at, '1 minute')""", SqlTables.none().stream("visits", fromTheStart));
        driver.startRecording(perMinute, writer -> writer.outputMode("append"));
        driver.runBatches(2);
        assertThat(driver.batches().values().stream().flatMap(List::stream).map(Row::toString))
                .containsExactly("[[2026-12-01T10:00:00Z,2026-12-01T10:01:00Z],1]");
    }

    @Test
    void refusesATableNamedWithASchemaOrNotAsAStreamIs() {
        ArusSession session = driver().session();
        ParseException qualified = catchThrowableOfType(ParseException.class, () -> session.define(
                "CREATE STREAMING TABLE shop.per_page AS SELECT page FROM STREAM(clicks)", SqlTables.none()));
        assertThat(qualified.errorClass()).isEqualTo("UNSUPPORTED_FEATURE.SQL_CONSTRUCT");
        assertThat(qualified.position()).isEqualTo(23);
        assertThat(qualified.getMessage()).contains("`shop`.`per_page`").endsWith("(line 1, pos 23)");

        AnalysisException invalid = catchThrowableOfType(AnalysisException.class, () -> session.define(
                "CREATE STREAMING TABLE `per page` AS SELECT page FROM STREAM(clicks)", SqlTables.none()));
        assertThat(invalid.errorClass()).isEqualTo("INVALID_STREAM_NAME");
        assertThat(invalid.position()).isEqualTo(23);
    }

    @Test
    void refusesATableThatReadsItselfOrWhoseColumnsNoStreamHolds() {
        ArusSession session = driver().session();
        AnalysisException cycle = catchThrowableOfType(AnalysisException.class, () -> session.define(
                "CREATE STREAMING TABLE clicks AS SELECT * FROM STREAM(clicks)", SqlTables.none()));
        assertThat(cycle.errorClass()).isEqualTo("STREAMING_TABLE_READS_ITSELF");

        AnalysisException array = catchThrowableOfType(AnalysisException.class, () -> session.define(
                "CREATE STREAMING TABLE t AS\nSELECT array(page) AS pages FROM STREAM(clicks)", SqlTables.none()));
        assertThat(array.errorClass()).isEqualTo("UNSUPPORTED_STREAM_COLUMN_TYPE");
        assertThat(array.getMessage()).contains("Column `pages` of the query's output is ARRAY<STRING>")
                .contains("to_json(...) AS `pages`").endsWith("; line 2 pos 0");

        AnalysisException untyped = catchThrowableOfType(AnalysisException.class, () -> session.define(
                "CREATE STREAMING TABLE t AS SELECT page, NULL AS note FROM STREAM(clicks)", SqlTables.none()));
        assertThat(untyped.getMessage()).contains("CAST(NULL AS STRING) AS `note`");
    }

    @Test
    void sqlStillRefusesAStreamingTableAsAQuery() {
        ParseException refused = catchThrowableOfType(ParseException.class, () -> driver().session().sql(
                "CREATE STREAMING TABLE t AS SELECT page FROM STREAM(clicks)"));
        assertThat(refused.errorClass()).isEqualTo("UNSUPPORTED_FEATURE.SQL_CONSTRUCT");
        assertThat(refused.getMessage()).contains("ArusSession.define");
    }
}
