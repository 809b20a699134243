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
 * Runs the operators of one batch, stage by stage, on the task slots: stage 0 reads the source's
 * input partitions (one task each) through each slot's pipeline; then each stateful operator, from
 * the source on, runs its partitions (one task each), committing each partition's state as it
 * ends. The last stage's tasks number the rows the collectors keep. Not thread-safe: one batch at
 * a time, started from the query's thread.
 */
final class StageRunner {

    private final PhysicalPlan plan;
    private final TaskSlots slots;
    private final List<ColumnarBatch> chunks = new ArrayList<>();

    StageRunner(PhysicalPlan plan, TaskSlots slots) {
        this.plan = plan;
        this.slots = slots;
        for (int s = 0; s < plan.slots(); s++) {
            chunks.add(ColumnarBatch.allocate(plan.source().schema(), ColumnarBatch.CHUNK_SIZE));
        }
    }

    /** Runs every stage over {@code inputs}; returns the number of input rows read. */
    long run(List<InputPartition> inputs, BatchContext context) {
        List<StatefulOperator> operators = plan.statefulOperators();
        long[] rowsPerSlot = new long[plan.slots()];
        boolean collects = operators.isEmpty();
        slots.run(inputs.size(), (slot, task) -> {
            if (collects) {
                plan.collectors().get(slot).startTask(task);
            }
            Operator head = plan.heads().get(slot);
            inputs.get(task).read(chunks.get(slot), chunk -> {
                rowsPerSlot[slot] += chunk.size();
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
        long rows = 0;
        for (long slotRows : rowsPerSlot) {
            rows += slotRows;
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
