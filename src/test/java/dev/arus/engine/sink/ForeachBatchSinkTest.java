package dev.arus.engine.sink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arus.engine.streaming.ResultBatch;
import dev.arus.engine.data.Schema;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ForeachBatchSinkTest {

    private static final ResultBatch EMPTY = new ResultBatch(Schema.of(), List.of());

    @Test
    void callsTheFunctionWithEachBatchAndItsId() {
        List<Long> ids = new ArrayList<>();
        ForeachBatchSink sink = new ForeachBatchSink((batch, id) -> ids.add(id));
        sink.addBatch(0, EMPTY);
        sink.addBatch(1, EMPTY);
        assertThat(ids).containsExactly(0L, 1L);
        assertThat(sink.description()).isEqualTo("ForeachBatchSink");
    }

    @Test
    void wrapsWhatTheFunctionThrowsAsSparkDoes() {
        IOException failure = new IOException("disk full");
        ForeachBatchSink sink = new ForeachBatchSink((batch, id) -> {
            throw failure;
        });
        assertThatThrownBy(() -> sink.addBatch(3, EMPTY))
                .isInstanceOf(ForeachBatchUserFunctionException.class)
                .hasMessage("[FOREACH_BATCH_USER_FUNCTION_ERROR] An error occurred in the user provided function"
                        + " in foreach batch sink. Reason: disk full")
                .hasCause(failure);
    }
}
