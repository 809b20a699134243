package dev.arus.engine.runtime;

import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.exec.BatchContext;
import dev.arus.engine.exec.Operator;
import dev.arus.engine.exec.OutputCollector;
import dev.arus.engine.exec.StatefulOperator;
import dev.arus.engine.plan.PhysicalPlan;
import dev.arus.engine.source.InputPartition;
import dev.arus.engine.source.Source;
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
    /** Per source, per slot: the chunk the slot's tasks of that source read into. */
    private final List<List<ColumnarBatch>> chunks = new ArrayList<>();

    StageRunner(PhysicalPlan plan, TaskSlots slots) {
        this.plan = plan;
        this.slots = slots;
        for (Source source : plan.sources()) {
            List<ColumnarBatch> perSlot = new ArrayList<>();
            for (int s = 0; s < plan.slots(); s++) {
                perSlot.add(ColumnarBatch.allocate(source.schema(), ColumnarBatch.CHUNK_SIZE));
            }
            chunks.add(perSlot);
        }
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
            input.partition().read(chunks.get(input.source()).get(slot), chunk -> {
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
        OutputCollector.gather(plan.collectors());
        OutputCollector.count(plan.collectors());
    }
}
