package dev.arus.server.query.restart;

import static dev.arus.server.query.restart.InvalidRestartSetting.readable;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * How the service starts a failed query again, as Flink's restart strategies (its
 * {@code RestartBackoffTimeStrategy} implementations) do, with Flink's parameters and semantics:
 * {@link FixedDelay}, {@link ExponentialDelay}, {@link FailureRate} and {@link None}. A strategy is
 * a policy; each query keeps a {@link Schedule} of it, the strategy's memory of the query's
 * failures, made fresh whenever its user starts it. The records check their parameters and name
 * the one at fault ({@link InvalidRestartSetting}).
 */
public sealed interface RestartStrategy {

    /** The strategy's name, as a spec and {@code arus.restart.strategy} give it: {@code fixed-delay}, ... */
    String name();

    /** A new schedule, which has seen no failure; {@code random} draws the jitter of the strategies that have one. */
    Schedule schedule(RandomGenerator random);

    /**
     * One query's failures as its strategy counts them. Not thread-safe: its query's lock guards it.
     */
    interface Schedule {

        /**
         * Counts a failure at {@code failedAtMillis} (the clock's time): the restart the strategy
         * grants, or empty when it gives up and the query stays failed.
         */
        Optional<Restart> failed(long failedAtMillis);
    }

    /**
     * A restart granted: after {@code delay}, as the {@code attempt}-th of at most
     * {@code maxAttempts} the strategy counts ({@link FixedDelay}: since the user's start;
     * {@link ExponentialDelay}: since the backoff was last reset; {@link FailureRate}: failures
     * within the current interval).
     */
    record Restart(Duration delay, int attempt, int maxAttempts) {
    }

    /**
     * Flink's {@code fixed-delay}: up to {@code attempts} restarts, each {@code delay} after its
     * failure; the next failure leaves the query failed. The count never resets while the query
     * runs: a query that fails now and then uses its attempts up over its life.
     */
    record FixedDelay(int attempts, Duration delay) implements RestartStrategy {

        public static final String NAME = "fixed-delay";

        public FixedDelay {
            InvalidRestartSetting.check(attempts >= 0, "attempts", "must be at least 0, was " + attempts);
            InvalidRestartSetting.check(!delay.isNegative(), "delay", "must not be negative, was " + readable(delay));
        }

        @Override
        public String name() {
            return NAME;
        }

        @Override
        public Schedule schedule(RandomGenerator random) {
            return new Schedule() {
                private int failures;

                @Override
                public Optional<Restart> failed(long failedAt) {
                    failures++;
                    return failures <= attempts
                            ? Optional.of(new Restart(delay, failures, attempts)) : Optional.empty();
                }
            };
        }
    }

    /**
     * Flink's {@code exponential-delay}: the first restart after {@code initialBackoff}, each
     * further one {@code backoffMultiplier} times later, at most {@code maxBackoff}, each moved by
     * a random jitter of up to {@code jitterFactor} of itself either way (so that queries failing
     * together do not all come back at once) and kept between the two bounds. A failure that comes
     * {@code resetBackoffThreshold} or more after the last restart starts the backoff over from
     * {@code initialBackoff}: the query ran well for that long. More than
     * {@code attemptsBeforeResetBackoff} restarts without such a reset leave the query failed.
     */
    record ExponentialDelay(Duration initialBackoff, Duration maxBackoff, double backoffMultiplier,
                            Duration resetBackoffThreshold, double jitterFactor, int attemptsBeforeResetBackoff)
            implements RestartStrategy {

        public static final String NAME = "exponential-delay";

        public ExponentialDelay {
            InvalidRestartSetting.check(initialBackoff.toMillis() >= 1, "initialBackoff",
                    "must be at least 1 millisecond, was " + readable(initialBackoff));
            InvalidRestartSetting.check(maxBackoff.compareTo(initialBackoff) >= 0, "maxBackoff",
                    "must be at least initialBackoff (" + readable(initialBackoff) + "), was " + readable(maxBackoff));
            InvalidRestartSetting.check(backoffMultiplier > 1 && Double.isFinite(backoffMultiplier),
                    "backoffMultiplier", "must be more than 1, was " + backoffMultiplier);
            InvalidRestartSetting.check(resetBackoffThreshold.toMillis() >= 1, "resetBackoffThreshold",
                    "must be at least 1 millisecond, was " + readable(resetBackoffThreshold));
            InvalidRestartSetting.check(jitterFactor >= 0 && jitterFactor <= 1, "jitterFactor",
                    "must be between 0 and 1, was " + jitterFactor);
            InvalidRestartSetting.check(attemptsBeforeResetBackoff >= 1, "attemptsBeforeResetBackoff",
                    "must be at least 1, was " + attemptsBeforeResetBackoff);
        }

        @Override
        public String name() {
            return NAME;
        }

        @Override
        public Schedule schedule(RandomGenerator random) {
            return new Schedule() {
                // Restarts since the backoff was last reset, and when the last one was due.
                private int attempts;
                private long lastRestartAt = Long.MIN_VALUE;

                @Override
                public Optional<Restart> failed(long failedAt) {
                    if (lastRestartAt == Long.MIN_VALUE
                            || failedAt - lastRestartAt >= resetBackoffThreshold.toMillis()) {
                        attempts = 0;
                    }
                    long backoff = backoff(attempts, random);
                    lastRestartAt = failedAt + backoff;
                    attempts++;
                    return attempts <= attemptsBeforeResetBackoff
                            ? Optional.of(new Restart(Duration.ofMillis(backoff), attempts, attemptsBeforeResetBackoff))
                            : Optional.empty();
                }
            };
        }

        /** The backoff of restart {@code attempt} since the reset (0 the first): Flink's, jitter and bounds. */
        private long backoff(int attempt, RandomGenerator random) {
            long initial = initialBackoff.toMillis();
            long max = maxBackoff.toMillis();
            double exact = initial * Math.pow(backoffMultiplier, attempt);
            long current = exact >= max ? max : (long) exact;
            long offset = (long) (current * jitterFactor);
            long jitter = offset == 0 ? 0 : random.nextLong(-offset, offset + 1);
            return Math.max(initial, Math.min(current + jitter, max));
        }
    }

    /**
     * Flink's {@code failure-rate}: each restart {@code delay} after its failure, as long as no
     * more than {@code maxFailuresPerInterval} failures came within {@code failureRateInterval};
     * the failure that makes one more within the interval leaves the query failed.
     */
    record FailureRate(int maxFailuresPerInterval, Duration failureRateInterval, Duration delay)
            implements RestartStrategy {

        public static final String NAME = "failure-rate";

        public FailureRate {
            InvalidRestartSetting.check(maxFailuresPerInterval >= 1, "maxFailuresPerInterval",
                    "must be at least 1, was " + maxFailuresPerInterval);
            InvalidRestartSetting.check(failureRateInterval.toMillis() >= 1, "failureRateInterval",
                    "must be at least 1 millisecond, was " + readable(failureRateInterval));
            InvalidRestartSetting.check(!delay.isNegative(), "delay", "must not be negative, was " + readable(delay));
        }

        @Override
        public String name() {
            return NAME;
        }

        @Override
        public Schedule schedule(RandomGenerator random) {
            // The times of the latest failures, at most one more than the rate allows.
            ArrayDeque<Long> failures = new ArrayDeque<>();
            return failedAt -> {
                if (failures.size() > maxFailuresPerInterval) {
                    failures.removeFirst();
                }
                failures.addLast(failedAt);
                boolean tooMany = failures.size() > maxFailuresPerInterval
                        && failedAt - failures.peekFirst() <= failureRateInterval.toMillis();
                if (tooMany) {
                    return Optional.empty();
                }
                long within = failures.stream().filter(at -> failedAt - at <= failureRateInterval.toMillis()).count();
                return Optional.of(new Restart(delay, (int) within, maxFailuresPerInterval));
            };
        }
    }

    /** Flink's {@code none}: a failed query stays failed until its user starts it. */
    record None() implements RestartStrategy {

        public static final String NAME = "none";

        @Override
        public String name() {
            return NAME;
        }

        @Override
        public Schedule schedule(RandomGenerator random) {
            return failedAt -> Optional.empty();
        }
    }
}
