package dev.arus.engine.exec.limit;

import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.Schema;
import dev.arus.engine.exec.BatchContext;
import dev.arus.engine.exec.Operator;
import dev.arus.engine.exec.PartitionedStatefulOperator;
import dev.arus.engine.exec.RowBuffer;
import dev.arus.engine.exec.SlotInput;
import dev.arus.engine.exec.StateEntries;
import dev.arus.engine.exec.StateRowLimit;
import java.util.List;
import java.util.stream.Stream;

/**
 * Spark's streaming limit, {@code StreamingGlobalLimitExec} (operator {@code globalLimit}) over
 * {@code StreamingLocalLimitExec}: no more than {@code limit} rows come out over the whole query,
 * its count kept in state. Each task slot keeps its first {@code limit} rows of a batch (the
 * local limit); one state partition, as Spark's operator takes every row in one partition, lets
 * the slots' rows through in slot order until the count reaches the limit. Rows come out in the
 * batch they came in.
 */
public final class StreamingGlobalLimit extends PartitionedStatefulOperator<LimitPartition, StreamingGlobalLimit.LocalLimit> {

    private final long limit;
    private final int shufflePartitions;

    /**
     * @param shufflePartitions the session's shuffle partitions, which Spark reports though it runs one
     * @param slots             the task slots that feed it
     */
    public StreamingGlobalLimit(int operatorId, long limit, Schema input, int shufflePartitions, int slots) {
        super(operatorId, "globalLimit", new StateRowLimit(Integer.MAX_VALUE, "limit's state", "rows", ""),
                1, LimitPartition::new, List.of(Stream.generate(() -> new LocalLimit(input, limit)).limit(slots).toList()));
        this.limit = limit;
        this.shufflePartitions = shufflePartitions;
    }

    @Override
    protected void process(LimitPartition state, int partition, BatchContext context, Operator downstream) {
        for (LocalLimit input : inputs(0)) {
            int admitted = state.admit(input.size(), limit);
            for (int from = 0; from < admitted; from += ColumnarBatch.CHUNK_SIZE) {
                input.emit(from, Math.min(admitted, from + ColumnarBatch.CHUNK_SIZE), context, downstream);
            }
        }
        state.finish();
    }

    @Override
    protected StateEntries entries(LimitPartition state, String part) {
        return state.entries();
    }

    @Override
    protected long shufflePartitions() {
        return shufflePartitions;
    }

    /** One slot's rows of a batch, its first {@code limit} of them: Spark's {@code StreamingLocalLimitExec}. */
    static final class LocalLimit implements SlotInput {

        private final RowBuffer rows;
        private final long limit;
        private final ColumnarBatch chunk;
        private int[] identity = identity(ColumnarBatch.INITIAL_CAPACITY);

        LocalLimit(Schema schema, long limit) {
            this.rows = new RowBuffer(schema);
            this.limit = limit;
            this.chunk = ColumnarBatch.allocate(schema, ColumnarBatch.INITIAL_CAPACITY);
        }

        @Override
        public void process(ColumnarBatch input, BatchContext context) {
            int kept = (int) Math.min(input.size(), limit - rows.size());
            if (kept > 0) {
                if (identity.length < kept) {
                    identity = identity(ColumnarBatch.capacityFor(kept));
                }
                rows.append(input, identity, kept);
            }
        }

        int size() {
            return rows.size();
        }

        /** Pushes the kept rows {@code [from, to)} downstream as one chunk. */
        void emit(int from, int to, BatchContext context, Operator downstream) {
            int count = to - from;
            int[] picked = identity;
            if (from > 0) {
                picked = new int[count];
                for (int i = 0; i < count; i++) {
                    picked[i] = from + i;
                }
            }
            ColumnarBatch kept = rows.rows();
            chunk.ensureCapacity(count);
            for (int c = 0; c < kept.schema().size(); c++) {
                chunk.column(c).resetNulls();
                chunk.column(c).gather(kept.column(c), picked, count, 0);
            }
            chunk.setSize(count);
            downstream.process(chunk, context);
        }

        private static int[] identity(int length) {
            int[] rows = new int[length];
            for (int i = 0; i < length; i++) {
                rows[i] = i;
            }
            return rows;
        }

        @Override
        public void clear() {
            rows.clear();
        }
    }
}
