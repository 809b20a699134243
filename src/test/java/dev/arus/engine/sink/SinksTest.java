package dev.arus.engine.sink;

import dev.arus.engine.streaming.BatchFunction;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arus.engine.streaming.OutputMode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.time.ZoneOffset;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SinksTest {

    private final PrintStream console = new PrintStream(new ByteArrayOutputStream());

    private Sink create(String format, Map<String, String> options, String name, BatchFunction function) {
        return Sinks.create(format, options, OutputMode.APPEND, name, ZoneOffset.UTC, console, function);
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
        assertThatThrownBy(() -> create("kafka", Map.of(), null, null))
                .hasMessage("Unknown sink format 'kafka'. Known formats: console, memory, noop, foreachBatch, json, csv");
        assertThatThrownBy(() -> create("noop", Map.of("truncate", "false"), null, null))
                .hasMessage("Unknown option 'truncate' for format 'noop'. It takes no options");
    }
}
