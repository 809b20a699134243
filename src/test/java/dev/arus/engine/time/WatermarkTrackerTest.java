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
}
