package dev.arus.engine.expr.window;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class GroupingKeyTest {

    private static final long SECOND = 1_000_000L;

    @Test
    void alignsTumblingWindowsToTheEpoch() {
        GroupingKey.WindowKey window = new GroupingKey.WindowKey(null, 8 * SECOND, 8 * SECOND, 0, "window");
        assertThat(window.latestWindowStart(17 * SECOND)).isEqualTo(16 * SECOND);
        assertThat(window.latestWindowStart(16 * SECOND)).isEqualTo(16 * SECOND);
    }

    @Test
    void alignsWindowsBeforeTheEpochDownwards() {
        // Spark 3.4+ TimeWindow: negative times fall in [-8s, 0), not [0, 8s).
        GroupingKey.WindowKey window = new GroupingKey.WindowKey(null, 8 * SECOND, 8 * SECOND, 0, "window");
        assertThat(window.latestWindowStart(-1)).isEqualTo(-8 * SECOND);
    }

    @Test
    void shiftsWindowStartsByTheStartTime() {
        GroupingKey.WindowKey window = new GroupingKey.WindowKey(null, 10 * SECOND, 5 * SECOND, 2 * SECOND, "window");
        assertThat(window.latestWindowStart(13 * SECOND)).isEqualTo(12 * SECOND);
        assertThat(window.isTumbling()).isFalse();
    }
}
