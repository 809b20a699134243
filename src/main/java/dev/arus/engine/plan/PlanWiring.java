package dev.arus.engine.plan;

import dev.arus.engine.exec.EventTimeWatermarkOperator;
import dev.arus.engine.exec.FilterOperator;
import dev.arus.engine.exec.Operator;
import dev.arus.engine.exec.OutputCollector;
import dev.arus.engine.exec.GenerateOperator;
import dev.arus.engine.exec.ProjectOperator;
import dev.arus.engine.exec.PartitionedStatefulOperator;
import dev.arus.engine.exec.aggregate.AggregationSpec;
import dev.arus.engine.exec.aggregate.StreamingAggregation;
import dev.arus.engine.exec.dedup.StreamingDeduplication;
import dev.arus.engine.exec.join.StaticJoinIndex;
import dev.arus.engine.exec.join.StaticJoinOperator;
import dev.arus.engine.exec.join.StreamStreamJoin;
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
 * chain from a source to the sink, or a tree when a join joins two chains. Stateful operators are
 * listed so that each comes after those that feed it, and numbered as Spark numbers them: from
 * the sink down, left before right. Used once per run.
 */
final class PlanWiring {

    private final OutputMode mode;
    private final QueryPlanner.Settings settings;
    private final List<PartitionedStatefulOperator<?, ?>> operators = new ArrayList<>();
    private final List<List<Operator>> downstreams = new ArrayList<>();
    /** Every slot's stateful stage, to the index of its operator in {@link #operators}. */
    private final Map<QueryPlanner.Stage, Integer> operatorOf = new IdentityHashMap<>();
    /** Every slot's watermark stage, to the index of its watermark operator. */
    private final Map<QueryPlanner.Stage, Integer> watermarkOf = new IdentityHashMap<>();
    private final List<Long> watermarkDelays = new ArrayList<>();
    private final List<List<EventTimeWatermarkOperator>> observers = new ArrayList<>();
    private final List<List<Operator>> heads = new ArrayList<>();
    // Each static table is read and indexed once per run, and shared by the slots.
    private final Map<StaticTableRead, StaticJoinIndex> staticIndexes = new HashMap<>();
    private int nextSource;

    PlanWiring(OutputMode mode, QueryPlanner.Settings settings) {
        this.mode = mode;
        this.settings = settings;
    }

    PhysicalPlan wire(List<List<QueryPlanner.Stage>> slots, Analysis analysis, List<Source> sources) {
        Map<QueryPlanner.Stage, Integer> ids = new IdentityHashMap<>();
        numberFromTheSink(slots.get(0), ids, new int[1]);
        create(slots, ids);
        operators.forEach(operator -> downstreams.add(new ArrayList<>()));
        sources.forEach(source -> heads.add(new ArrayList<>()));
        List<OutputCollector> collectors = new ArrayList<>();
        OutputCollector.RowBudget budget = new OutputCollector.RowBudget(settings.rowsToKeep(),
                settings.maxOutputRows());
        for (int s = 0; s < slots.size(); s++) {
            OutputCollector collector = new OutputCollector(budget);
            collectors.add(collector);
            nextSource = 0;
            wire(slots.get(s), collector, s);
        }
        WatermarkTracker tracker = watermarkDelays.isEmpty() ? null : new WatermarkTracker(
                watermarkDelays.stream().mapToLong(Long::longValue).toArray(), settings.watermarkPolicy());
        return new PhysicalPlan(sources, heads, List.copyOf(operators), downstreams, collectors, observers, tracker, mode,
                analysis.schema());
    }

    /** Spark's operator ids: pre-order from the sink, left before right. */
    private static void numberFromTheSink(List<QueryPlanner.Stage> chain, Map<QueryPlanner.Stage, Integer> ids,
                                          int[] next) {
        for (int i = chain.size() - 1; i >= 0; i--) {
            QueryPlanner.Stage stage = chain.get(i);
            if (stage instanceof QueryPlanner.AggregateStage || stage instanceof QueryPlanner.DeduplicateStage) {
                ids.put(stage, next[0]++);
            } else if (stage instanceof QueryPlanner.StreamJoinStage join) {
                ids.put(stage, next[0]++);
                numberFromTheSink(join.left(), ids, next);
                numberFromTheSink(join.right(), ids, next);
            }
        }
    }

    /**
     * Creates the stateful operators and watermark slots of the slots' chains (each slot's chain
     * of the same shape), from the source on, so that an operator comes after those that feed it.
     */
    private void create(List<List<QueryPlanner.Stage>> chains, Map<QueryPlanner.Stage, Integer> ids) {
        List<QueryPlanner.Stage> first = chains.get(0);
        for (int i = 0; i < first.size(); i++) {
            int position = i;
            List<QueryPlanner.Stage> perSlot = chains.stream().map(chain -> chain.get(position)).toList();
            QueryPlanner.Stage stage = first.get(i);
            if (stage instanceof QueryPlanner.WatermarkStage watermark) {
                perSlot.forEach(slotStage -> watermarkOf.put(slotStage, watermarkDelays.size()));
                watermarkDelays.add(watermark.delayMicros());
                observers.add(new ArrayList<>());
                continue;
            }
            PartitionedStatefulOperator<?, ?> operator = null;
            if (stage instanceof QueryPlanner.StreamJoinStage join) {
                List<QueryPlanner.StreamJoinStage> joins = perSlot.stream()
                        .map(QueryPlanner.StreamJoinStage.class::cast).toList();
                create(joins.stream().map(QueryPlanner.StreamJoinStage::left).toList(), ids);
                create(joins.stream().map(QueryPlanner.StreamJoinStage::right).toList(), ids);
                operator = new StreamStreamJoin(ids.get(stage), settings.shufflePartitions(),
                        joins.stream().map(QueryPlanner.StreamJoinStage::spec).toList(), join.binding(),
                        settings.maxStateRows());
            } else if (stage instanceof QueryPlanner.AggregateStage aggregate) {
                List<AggregationSpec> specs = perSlot.stream()
                        .map(slotStage -> ((QueryPlanner.AggregateStage) slotStage).spec()).toList();
                operator = new StreamingAggregation(ids.get(stage), settings.shufflePartitions(), mode, specs,
                        aggregate.output(), settings.maxStateRows());
            } else if (stage instanceof QueryPlanner.DeduplicateStage deduplicate) {
                operator = new StreamingDeduplication(ids.get(stage), settings.shufflePartitions(), settings.slots(),
                        deduplicate.spec(), settings.maxStateRows());
            }
            if (operator != null) {
                int index = operators.size();
                operators.add(operator);
                perSlot.forEach(slotStage -> operatorOf.put(slotStage, index));
            }
        }
    }

    /**
     * Wires one slot's chain, from the sink side down to its source, whose head is registered; a
     * join's chain ends at the join, whose two sides are wired as chains of their own.
     */
    private void wire(List<QueryPlanner.Stage> chain, Operator downstream, int slot) {
        Operator next = downstream;
        for (int i = chain.size() - 1; i >= 0; i--) {
            QueryPlanner.Stage stage = chain.get(i);
            if (stage instanceof QueryPlanner.ProjectStage project) {
                next = new ProjectOperator(project.expressions(), project.output(), next);
            } else if (stage instanceof QueryPlanner.GenerateStage generate) {
                next = new GenerateOperator(generate.items(), generate.generatorPosition(), generate.generator(),
                        generate.output(), next);
            } else if (stage instanceof QueryPlanner.FilterStage filter) {
                next = new FilterOperator(filter.condition(), next);
            } else if (stage instanceof QueryPlanner.WatermarkStage watermark) {
                EventTimeWatermarkOperator observer = new EventTimeWatermarkOperator(watermark.column(), next);
                observers.get(watermarkOf.get(stage)).add(observer);
                next = observer;
            } else if (stage instanceof QueryPlanner.StaticJoinStage join) {
                StaticJoinIndex index = staticIndexes.computeIfAbsent(join.table(),
                        table -> table.index(settings.timeZone()));
                next = new StaticJoinOperator(join.spec(), index, next);
            } else {
                int operator = operatorOf.get(stage);
                downstreams.get(operator).add(next);
                if (stage instanceof QueryPlanner.StreamJoinStage join) {
                    wire(join.left(), operators.get(operator).input(slot, 0), slot);
                    wire(join.right(), operators.get(operator).input(slot, 1), slot);
                    return;
                }
                next = operators.get(operator).input(slot, 0);
            }
        }
        heads.get(nextSource++).add(next);
    }
}
