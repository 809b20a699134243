package dev.arus.engine.plan;

import dev.arus.engine.data.Schema;
import dev.arus.engine.exec.EventTimeWatermarkOperator;
import dev.arus.engine.exec.Operator;
import dev.arus.engine.exec.OutputCollector;
import dev.arus.engine.exec.StatefulOperator;
import dev.arus.engine.exec.WatermarkPropagation;
import dev.arus.engine.source.Source;
import dev.arus.engine.streaming.OutputMode;
import dev.arus.engine.time.WatermarkTracker;
import java.util.Comparator;
import java.util.List;

/**
 * One run's operators, wired sources to sink, in stages that the runtime runs one after another:
 * stage 0 reads the sources' partitions, each stateful operator's partitions make the stage after
 * it. Every stage runs on {@link #slots()} task slots, each with operators of its own, so the
 * lists indexed by slot hold one pipeline per slot:
 * <ul>
 *   <li>{@code heads.get(i).get(s)} takes slot {@code s}'s chunks of source {@code i};</li>
 *   <li>{@code downstreams.get(k).get(s)} takes what stateful operator {@code k} emits on slot
 *       {@code s} (operators listed from the source on, so the last one is nearest the sink);</li>
 *   <li>{@code collectors.get(s)} ends every pipeline of slot {@code s};</li>
 *   <li>{@code watermarkObservers.get(w).get(s)} observes slot {@code s}'s event times at
 *       watermark operator {@code w} (none without a watermark).</li>
 * </ul>
 * {@code watermarks} gives each stateful operator its input watermark from the query's.
 */
public record PhysicalPlan(
        List<Source> sources,
        List<List<Operator>> heads,
        List<StatefulOperator> statefulOperators,
        List<List<Operator>> downstreams,
        List<OutputCollector> collectors,
        List<List<EventTimeWatermarkOperator>> watermarkObservers,
        WatermarkTracker watermarkTracker,
        WatermarkPropagation watermarks,
        OutputMode outputMode,
        Schema outputSchema) {

    public PhysicalPlan {
        sources = List.copyOf(sources);
        heads = heads.stream().map(List::copyOf).toList();
        statefulOperators = List.copyOf(statefulOperators);
        downstreams = downstreams.stream().map(List::copyOf).toList();
        collectors = List.copyOf(collectors);
        watermarkObservers = watermarkObservers.stream().map(List::copyOf).toList();
    }

    public int slots() {
        return heads.get(0).size();
    }

    /**
     * Whether the query's watermark moving from {@code currentMicros} to {@code nextMicros} alone
     * justifies a batch: some stateful operator asks for it and its own input watermark moves, as
     * Spark's {@code IncrementalExecution.shouldRunAnotherBatch} asks each operator.
     */
    public boolean runsNoDataBatches(long currentMicros, long nextMicros) {
        return watermarkTracker != null && statefulOperators.stream().anyMatch(operator -> operator.runsNoDataBatches()
                && watermarks.inputMicros(operator.operatorId(), nextMicros)
                > watermarks.inputMicros(operator.operatorId(), currentMicros));
    }

    /** The stateful operators in the order progress lists them: by operator id, from the sink on. */
    public List<StatefulOperator> statefulOperatorsSinkFirst() {
        return statefulOperators.stream().sorted(Comparator.comparingInt(StatefulOperator::operatorId)).toList();
    }
}
