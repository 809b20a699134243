package dev.arus.engine.runtime;

import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.exec.BatchContext;
import dev.arus.engine.exec.Operator;
import dev.arus.engine.exec.OutputCollector;
import dev.arus.engine.exec.StatefulOperator;
import dev.arus.engine.plan.PhysicalPlan;
import dev.arus.engine.source.InputPartition;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs the operators of one batch, stage by stage, on the task slots: stage 0 reads the sources'
 * input partitions (one task each) through each slot's pipeline of that source; then each stateful operator, from
 * the source on, runs its partitions (one task each), committing each partition's state as it
 * ends. The last stage's tasks number the rows the collectors keep. Not thread-safe: one batch at
 * a time, started from the query's thread.
 */
final class StageRunner {

    private final PhysicalPlan plan;
    private final TaskSlots slots;
    /**
     * Per source, per slot: the chunk the slot's tasks of that source read into, allocated at the
     * slot's first task of that source and small: readers grow it to the rows they write, so a
     * query of a few rows a batch holds a few hundred bytes where a full chunk of two long columns
     * would be 64 KiB, and a source with fewer input partitions than slots never allocates the
     * other slots' chunks. Each element is touched only by its slot's task, one at a time.
     */
    private final ColumnarBatch[][] chunks;

    StageRunner(PhysicalPlan plan, TaskSlots slots) {
        this.plan = plan;
        this.slots = slots;
        this.chunks = new ColumnarBatch[plan.sources().size()][plan.slots()];
    }

    private ColumnarBatch chunk(int source, int slot) {
        ColumnarBatch chunk = chunks[source][slot];
        if (chunk == null) {
            chunk = ColumnarBatch.allocate(plan.sources().get(source).schema(), ColumnarBatch.INITIAL_CAPACITY);
            chunks[source][slot] = chunk;
        }
        return chunk;
    }

    /** One task of stage 0: a partition of one source. */
    private record SourceTask(int source, InputPartition partition) {
    }

    /**
     * Runs every stage over {@code inputs}, the input partitions of each source; returns the
     * number of input rows read from each source.
     */
    long[] run(List<List<InputPartition>> inputs, BatchContext context) {
        List<SourceTask> tasks = new ArrayList<>();
        for (int source = 0; source < inputs.size(); source++) {
            for (InputPartition partition : inputs.get(source)) {
                tasks.add(new SourceTask(source, partition));
            }
        }
        List<StatefulOperator> operators = plan.statefulOperators();
        long[][] rowsPerSlot = new long[plan.slots()][inputs.size()];
        boolean collects = operators.isEmpty();
        slots.run(tasks.size(), (slot, task) -> {
            if (collects) {
                plan.collectors().get(slot).startTask(task);
            }
            SourceTask input = tasks.get(task);
            Operator head = plan.heads().get(input.source()).get(slot);
            long[] rows = rowsPerSlot[slot];
            input.partition().read(chunk(input.source(), slot), chunk -> {
                rows[input.source()] += chunk.size();
                head.process(chunk, context);
            });
        });
        for (int k = 0; k < operators.size(); k++) {
            StatefulOperator operator = operators.get(k);
            List<Operator> downstream = plan.downstreams().get(k);
            boolean last = k == operators.size() - 1;
            slots.run(operator.numPartitions(), (slot, partition) -> {
                if (last) {
                    plan.collectors().get(slot).startTask(partition);
                }
                operator.runPartition(partition, context, downstream.get(slot));
                operator.commitPartition(partition, context.batchId());
            });
            operator.finishBatch();
        }
        long[] rows = new long[inputs.size()];
        for (long[] slotRows : rowsPerSlot) {
            for (int source = 0; source < rows.length; source++) {
                rows[source] += slotRows[source];
            }
        }
        return rows;
    }

    /** After a failed batch: every stateful operator forgets its uncommitted changes, and the output is dropped. */
    void abort() {
        plan.statefulOperators().forEach(StatefulOperator::abort);
        OutputCollector.gather(plan.collectors(), plan.outputSchema(), OutputCollector.count(plan.collectors()));
    }
}
