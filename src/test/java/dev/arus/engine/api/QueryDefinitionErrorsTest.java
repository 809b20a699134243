package dev.arus.engine.api;

import static dev.arus.engine.api.functions.col;
import static dev.arus.engine.api.functions.window;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;

import dev.arus.engine.runtime.ExecutorTriggerScheduler;
import dev.arus.engine.streaming.AnalysisException;
import dev.arus.engine.streaming.ArusException;
import dev.arus.engine.streaming.OutputMode;
import dev.arus.engine.streaming.ParseException;
import dev.arus.engine.streaming.StreamingQuery;
import dev.arus.engine.streaming.StreamingQueryListener;
import dev.arus.engine.streaming.Trigger;
import dev.arus.engine.time.SystemClock;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A mistake in a query's definition raises a clear exception when the frame is defined or the
 * query starts, and leaves nothing behind: the session's active queries are the same, no
 * listener hears of a query, and no trigger thread is created. The session runs one query on
 * real threads throughout, so that "nothing changed" is measured against something; its pool
 * has one thread, so that the running query's own triggers make no new one.
 */
class QueryDefinitionErrorsTest {

    private static final String APPEND_WITHOUT_WATERMARK = "[STREAMING_OUTPUT_MODE.UNSUPPORTED_OPERATION] Invalid"
            + " streaming output mode: append. This output mode is not supported for streaming aggregations without"
            + " watermark on streaming DataFrames/DataSets. SQLSTATE: 42KDE";
    private static final String COMPLETE_WITHOUT_AGGREGATION = "[STREAMING_OUTPUT_MODE.UNSUPPORTED_OPERATION] Invalid"
            + " streaming output mode: complete. This output mode is not supported for no streaming aggregations on"
            + " streaming DataFrames/DataSets. SQLSTATE: 42KDE";

    private ArusSession session;
    private StreamingQuery running;
    private final List<String> events = new CopyOnWriteArrayList<>();
    private Set<Thread> threadsBefore;

    @BeforeEach
    void startOneQuery() throws InterruptedException {
        session = ArusSession.builder().scheduler(new ExecutorTriggerScheduler(SystemClock.INSTANCE, 1)).build();
        CountDownLatch firstBatch = new CountDownLatch(1);
        session.streams().addListener(new StreamingQueryListener() {
            @Override
            public void onQueryProgress(QueryProgressEvent event) {
                firstBatch.countDown();
            }
        });
        running = rate().writeStream().format("noop").queryName("running")
                .trigger(Trigger.processingTime("1 hour")).start();
        if (!firstBatch.await(30, TimeUnit.SECONDS)) {
            fail("the running query made no progress");
        }
        session.streams().addListener(new StreamingQueryListener() {
            @Override
            public void onQueryStarted(QueryStartedEvent event) {
                events.add("started " + event.name());
            }

            @Override
            public void onQueryTerminated(QueryTerminatedEvent event) {
                events.add("terminated " + event.id());
            }
        });
        threadsBefore = Thread.getAllStackTraces().keySet();
    }

    @AfterEach
    void closeSession() {
        session.close();
    }

    @Test
    void unknownSourceFormat() {
        assertRejected(() -> session.readStream().format("kafkaa").load(), "DATA_SOURCE_NOT_FOUND",
                "Unknown source format 'kafkaa'. Known formats: ");
        assertThatThrownBy(() -> session.readStream().format("kafkaa").load())
                .hasMessageContainingAll("csv, json, kafka, parquet, rate, rate-micro-batch, stream");
    }

    @Test
    void missingSourceFormat() {
        assertRejected(() -> session.readStream().load(), "DATA_SOURCE_NOT_FOUND", "No source format given");
    }

    @Test
    void unknownSourceOption() {
        assertRejected(() -> session.readStream().format("rate").option("rowsPerSecnd", 5).load(),
                "INVALID_OPTION", "Unknown option 'rowsPerSecnd' for format 'rate'");
    }

    @Test
    void sourceOptionOfTheWrongType() {
        assertRejected(() -> session.readStream().format("rate").option("rowsPerSecond", "five").load(),
                "INVALID_OPTION", "Invalid value 'five'. The option 'rowsPerSecond'");
    }

    @Test
    void sourceOptionOutOfRange() {
        assertRejected(() -> session.readStream().format("rate").option("rowsPerSecond", 0).load(),
                "INVALID_OPTION", "Invalid value '0'. The option 'rowsPerSecond' must be positive");
        assertRejected(() -> session.readStream().format("rate-micro-batch").load(),
                "INVALID_OPTION", "rowsPerBatch");
    }

    @Test
    void badIntervalInWithWatermark() {
        assertRejected(() -> rate().withWatermark("timestamp", "4 parsecs"), AnalysisException.class,
                "[INVALID_INTERVAL_FORMAT.INVALID_UNIT] Error parsing '4 parsecs' to interval.");
    }

    @Test
    void negativeDelayInWithWatermark() {
        assertRejected(() -> rate().withWatermark("timestamp", "-4 seconds"), "INVALID_WATERMARK_DELAY",
                "requirement failed: delay threshold (-4 seconds) should not be negative.");
    }

    @Test
    void watermarkOnAnUnknownColumn() {
        assertRejected(() -> rate().withWatermark("timestmp", "4 seconds"), AnalysisException.class,
                "Did you mean one of the following? [`timestamp`, `value`].");
    }

    @Test
    void badIntervalInProcessingTimeTrigger() {
        assertRejected(() -> Trigger.processingTime("soon"), "INVALID_INTERVAL_FORMAT",
                "Error parsing 'soon' to interval");
        assertRejected(() -> Trigger.processingTime("1 month"), "INVALID_INTERVAL_FORMAT",
                "Doesn't support month or year interval: 1 month");
        assertRejected(() -> Trigger.processingTime("-1 second"), "INVALID_TRIGGER_INTERVAL",
                "requirement failed: the interval of trigger should not be negative");
        assertRejected(() -> Trigger.processingTime(-5), "INVALID_TRIGGER_INTERVAL",
                "the interval of trigger should not be negative");
    }

    @Test
    void expressionThatDoesNotParseSaysWhere() {
        assertThatThrownBy(() -> rate().selectExpr("value + * 2"))
                .isInstanceOf(ParseException.class)
                .hasMessageStartingWith("[PARSE_SYNTAX_ERROR] Syntax error at or near")
                .hasMessageContaining("position 8")
                .satisfies(e -> assertThat(((ParseException) e).position()).isEqualTo(8));
        assertUnchanged();
    }

    @Test
    void unknownColumnSuggestsTheNearestName() {
        assertThatThrownBy(() -> rate().select("valeu"))
                .isInstanceOf(AnalysisException.class)
                .hasMessage("[UNRESOLVED_COLUMN.WITH_SUGGESTION] A column, variable, or function parameter with name"
                        + " `valeu` cannot be resolved. Did you mean one of the following? [`value`, `timestamp`]."
                        + " SQLSTATE: 42703")
                .satisfies(e -> assertThat(((AnalysisException) e).errorClass())
                        .isEqualTo("UNRESOLVED_COLUMN.WITH_SUGGESTION"));
        assertRejected(() -> rate().filter("valu > 3"), AnalysisException.class, "[`value`, `timestamp`]");
        assertUnchanged();
    }

    @Test
    void appendWithAnAggregationWithoutWatermark() {
        assertRejected(() -> rate().groupBy(window(col("timestamp"), "8 seconds")).count()
                .writeStream().format("noop").outputMode("append").start(), AnalysisException.class,
                APPEND_WITHOUT_WATERMARK);
    }

    @Test
    void appendWhenTheWatermarkColumnIsNotAGroupingKey() {
        assertRejected(() -> rate().withWatermark("timestamp", "4 seconds").groupBy("value").count()
                .writeStream().format("noop").outputMode(OutputMode.APPEND).start(), AnalysisException.class,
                APPEND_WITHOUT_WATERMARK);
    }

    @Test
    void completeWithoutAnAggregation() {
        assertRejected(() -> rate().writeStream().format("noop").outputMode("complete").start(),
                AnalysisException.class, COMPLETE_WITHOUT_AGGREGATION);
    }

    @Test
    void combinationsSparkAllowsStart() {
        StreamFrame counts = rate().groupBy("value").count();
        List<StreamingQuery> started = List.of(
                counts.writeStream().format("noop").outputMode("update").start(),
                counts.writeStream().format("noop").outputMode("complete").start(),
                rate().writeStream().format("noop").outputMode("update").start(),
                rate().withWatermark("timestamp", "4 seconds").groupBy(window(col("timestamp"), "8 seconds")).count()
                        .writeStream().format("noop").outputMode("append").start());

        assertThat(session.streams().active()).hasSize(5);
        started.forEach(StreamingQuery::stop);
        assertThat(session.streams().active()).containsExactly(running);
    }

    @Test
    void unknownOutputMode() {
        assertRejected(() -> rate().writeStream().outputMode("upsert"), "STREAMING_OUTPUT_MODE.INVALID",
                "Unknown output mode upsert. Accepted output modes are 'append', 'complete', 'update'");
    }

    @Test
    void unknownSinkFormat() {
        assertRejected(() -> rate().writeStream().format("delta").start(), "DATA_SOURCE_NOT_FOUND",
                "Unknown sink format 'delta'");
        assertRejected(() -> rate().writeStream().start(), "DATA_SOURCE_NOT_FOUND", "Unknown sink format");
    }

    @Test
    void unknownSinkOption() {
        assertRejected(() -> rate().writeStream().format("noop").option("path", "/tmp/x").start(),
                "INVALID_OPTION", "Unknown option 'path' for format 'noop'");
    }

    @Test
    void memorySinkWithoutQueryName() {
        assertRejected(() -> rate().writeStream().format("memory").start(), "QUERY_NAME_REQUIRED",
                "queryName must be specified for memory sink");
    }

    @Test
    void secondQueryWithTheNameOfAnActiveQuery() {
        assertRejected(() -> rate().writeStream().format("noop").queryName("running").start(),
                "QUERY_NAME_ALREADY_ACTIVE",
                "Cannot start query with name running as a query with that name is already active");
    }

    @Test
    void nameOfAStoppedQueryCanBeUsedAgain() {
        running.stop();

        StreamingQuery again = rate().writeStream().format("noop").queryName("running").start();

        assertThat(session.streams().active()).containsExactly(again);
    }

    private StreamFrame rate() {
        return session.readStream().format("rate").option("rowsPerSecond", 5).load();
    }

    private void assertRejected(ThrowingCallable definition, Class<? extends Throwable> type, String message) {
        assertThatThrownBy(definition).isInstanceOf(type).hasMessageContaining(message);
        assertUnchanged();
    }

    /** Rejected with an engine error of {@code errorClass} (or one of its subclasses). */
    private void assertRejected(ThrowingCallable definition, String errorClass, String message) {
        assertThatThrownBy(definition).isInstanceOf(ArusException.class).hasMessageContaining(message)
                .satisfies(e -> assertThat(((ArusException) e).is(errorClass))
                        .as(((ArusException) e).errorClass()).isTrue());
        assertUnchanged();
    }

    private void assertUnchanged() {
        assertThat(session.streams().active()).containsExactly(running);
        assertThat(events).as("listener events").isEmpty();
        assertThat(Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().startsWith("arus") && !threadsBefore.contains(t)))
                .as("new threads").isEmpty();
    }
}
