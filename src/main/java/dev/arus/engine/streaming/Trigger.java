package dev.arus.engine.streaming;

import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.Locale;

/**
 * When a query runs its next batch. The default, as in Spark, is {@link #asFastAsPossible()}: the
 * next batch starts as soon as the previous one ends, which gives the lowest latency without a
 * configuration choice.
 */
public sealed interface Trigger {

    /** The error class of a negative processing-time interval. */
    String INVALID_TRIGGER_INTERVAL = "INVALID_TRIGGER_INTERVAL";

    /** The time from one batch's start to the next's: a processing-time trigger's interval; zero for the others. */
    default Duration interval() {
        return Duration.ZERO;
    }

    /**
     * A batch at each multiple of {@code interval} since the epoch; a slow batch delays, never
     * overlaps. Only whole milliseconds count, as in Spark: an interval under 1 ms is the default
     * trigger.
     */
    record ProcessingTime(Duration interval) implements Trigger {
        public ProcessingTime {
            if (interval.isNegative()) {
                // Spark's require() in ProcessingTimeTrigger, word for word
                throw new ArusException(INVALID_TRIGGER_INTERVAL,
                        "requirement failed: the interval of trigger should not be negative");
            }
        }
    }

    /**
     * Spark's real-time mode ({@code Trigger.RealTime}, Spark 4.1): rows go out as they arrive, and
     * {@code checkpointInterval} is how long Spark's long-running batch lasts before its offsets and
     * commit are logged (Spark requires at least {@value #REAL_TIME_MIN_BATCH_DURATION_MS} ms,
     * {@code spark.sql.streaming.realTimeMode.minBatchDuration}). Arus runs it as the default
     * trigger woken by new data: a batch per arrival, each checkpointed (offsets before, commit
     * after), so Arus checkpoints at least as often as the interval asks. Only stateless queries
     * over the event log or Kafka, in update mode, into a sink Spark allows
     * ({@link dev.arus.engine.plan.RealTimeModeRules}).
     */
    record RealTime(Duration checkpointInterval) implements Trigger {
        public RealTime {
            if (checkpointInterval.isNegative()) {
                // Spark's require() in RealTimeTrigger, word for word
                throw new ArusException(INVALID_TRIGGER_INTERVAL,
                        "requirement failed: the batch duration should not be negative");
            }
        }
    }

    /** Spark's default {@code spark.sql.streaming.realTimeMode.minBatchDuration}: 5 seconds. */
    long REAL_TIME_MIN_BATCH_DURATION_MS = 5_000;

    /** One batch over everything available, then stop. */
    record Once() implements Trigger {
    }

    /** Everything available at start, in as many batches as it takes, then stop. */
    record AvailableNow() implements Trigger {
    }

    static Trigger processingTime(Duration interval) {
        return new ProcessingTime(interval);
    }

    /**
     * Parses Spark's interval strings, e.g. {@code "4 seconds"}.
     *
     * @throws ArusException {@value IntervalParser#INVALID_INTERVAL_FORMAT} for a malformed or a
     *         month or year interval, {@value #INVALID_TRIGGER_INTERVAL} for a negative one
     */
    static Trigger processingTime(String interval) {
        return new ProcessingTime(interval(interval));
    }

    private static Duration interval(String interval) {
        if (interval != null && interval.toLowerCase(Locale.ROOT).matches(".*\\b(month|year)s?\\b.*")) {
            throw new ArusException(IntervalParser.INVALID_INTERVAL_FORMAT + ".INVALID_UNIT",
                    "Doesn't support month or year interval: " + interval);
        }
        return Duration.of(IntervalParser.parseMicros(interval), ChronoUnit.MICROS);
    }

    /**
     * Spark's {@code Trigger.RealTime(interval)}: the interval read as a processing-time one.
     *
     * @throws ArusException as {@link #processingTime(String)}; {@code INVALID_TRIGGER_INTERVAL}
     *         for a negative one
     */
    static Trigger realTime(String checkpointInterval) {
        return new RealTime(interval(checkpointInterval));
    }

    static Trigger processingTime(long intervalMs) {
        return new ProcessingTime(Duration.ofMillis(intervalMs));
    }

    static Trigger asFastAsPossible() {
        return new ProcessingTime(Duration.ZERO);
    }

    static Trigger once() {
        return new Once();
    }

    static Trigger availableNow() {
        return new AvailableNow();
    }
}
