package dev.arus.engine.sink;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.engine.streaming.ResultBatch;
import dev.arus.engine.data.Schema;
import java.util.List;
import org.junit.jupiter.api.Test;

class NoopSinkTest {

    @Test
    void discardsBatchesAndNeedsNoRows() {
        NoopSink sink = new NoopSink();
        sink.addBatch(0, new ResultBatch(Schema.of(), List.of()));
        assertThat(sink.rowsNeeded()).isZero();
        assertThat(sink.description()).isEqualTo("NoopSink");
    }
}
