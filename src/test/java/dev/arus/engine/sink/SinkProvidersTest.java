package dev.arus.engine.sink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arus.engine.data.Schema;
import dev.arus.engine.streaming.AnalysisException;
import dev.arus.engine.streaming.BatchFunction;
import dev.arus.engine.streaming.ArusException;
import dev.arus.engine.streaming.OutputMode;
import dev.arus.engine.streaming.QueryIdentity;
import dev.arus.engine.streaming.ResultBatch;
import dev.arus.engine.time.SystemClock;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Sinks are found by format name, in any case, and refuse options they do not know. */
class SinkProvidersTest {

    private final PrintStream console = new PrintStream(new ByteArrayOutputStream());

    private final MemoryTables tables = new MemoryTables(MemoryTables.UNLIMITED_ROWS);

    private Sink create(String format, Map<String, String> options, String name, BatchFunction function) {
        return SinkProviders.installed().with(new ConsoleSinkProvider(console), new MemorySinkProvider(tables),
                        new ForeachBatchSinkProvider(function))
                .create(format, new SinkContext(options, OutputMode.APPEND,
                new QueryIdentity(UUID.randomUUID(), UUID.randomUUID(), name), false, Schema.of(), SystemClock.INSTANCE,
                ZoneOffset.UTC));
    }

    @Test
    void aBoundProviderTakesThePlaceOfItsFormatAndNoOther() {
        StreamSinkProvider bound = new StreamSinkProvider(null);

        SinkProviders session = SinkProviders.installed().with(bound);

        assertThat(session.of("STREAM")).isSameAs(bound);
        assertThat(session.formats()).isEqualTo(SinkProviders.installed().formats());
        assertThat(session.of("console")).isSameAs(SinkProviders.installed().of("console"));
    }

    @Test
    void theStreamSinkOnTheClassPathHasNoLogToWrite() {
        assertThatThrownBy(() -> create("stream", Map.of("stream", "orders"), null, null))
                .isInstanceOfSatisfying(ArusException.class,
                        refused -> assertThat(refused.errorClass()).isEqualTo("EVENT_LOG_UNAVAILABLE"));
    }

    @Test
    void createsEachFormatInAnyCase() {
        assertThat(create("Console", Map.of("TRUNCATE", "false"), null, null)).isInstanceOf(ConsoleSink.class);
        assertThat(create("memory", Map.of(), "visits", null)).isInstanceOf(MemorySink.class);
        assertThat(create("NOOP", Map.of(), null, null)).isInstanceOf(NoopSink.class);
        assertThat(create("foreachBatch", Map.of(), null, (b, id) -> { })).isInstanceOf(ForeachBatchSink.class);
    }

    @Test
    void memoryNeedsAQueryNameAsInSpark() {
        assertThatThrownBy(() -> create("memory", Map.of(), null, null))
                .hasMessage("queryName must be specified for memory sink");
    }

    @Test
    void rejectsUnknownFormatsAndOptions() {
        assertThatThrownBy(() -> create("kinesis", Map.of(), null, null))
                .hasMessage("Unknown sink format 'kinesis'. Known formats: console, csv, foreachBatch, http, jdbc, json, kafka,"
                        + " memory, noop, parquet, stream");
        assertThatThrownBy(() -> create("noop", Map.of("truncate", "false"), null, null))
                .hasMessage("Unknown option 'truncate' for format 'noop'. Allowed options: none");
    }

    @Test
    void aMemorySinkIsATableOfTheSessionUntilDropped() {
        MemorySink sink = (MemorySink) create("memory", Map.of(), "visits", null);
        sink.addBatch(0, new ResultBatch(Schema.of(), List.of()));

        assertThat(tables.rows("visits")).isEmpty();
        assertThat(tables.drop("visits")).isTrue();
        assertThatThrownBy(() -> tables.rows("visits")).isInstanceOfSatisfying(AnalysisException.class,
                e -> assertThat(e.errorClass()).isEqualTo("TABLE_OR_VIEW_NOT_FOUND"));
        assertThat(tables.drop("visits")).isFalse();
    }
}
