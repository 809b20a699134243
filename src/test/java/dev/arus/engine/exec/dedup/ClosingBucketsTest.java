package dev.arus.engine.exec.dedup;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ClosingBucketsTest {

    // Closing times in microseconds, key i closing at CLOSES[i]: keys 0 to 2 share the bucket of
    // [0, 2^20) µs, keys 3 and 4 are seconds later.
    private static final long[] CLOSES = {100_000, 900_000, 500_000, 3_000_000, 3_000_000};

    private final ClosingBuckets buckets = new ClosingBuckets();
    private final boolean[] evicted = new boolean[CLOSES.length];

    ClosingBucketsTest() {
        for (int key = 0; key < CLOSES.length; key++) {
            buckets.add(key, CLOSES[key]);
        }
    }

    @Test
    void evictsOnlyTheKeysOfABucketThatCloseByTheTimeWhenTheTimeFallsInsideIt() {
        assertThat(buckets.evict(500_000, evicted, key -> CLOSES[key])).isEqualTo(2);
        assertThat(evicted).containsExactly(true, false, true, false, false);

        assertThat(buckets.evict(2_000_000, evicted, key -> CLOSES[key])).isEqualTo(1);
        assertThat(evicted).containsExactly(true, true, true, false, false);
    }

    @Test
    void evictsWholeBucketsTheTimeHasPassedAndEachKeyOnce() {
        assertThat(buckets.evict(3_000_000, evicted, key -> CLOSES[key])).isEqualTo(5);
        assertThat(evicted).containsOnly(true);

        assertThat(buckets.evict(4_000_000, evicted, key -> CLOSES[key])).isZero();
    }

    @Test
    void aKeyAddedAgainAfterItsEvictionIsEvictedByItsNewClosingTime() {
        buckets.evict(1_000_000, evicted, key -> CLOSES[key]);
        evicted[1] = false;
        buckets.add(1, 5_000_000);

        assertThat(buckets.evict(3_000_000, evicted, key -> key == 1 ? 5_000_000 : CLOSES[key])).isEqualTo(2);
        assertThat(evicted[1]).isFalse();
        assertThat(buckets.evict(5_000_000, evicted, key -> key == 1 ? 5_000_000 : CLOSES[key])).isEqualTo(1);
        assertThat(evicted[1]).isTrue();
    }
}
