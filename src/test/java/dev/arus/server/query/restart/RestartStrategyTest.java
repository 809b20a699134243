package dev.arus.server.query.restart;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arus.server.query.restart.RestartStrategy.ExponentialDelay;
import dev.arus.server.query.restart.RestartStrategy.FailureRate;
import dev.arus.server.query.restart.RestartStrategy.FixedDelay;
import dev.arus.server.query.restart.RestartStrategy.Restart;
import dev.arus.server.query.restart.RestartStrategy.Schedule;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/**
 * Each strategy's schedule as Flink's restart strategies make it, failure by failure, on a clock
 * the test moves: a failure comes some time after the restart before it was due.
 */
class RestartStrategyTest {

    private static final RandomGenerator NO_RANDOM = new SplittableRandom(1);

    @Test
    void fixedDelayRestartsItsAttemptsEachAfterTheDelayThenGivesUp() {
        Schedule schedule = new FixedDelay(3, Duration.ofSeconds(10)).schedule(NO_RANDOM);

        assertThat(schedule.failed(0)).contains(new Restart(Duration.ofSeconds(10), 1, 3));
        assertThat(schedule.failed(hours(1))).contains(new Restart(Duration.ofSeconds(10), 2, 3));
        assertThat(schedule.failed(hours(30))).as("its count never resets").contains(new Restart(Duration.ofSeconds(10), 3, 3));
        assertThat(schedule.failed(hours(60))).isEmpty();
    }

    @Test
    void fixedDelayOfNoAttemptsNeverRestarts() {
        assertThat(new FixedDelay(0, Duration.ZERO).schedule(NO_RANDOM).failed(0)).isEmpty();
    }

    @Test
    void exponentialDelayMultipliesTheBackoffUpToItsMaximum() {
        Failures failures = new Failures(exponential(Duration.ofHours(1), 0, 100).schedule(NO_RANDOM));

        List<Long> delays = failures.eachRightAfterItsRestart(7);

        assertThat(delays).containsExactly(1_000L, 2_000L, 4_000L, 8_000L, 10_000L, 10_000L, 10_000L);
    }

    @Test
    void exponentialDelayStartsOverAfterAQuietPeriodOfItsThreshold() {
        Failures failures = new Failures(exponential(Duration.ofMinutes(5), 0, 100).schedule(NO_RANDOM));
        failures.eachRightAfterItsRestart(3); // 1 s, 2 s, 4 s

        assertThat(failures.after(Duration.ofMinutes(5).minusMillis(1)).delay()).as("not quiet long enough")
                .isEqualTo(Duration.ofSeconds(8));
        Restart reset = failures.after(Duration.ofMinutes(5));

        assertThat(reset.delay()).isEqualTo(Duration.ofSeconds(1));
        assertThat(reset.attempt()).isEqualTo(1);
    }

    @Test
    void exponentialDelayGivesUpAfterItsAttemptsWithoutAQuietPeriod() {
        Schedule schedule = exponential(Duration.ofHours(1), 0, 3).schedule(NO_RANDOM);
        Failures failures = new Failures(schedule);

        assertThat(failures.eachRightAfterItsRestart(3)).containsExactly(1_000L, 2_000L, 4_000L);
        assertThat(schedule.failed(failures.now + 1)).isEmpty();
    }

    @Test
    void exponentialDelayJitterMovesEachBackoffByUpToItsFactorWithinTheBounds() {
        ExponentialDelay strategy = exponential(Duration.ofHours(1), 0.25, 100);
        Set<Long> drawn = new HashSet<>();
        for (int seed = 0; seed < 200; seed++) {
            List<Long> delays = new Failures(strategy.schedule(new SplittableRandom(seed))).eachRightAfterItsRestart(5);
            // 1 s (never below the initial backoff), 2 s, 4 s, 8 s, 10 s (never above the maximum), each +-25 %.
            assertThat(delays.get(0)).isBetween(1_000L, 1_250L);
            assertThat(delays.get(1)).isBetween(1_500L, 2_500L);
            assertThat(delays.get(2)).isBetween(3_000L, 5_000L);
            assertThat(delays.get(3)).isBetween(6_000L, 10_000L);
            assertThat(delays.get(4)).isBetween(7_500L, 10_000L);
            drawn.add(delays.get(2));
        }
        assertThat(drawn).as("queries failing together come back at different times").hasSizeGreaterThan(50);
    }

    @Test
    void exponentialDelayJitterReachesBothEndsOfItsRange() {
        RandomGenerator highest = boundedBy(true);
        RandomGenerator lowest = boundedBy(false);
        ExponentialDelay strategy = exponential(Duration.ofHours(1), 0.25, 100);

        assertThat(new Failures(strategy.schedule(highest)).eachRightAfterItsRestart(3)).containsExactly(1_250L, 2_500L, 5_000L);
        assertThat(new Failures(strategy.schedule(lowest)).eachRightAfterItsRestart(3)).containsExactly(1_000L, 1_500L, 3_000L);
    }

    @Test
    void failureRateRestartsWhileNoMoreThanItsMaximumFailWithinTheInterval() {
        Schedule schedule = new FailureRate(2, Duration.ofMinutes(1), Duration.ofSeconds(5)).schedule(NO_RANDOM);

        assertThat(schedule.failed(0)).contains(new Restart(Duration.ofSeconds(5), 1, 2));
        assertThat(schedule.failed(seconds(30))).contains(new Restart(Duration.ofSeconds(5), 2, 2));
        assertThat(schedule.failed(seconds(60))).as("a third failure within a minute of the first").isEmpty();
    }

    @Test
    void failureRateForgetsFailuresOlderThanItsInterval() {
        Schedule schedule = new FailureRate(2, Duration.ofMinutes(1), Duration.ofSeconds(5)).schedule(NO_RANDOM);
        schedule.failed(0);
        schedule.failed(seconds(30));

        assertThat(schedule.failed(seconds(60) + 1)).contains(new Restart(Duration.ofSeconds(5), 2, 2));
        assertThat(schedule.failed(seconds(89))).as("three within the minute from 30 s").isEmpty();
    }

    @Test
    void noneNeverRestarts() {
        assertThat(new RestartStrategy.None().schedule(NO_RANDOM).failed(0)).isEmpty();
    }

    @Test
    void aParameterOutOfRangeIsNamedAsASpecNamesIt() {
        assertThatThrownBy(() -> new ExponentialDelay(Duration.ofSeconds(10), Duration.ofSeconds(5), 2,
                Duration.ofHours(1), 0, 1))
                .isInstanceOfSatisfying(InvalidRestartSetting.class, invalid -> assertThat(invalid.field()).isEqualTo("maxBackoff"));
        assertThatThrownBy(() -> new ExponentialDelay(Duration.ofSeconds(1), Duration.ofSeconds(5), 1,
                Duration.ofHours(1), 0, 1))
                .isInstanceOfSatisfying(InvalidRestartSetting.class, invalid -> assertThat(invalid.field()).isEqualTo("backoffMultiplier"));
        assertThatThrownBy(() -> new ExponentialDelay(Duration.ofSeconds(1), Duration.ofSeconds(5), 2,
                Duration.ofHours(1), 1.5, 1))
                .isInstanceOfSatisfying(InvalidRestartSetting.class, invalid -> assertThat(invalid.field()).isEqualTo("jitterFactor"));
        assertThatThrownBy(() -> new FailureRate(0, Duration.ofMinutes(1), Duration.ZERO))
                .isInstanceOfSatisfying(InvalidRestartSetting.class, invalid -> assertThat(invalid.field()).isEqualTo("maxFailuresPerInterval"));
        assertThatThrownBy(() -> new FixedDelay(1, Duration.ofSeconds(-1)))
                .isInstanceOfSatisfying(InvalidRestartSetting.class, invalid -> assertThat(invalid.field()).isEqualTo("delay"));
    }

    /** 1 s doubling up to 10 s; quiet for {@code threshold} resets it. */
    private static ExponentialDelay exponential(Duration threshold, double jitter, int attempts) {
        return new ExponentialDelay(Duration.ofSeconds(1), Duration.ofSeconds(10), 2, threshold, jitter, attempts);
    }

    /** A generator whose every long in a range is the range's highest, or its lowest. */
    private static RandomGenerator boundedBy(boolean highest) {
        return new RandomGenerator() {
            @Override
            public long nextLong() {
                throw new UnsupportedOperationException();
            }

            @Override
            public long nextLong(long origin, long bound) {
                return highest ? bound - 1 : origin;
            }
        };
    }

    private static long seconds(long n) {
        return Duration.ofSeconds(n).toMillis();
    }

    private static long hours(long n) {
        return Duration.ofHours(n).toMillis();
    }

    /** A query's failures on a clock: each restart happens when due, and the next failure comes some time after. */
    private static final class Failures {
        private final Schedule schedule;
        private long now = 0;

        Failures(Schedule schedule) {
            this.schedule = schedule;
        }

        /** {@code n} failures, each 1 ms after the restart before it; their delays in milliseconds. */
        List<Long> eachRightAfterItsRestart(int n) {
            List<Long> delays = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                delays.add(after(Duration.ofMillis(1)).delay().toMillis());
            }
            return delays;
        }

        /** A failure {@code ran} after the last restart was due; the restart it was granted. */
        Restart after(Duration ran) {
            now += ran.toMillis();
            Optional<Restart> restart = schedule.failed(now);
            assertThat(restart).as("a restart at %d ms", now).isPresent();
            now += restart.get().delay().toMillis();
            return restart.get();
        }
    }
}
