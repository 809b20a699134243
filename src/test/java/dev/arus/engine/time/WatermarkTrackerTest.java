package dev.arus.engine.time;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class WatermarkTrackerTest {

    private static final long SECOND = 1_000_000L;

    @Test
    void startsAtTheEpochAndStaysThereUntilRowsAreSeen() {
        WatermarkTracker tracker = new WatermarkTracker(4 * SECOND);

        tracker.advance();

        assertThat(tracker.currentMicros()).isZero();
        assertThat(tracker.nextMicros()).isZero();
    }

    @Test
    void aBatchsEventTimesMoveTheWatermarkOfTheNextBatchOnly() {
        WatermarkTracker tracker = new WatermarkTracker(4 * SECOND);
        tracker.advance(); // batch 0

        tracker.observe(100 * SECOND);

        assertThat(tracker.currentMicros()).as("batch 0 keeps its watermark").isZero();
        assertThat(tracker.nextMicros()).isEqualTo(96 * SECOND);
        tracker.advance(); // batch 1
        assertThat(tracker.currentMicros()).isEqualTo(96 * SECOND);
    }

    @Test
    void neverGoesBackWhenLaterBatchesSeeOlderEventTimes() {
        WatermarkTracker tracker = new WatermarkTracker(4 * SECOND);
        tracker.observe(100 * SECOND);
        tracker.advance();

        tracker.observe(50 * SECOND);
        tracker.advance();

        assertThat(tracker.currentMicros()).isEqualTo(96 * SECOND);
    }

    @Test
    void neverGoesBelowTheEpochForEventTimesWithinTheDelayOfIt() {
        // Spark: the global watermark only moves when the new value is above it, starting at 0.
        WatermarkTracker tracker = new WatermarkTracker(4 * SECOND);
        tracker.observe(SECOND);

        tracker.advance();

        assertThat(tracker.currentMicros()).isZero();
    }

    /** Spark's WatermarkTracker: an operator that has seen nothing counts as 0; min holds back, max runs ahead. */
    @Test
    void severalOperatorsGiveTheLeastOrTheGreatestOfTheirWatermarks() {
        WatermarkTracker min = new WatermarkTracker(new long[] {10 * SECOND, 5 * SECOND}, WatermarkTracker.Policy.MIN);
        min.observe(0, 40 * SECOND);
        assertThat(min.nextMicros()).as("the other operator has seen nothing: 0").isZero();
        min.observe(1, 30 * SECOND);
        assertThat(min.nextMicros()).isEqualTo(25 * SECOND);
        min.observe(1, 20 * SECOND);
        assertThat(min.nextMicros()).as("an operator's own watermark never goes back").isEqualTo(25 * SECOND);

        WatermarkTracker max = new WatermarkTracker(new long[] {10 * SECOND, 5 * SECOND}, WatermarkTracker.Policy.MAX);
        max.observe(0, 40 * SECOND);
        assertThat(max.nextMicros()).isEqualTo(30 * SECOND);
        assertThat(WatermarkTracker.Policy.of("Max")).isEqualTo(WatermarkTracker.Policy.MAX);
    }
}
