package dev.arus.engine.sink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arus.engine.streaming.ArusException;
import dev.arus.engine.streaming.OutputMode;
import dev.arus.engine.streaming.ResultBatch;
import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.Row;
import dev.arus.engine.data.Schema;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Behaviour of Spark's MemorySink (sql/core/.../streaming/sources/memory.scala). */
class MemorySinkTest {

    private static final Schema SCHEMA = Schema.of(new Field("value", AtomicType.LONG, false));

    private static ResultBatch batch(long... values) {
        return new ResultBatch(SCHEMA, java.util.Arrays.stream(values)
                .mapToObj(v -> new Row(SCHEMA, new Object[] {v})).toList());
    }

    private static List<Object> values(List<Row> rows) {
        return rows.stream().map(r -> r.get(0)).toList();
    }

    @Test
    void appendModeAddsEachBatch() {
        MemorySink sink = new MemorySink("q", OutputMode.APPEND, 100);
        sink.addBatch(0, batch(1, 2));
        sink.addBatch(1, batch(3));
        assertThat(values(sink.rows())).containsExactly(1L, 2L, 3L);
        assertThat(values(sink.latestBatchRows())).containsExactly(3L);
        assertThat(sink.latestBatchId()).hasValue(1);
    }

    @Test
    void updateModeAlsoAdds() {
        MemorySink sink = new MemorySink("q", OutputMode.UPDATE, 100);
        sink.addBatch(0, batch(1));
        sink.addBatch(1, batch(1));
        assertThat(values(sink.rows())).containsExactly(1L, 1L);
    }

    @Test
    void completeModeReplacesTheTable() {
        MemorySink sink = new MemorySink("q", OutputMode.COMPLETE, 100);
        sink.addBatch(0, batch(1, 2));
        sink.addBatch(1, batch(5));
        assertThat(values(sink.rows())).containsExactly(5L);
    }

    @Test
    void skipsABatchAlreadyWritten() {
        MemorySink sink = new MemorySink("q", OutputMode.APPEND, 100);
        sink.addBatch(0, batch(1));
        sink.addBatch(0, batch(1));
        assertThat(values(sink.rows())).containsExactly(1L);
    }

    @Test
    void rowsIsASnapshot() {
        MemorySink sink = new MemorySink("q", OutputMode.APPEND, 100);
        sink.addBatch(0, batch(1));
        List<Row> snapshot = sink.rows();
        sink.addBatch(1, batch(2));
        assertThat(values(snapshot)).containsExactly(1L);
        assertThat(sink.name()).isEqualTo("q");
        assertThat(sink.description()).isEqualTo("MemorySink");
    }

    @Test
    void aBatchThatWouldOverfillTheTableFailsAndLeavesItAsItWas() {
        MemorySink sink = new MemorySink("q", OutputMode.APPEND, 3);
        sink.addBatch(0, batch(1, 2));

        assertThatThrownBy(() -> sink.addBatch(1, batch(3, 4)))
                .isInstanceOfSatisfying(ArusException.class,
                        e -> assertThat(e.errorClass()).isEqualTo(MemorySink.ROWS_LIMIT_EXCEEDED))
                .hasMessageContaining("hold 4 rows, more than its limit of 3");
        assertThat(values(sink.rows())).containsExactly(1L, 2L);
    }

    @Test
    void completeModeCountsOnlyTheBatchThatReplacesTheTable() {
        MemorySink sink = new MemorySink("q", OutputMode.COMPLETE, 2);
        sink.addBatch(0, batch(1, 2));
        sink.addBatch(1, batch(3, 4));

        assertThat(values(sink.rows())).containsExactly(3L, 4L);
    }
}
