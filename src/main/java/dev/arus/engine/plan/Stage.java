package dev.arus.engine.plan;

import dev.arus.engine.data.Schema;
import dev.arus.engine.exec.EventTimeWatermarkOperator;
import dev.arus.engine.exec.FilterOperator;
import dev.arus.engine.exec.GenerateOperator;
import dev.arus.engine.exec.Operator;
import dev.arus.engine.exec.ProjectOperator;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.analysis.Generator;
import java.util.List;

/**
 * One step of a task slot's operator chain, as resolution finds it, bound for that slot: it
 * knows the operator it becomes, as Jet's {@code Transform.addToDag} knows its vertex. A chain
 * starts at a source or at a join of two chains. {@link PlanWiring} wires a run in three passes:
 * it numbers the stateful operators from the sink, creates what the slots share from the source
 * on, then wires each slot's operators from the sink down. The stateless steps are here; each
 * stateful one ({@link StatefulStage}) sits with its resolution.
 */
interface Stage {

    /** Gives this stage's stateful operator, and those of the chains it joins, their ids; a stateless stage has none. */
    default void number(PlanWiring wiring) {
    }

    /**
     * Creates what the task slots share for this stage, once per run; {@code slots} holds this
     * stage as each slot resolved it (slot 0's is this one). A stateless stage shares nothing.
     */
    default void create(List<Stage> slots, PlanWiring wiring) {
    }

    /** Adds to {@code outline} what of this stage a checkpoint depends on; a stateless stage adds nothing. */
    default void describe(PlanOutline outline) {
    }

    /**
     * Puts slot {@code slot}'s operator of this stage before {@code next} and returns the operator
     * that takes this stage's input; the first stage of a chain ends its wiring and returns null.
     */
    Operator wire(Operator next, int slot, PlanWiring wiring);

    /** This stage as each slot resolved it: {@code slots}, every one of them a {@code type}, as slot 0's is. */
    static <S extends Stage> List<S> ofEachSlot(List<Stage> slots, Class<S> type) {
        return slots.stream().map(type::cast).toList();
    }

    /** Where a source's chunks enter a slot's chain: the first stage of a source's chain. */
    record SourceStage() implements Stage {
        @Override
        public Operator wire(Operator next, int slot, PlanWiring wiring) {
            wiring.head(next);
            return null;
        }
    }

    record ProjectStage(List<BoundExpression> expressions, Schema output) implements Stage {
        @Override
        public Operator wire(Operator next, int slot, PlanWiring wiring) {
            return new ProjectOperator(expressions, output, next);
        }
    }

    /** A projection with a generator: the other items, where the generator's columns go among them, and it. */
    record GenerateStage(List<BoundExpression> items, int generatorPosition, Generator generator, Schema output)
            implements Stage {
        @Override
        public Operator wire(Operator next, int slot, PlanWiring wiring) {
            return new GenerateOperator(items, generatorPosition, generator, output, next);
        }
    }

    record FilterStage(BoundExpression condition) implements Stage {
        @Override
        public Operator wire(Operator next, int slot, PlanWiring wiring) {
            return new FilterOperator(condition, next);
        }
    }

    /**
     * A watermark: each slot observes the event times of {@code column} (named {@code eventTime} in
     * the query), and the run tracks one watermark of them.
     */
    record WatermarkStage(int column, String eventTime, long delayMicros) implements Stage {
        @Override
        public void describe(PlanOutline outline) {
            outline.watermark(eventTime + " delayed by " + delayMicros / 1000 + " ms");
        }

        @Override
        public void create(List<Stage> slots, PlanWiring wiring) {
            wiring.watermark(slots, delayMicros);
        }

        @Override
        public Operator wire(Operator next, int slot, PlanWiring wiring) {
            return wiring.observe(this, new EventTimeWatermarkOperator(column, next));
        }
    }
}
