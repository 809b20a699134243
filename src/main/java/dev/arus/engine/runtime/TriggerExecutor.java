package dev.arus.engine.runtime;

import dev.arus.engine.source.ReadLimit;
import dev.arus.engine.source.Source;
import dev.arus.engine.source.SupportsTriggerAvailableNow;
import dev.arus.engine.streaming.Trigger;
import java.util.List;

/**
 * How many triggers a run has and how much each reads, chosen once per run from its
 * {@link Trigger} and its sources, as Spark's {@code MicroBatchExecution} chooses its trigger
 * executor and its sources' read limits:
 * <ul>
 *   <li>{@code processingTime} (and the default trigger): triggers until the run is stopped, each
 *       source reading within its {@linkplain Source#defaultReadLimit() own limit};</li>
 *   <li>{@code once}: one trigger, every source reading all it has, its limit ignored (Spark's
 *       {@code SingleBatchExecutor});</li>
 *   <li>{@code availableNow} when every source {@linkplain SupportsTriggerAvailableNow supports
 *       it}: each source fixes its end when the run starts, then triggers run back to back within
 *       the sources' own limits until one runs no batch, neither for new data nor for the
 *       watermark (Spark's {@code MultiBatchExecutor});</li>
 *   <li>{@code availableNow} otherwise: as {@code once}, Spark's fallback while
 *       {@code spark.sql.streaming.triggerAvailableNow.wrapper.enabled} is false, its default.</li>
 * </ul>
 */
sealed interface TriggerExecutor {

    System.Logger LOG = System.getLogger(TriggerExecutor.class.getName());

    /** Triggers until stopped; each source within its own limit. */
    record ProcessingTimeExecutor() implements TriggerExecutor {
        @Override
        public List<ReadLimit> prepare(List<Source> sources) {
            return sources.stream().map(Source::defaultReadLimit).toList();
        }

        @Override
        public boolean endsAfter(BatchOutcome outcome) {
            return false;
        }
    }

    /** One trigger over everything available. */
    record SingleBatchExecutor() implements TriggerExecutor {
        @Override
        public List<ReadLimit> prepare(List<Source> sources) {
            for (Source source : sources) {
                ReadLimit limit = source.defaultReadLimit();
                if (!limit.readsAll()) {
                    LOG.log(System.Logger.Level.WARNING, "The read limit " + limit + " for " + source.description()
                            + " is ignored when Trigger.Once is used.");
                }
            }
            return sources.stream().map(source -> ReadLimit.allAvailable()).toList();
        }

        @Override
        public boolean endsAfter(BatchOutcome outcome) {
            return true;
        }
    }

    /** Triggers up to the ends the sources fixed at the start, until one runs no batch. */
    record MultiBatchExecutor() implements TriggerExecutor {
        @Override
        public List<ReadLimit> prepare(List<Source> sources) {
            for (Source source : sources) {
                ((SupportsTriggerAvailableNow) source).prepareForTriggerAvailableNow();
            }
            return sources.stream().map(Source::defaultReadLimit).toList();
        }

        @Override
        public boolean endsAfter(BatchOutcome outcome) {
            return outcome instanceof BatchOutcome.Idle;
        }
    }

    /** Spark's {@code getTrigger}: the executor of a run of {@code trigger} over {@code sources}. */
    static TriggerExecutor of(Trigger trigger, List<Source> sources) {
        if (trigger instanceof Trigger.Once) {
            return new SingleBatchExecutor();
        }
        if (!(trigger instanceof Trigger.AvailableNow)) {
            return new ProcessingTimeExecutor();
        }
        boolean supported = true;
        for (Source source : sources) {
            if (!(source instanceof SupportsTriggerAvailableNow)) {
                LOG.log(System.Logger.Level.WARNING, "source [" + source.description() + "] does not support "
                        + "Trigger.AvailableNow. Falling back to single batch execution. Note that this may not "
                        + "guarantee processing new data if there is an uncommitted batch. Please consult with data "
                        + "source developer to support Trigger.AvailableNow.");
                supported = false;
            }
        }
        return supported ? new MultiBatchExecutor() : new SingleBatchExecutor();
    }

    /**
     * Readies the sources for the run and gives the read limit of each, in the order of
     * {@code sources}, for every trigger of the run. Called once, on the query's thread, before the
     * run's first trigger asks the sources anything.
     */
    List<ReadLimit> prepare(List<Source> sources);

    /** Whether the run ends after a trigger that had {@code outcome}. */
    boolean endsAfter(BatchOutcome outcome);
}
