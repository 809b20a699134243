package dev.arus.server.query;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.Row;
import dev.arus.engine.data.Schema;
import dev.arus.engine.streaming.ResultBatch;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class EngineComparisonTest {

    private static final Schema SCHEMA = Schema.of(new Field("value", AtomicType.LONG, false));

    private final List<EngineComparison.Summary> told = new ArrayList<>();
    private final EngineComparison comparison = new EngineComparison(10, told::add);

    private static ResultBatch batch(long... values) {
        return new ResultBatch(SCHEMA, LongStream.of(values).mapToObj(v -> new Row(SCHEMA, new Object[] {v})).toList());
    }

    @Test
    void saysNotYetComparedRatherThanAgreeWhileOnlyOneEngineHasWritten() {
        assertThat(comparison.summary()).isEqualTo(EngineComparison.Summary.NONE);
        comparison.arus(0, batch(1, 2));
        comparison.arus(1, batch(3));

        EngineComparison.Summary summary = comparison.summary();
        assertThat(summary.verdict()).isEqualTo(EngineComparison.Verdict.NOT_YET_COMPARED);
        assertThat(summary.arusBatches()).isEqualTo(2);
        assertThat(summary.sparkBatches()).isZero();
        assertThat(summary.batchesCompared()).isZero();
    }

    @Test
    void agreesOnceABatchBothWroteHasTheSameRowsInAnyOrder() {
        comparison.arus(0, batch(1, 2));
        comparison.spark(0, batch(2, 1));
        comparison.spark(1, batch(5));

        EngineComparison.Summary summary = comparison.summary();
        assertThat(summary.verdict()).isEqualTo(EngineComparison.Verdict.AGREE);
        assertThat(summary.sparkBatches()).isEqualTo(2);
        assertThat(summary.batchesCompared()).isEqualTo(1);
    }

    @Test
    void differsForGoodOnceOneBatchDiffersAndNamesTheRowsOnlyOneEngineHad() {
        comparison.arus(0, batch(1, 2));
        comparison.spark(0, batch(1, 3));
        comparison.arus(1, batch(4));
        comparison.spark(1, batch(4));

        EngineComparison.Summary summary = comparison.summary();
        assertThat(summary.verdict()).isEqualTo(EngineComparison.Verdict.DIFFER);
        assertThat(summary.batchesCompared()).isEqualTo(2);
        assertThat(summary.batchesDiffering()).isEqualTo(1);
        assertThat(summary.lastDifference().batchId()).isZero();
        assertThat(summary.lastDifference().onlyOnArus()).containsExactly("{value=2}");
        assertThat(summary.lastDifference().onlyOnSpark()).containsExactly("{value=3}");
    }

    @Test
    void comparesBinaryValuesByTheirBytesAndShowsThemInBase64() {
        Schema schema = Schema.of(new Field("blob", AtomicType.BINARY, true));
        comparison.arus(0, new ResultBatch(schema, List.of(new Row(schema, new Object[] {new byte[] {0, 1, 2}}))));
        comparison.spark(0, new ResultBatch(schema, List.of(new Row(schema, new Object[] {new byte[] {0, 1, 2}}))));
        comparison.arus(1, new ResultBatch(schema, List.of(new Row(schema, new Object[] {new byte[] {0, 1, 2}}))));
        comparison.spark(1, new ResultBatch(schema, List.of(new Row(schema, new Object[] {new byte[] {0, 1, 3}}))));

        EngineComparison.Summary summary = comparison.summary();
        assertThat(summary.batchesCompared()).isEqualTo(2);
        assertThat(summary.batchesDiffering()).as("batch 0 has the same bytes on both").isEqualTo(1);
        assertThat(summary.lastDifference().onlyOnArus()).containsExactly("{blob=AAEC}");
        assertThat(summary.lastDifference().onlyOnSpark()).containsExactly("{blob=AAED}");
    }

    @Test
    void tellsItsListenerEveryNewSummaryAsEachOutputComes() {
        comparison.arus(0, batch(1));
        comparison.spark(0, batch(1));

        assertThat(told).extracting(EngineComparison.Summary::verdict).containsExactly(
                EngineComparison.Verdict.NOT_YET_COMPARED, EngineComparison.Verdict.AGREE);
        assertThat(told.get(1)).isEqualTo(comparison.summary());
    }
}
