package dev.arus.engine.plan;

import dev.arus.engine.exec.EventTimeWatermarkOperator;
import dev.arus.engine.exec.Operator;
import dev.arus.engine.exec.OutputCollector;
import dev.arus.engine.exec.PartitionedStatefulOperator;
import dev.arus.engine.exec.RowOrdering;
import dev.arus.engine.exec.StatefulOperator;
import dev.arus.engine.exec.WatermarkPropagation;
import dev.arus.engine.exec.join.StaticJoinIndex;
import dev.arus.engine.source.Source;
import dev.arus.engine.streaming.OutputMode;
import dev.arus.engine.time.WatermarkTracker;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns the stages each task slot resolved into one run's operators: the stateful operators
 * (shared by the slots, each slot feeding its own input), each slot's stateless operators, the
 * heads where each source's chunks enter, and the watermark observers. A slot's stages form a
 * chain from a source to the sink, or a tree when a join joins two chains. Each stage makes its
 * own operators ({@link Stage}); this class keeps what they share. Stateful operators are listed
 * so that each comes after those that feed it, and numbered as Spark numbers them: from the sink
 * down, left before right. Used once per run.
 */
final class PlanWiring {

    private final OutputMode mode;
    private final QueryPlanner.Settings settings;
    private final List<PartitionedStatefulOperator<?, ?>> operators = new ArrayList<>();
    private final List<List<Operator>> downstreams = new ArrayList<>();
    /** Slot 0's stateful stages, to their operator ids. */
    private final Map<Stage, Integer> ids = new IdentityHashMap<>();
    /** Every slot's stateful stage, to the index of its operator in {@link #operators}. */
    private final Map<Stage, Integer> operatorOf = new IdentityHashMap<>();
    /** Every slot's watermark stage, to the index of its watermark operator. */
    private final Map<Stage, Integer> watermarkOf = new IdentityHashMap<>();
    private final List<Long> watermarkDelays = new ArrayList<>();
    private final List<List<EventTimeWatermarkOperator>> observers = new ArrayList<>();
    private final List<List<Operator>> heads = new ArrayList<>();
    // Each static table is read and indexed once per run, and shared by the slots.
    private final Map<StaticTableRead, StaticJoinIndex> staticIndexes = new HashMap<>();
    private int nextSource;
    /** The input watermark of each stateful operator, found as {@link #create} walks the chains from the source on. */
    private WatermarkPropagation.Builder propagation;

    PlanWiring(OutputMode mode, QueryPlanner.Settings settings) {
        this.mode = mode;
        this.settings = settings;
    }

    /** The run's operators; each slot's collector hands its rows over in {@code ordering} (none when null). */
    PhysicalPlan wire(List<List<Stage>> slots, Analysis analysis, List<Source> sources, RowOrdering ordering) {
        number(slots.get(0));
        propagation = new WatermarkPropagation.Builder(ids.size());
        create(slots);
        sources.forEach(source -> heads.add(new ArrayList<>()));
        List<OutputCollector> collectors = new ArrayList<>();
        OutputCollector.RowBudget budget = new OutputCollector.RowBudget(settings.rowsToKeep(),
                settings.maxOutputRows());
        for (int s = 0; s < slots.size(); s++) {
            OutputCollector collector = new OutputCollector(budget, ordering);
            collectors.add(collector);
            nextSource = 0;
            wire(slots.get(s), collector, s);
        }
        if (ordering != null && !operators.isEmpty()) {
            operators.get(operators.size() - 1).feedGlobalSort(); // the aggregation a sorted query sorts
        }
        WatermarkTracker tracker = watermarkDelays.isEmpty() ? null : new WatermarkTracker(
                watermarkDelays.stream().mapToLong(Long::longValue).toArray(), settings.watermarkPolicy());
        return new PhysicalPlan(sources, heads, List.copyOf(operators), downstreams, collectors, observers, tracker,
                propagation.build(), mode, analysis.schema());
    }

    /**
     * Only the stateful operators of one slot's stages, numbered and created as {@link #wire}
     * does, wired to nothing: for readers of a query's state, who run no batch.
     */
    List<StatefulOperator> statefulOperators(List<Stage> stages) {
        number(stages);
        propagation = new WatermarkPropagation.Builder(ids.size());
        create(List.of(stages));
        return List.copyOf(operators);
    }

    OutputMode mode() {
        return mode;
    }

    QueryPlanner.Settings settings() {
        return settings;
    }

    /** Numbers the stateful operators of {@code chain} as Spark does: pre-order from the sink, left before right. */
    void number(List<Stage> chain) {
        for (int i = chain.size() - 1; i >= 0; i--) {
            chain.get(i).number(this);
        }
    }

    /** Gives {@code stage}'s stateful operator the next id. */
    void number(StatefulStage stage) {
        ids.put(stage, ids.size());
    }

    int idOf(Stage stage) {
        return ids.get(stage);
    }

    /**
     * Creates what the slots' chains (each of the same shape) share, from the source on, so that
     * a stateful operator comes after those that feed it; returns where the watermark stands at
     * the chain's end, for {@link #meet}.
     */
    long create(List<List<Stage>> chains) {
        propagation.startChain();
        List<Stage> first = chains.get(0);
        for (int i = 0; i < first.size(); i++) {
            int position = i;
            first.get(i).create(chains.stream().map(chain -> chain.get(position)).toList(), this);
        }
        return propagation.current();
    }

    /** A join's input watermark: the lesser of its two chains', created with {@link #create}. */
    void meet(long left, long right) {
        propagation.meet(left, right);
    }

    /** Adds the run's operator of a stateful stage, {@code slots} being that stage as each slot resolved it. */
    void add(List<Stage> slots, PartitionedStatefulOperator<?, ?> operator) {
        int index = operators.size();
        operators.add(operator);
        propagation.operator(operator);
        downstreams.add(new ArrayList<>());
        slots.forEach(slotStage -> operatorOf.put(slotStage, index));
    }

    /** Adds a watermark of the run, {@code slots} being its stage as each slot resolved it. */
    void watermark(List<Stage> slots, long delayMicros) {
        int index = watermarkDelays.size();
        watermarkDelays.add(delayMicros);
        propagation.watermark();
        observers.add(new ArrayList<>());
        slots.forEach(slotStage -> watermarkOf.put(slotStage, index));
    }

    /**
     * Wires one slot's chain, from the sink side down to where it starts: a source, whose head is
     * registered, or a join, whose two sides are wired as chains of their own.
     */
    void wire(List<Stage> chain, Operator downstream, int slot) {
        Operator next = downstream;
        for (int i = chain.size() - 1; i >= 0; i--) {
            next = chain.get(i).wire(next, slot, this);
        }
    }

    /** The operator of a slot's stateful stage, whose output on this slot goes to {@code downstream}. */
    PartitionedStatefulOperator<?, ?> feed(Stage stage, Operator downstream) {
        int operator = operatorOf.get(stage);
        downstreams.get(operator).add(downstream);
        return operators.get(operator);
    }

    /** A slot's observer of the watermark of {@code stage}. */
    Operator observe(Stage stage, EventTimeWatermarkOperator observer) {
        observers.get(watermarkOf.get(stage)).add(observer);
        return observer;
    }

    /** Where the slot being wired takes the chunks of its next source, in the order of the plan's sources. */
    void head(Operator head) {
        heads.get(nextSource++).add(head);
    }

    /** The table read and indexed for the run: once, whichever slot asks first. */
    StaticJoinIndex staticIndex(StaticTableRead table) {
        return staticIndexes.computeIfAbsent(table, read -> read.index(settings.timeZone()));
    }
}
