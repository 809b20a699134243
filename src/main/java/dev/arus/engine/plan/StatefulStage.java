package dev.arus.engine.plan;

import dev.arus.engine.exec.Operator;
import dev.arus.engine.exec.PartitionedStatefulOperator;
import java.util.List;

/**
 * A stage that ends in a stateful operator, one per run, which every task slot feeds through an
 * input of its own: a stage of one input needs only to create its operator.
 */
interface StatefulStage extends Stage {

    /** What the operator's state is keyed and made of, as the query wrote it: a checkpoint depends on it. */
    String description();

    /**
     * The run's operator of this stage, numbered {@code operatorId}: {@code slots} holds this stage
     * as each slot resolved it (slot 0's is this one), for the inputs each slot binds.
     */
    PartitionedStatefulOperator<?, ?> createOperator(int operatorId, List<Stage> slots, PlanWiring wiring);

    @Override
    default void describe(PlanOutline outline) {
        outline.statefulOperator(description());
    }

    @Override
    default void number(PlanWiring wiring) {
        wiring.number(this);
    }

    @Override
    default void create(List<Stage> slots, PlanWiring wiring) {
        wiring.add(slots, createOperator(wiring.idOf(this), slots, wiring));
    }

    @Override
    default Operator wire(Operator next, int slot, PlanWiring wiring) {
        return wiring.feed(this, next).input(slot, 0);
    }
}
