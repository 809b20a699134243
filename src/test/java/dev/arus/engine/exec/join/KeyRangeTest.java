package dev.arus.engine.exec.join;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** What a key range rules out: only keys outside it, field by field, up to the longs' edges. */
class KeyRangeTest {

    private static KeyRange of(int width, long... keys) {
        KeyRange range = new KeyRange(width);
        for (int offset = 0; offset < keys.length; offset += width) {
            range.add(keys, offset);
        }
        return range;
    }

    @Test
    void anEmptyRangeMeetsNothing() {
        assertThat(of(1).overlaps(of(1, 0))).isFalse();
        assertThat(of(1, 0).overlaps(of(1))).isFalse();
        assertThat(of(1, Long.MIN_VALUE, Long.MAX_VALUE).overlaps(of(1))).isFalse();
    }

    @Test
    void aKeyAtEitherEndOfTheRangeIsIn() {
        KeyRange range = of(1, 10, 20, 15);

        assertThat(range.overlaps(of(1, 10))).isTrue();
        assertThat(range.overlaps(of(1, 20))).isTrue();
        assertThat(range.overlaps(of(1, 9))).isFalse();
        assertThat(range.overlaps(of(1, 21))).isFalse();
        assertThat(range.overlaps(of(1, 0, 30))).isTrue();
    }

    @Test
    void theLongsEdgesAreKeysLikeOthers() {
        assertThat(of(1, Long.MAX_VALUE).overlaps(of(1, Long.MAX_VALUE))).isTrue();
        assertThat(of(1, Long.MIN_VALUE).overlaps(of(1, Long.MIN_VALUE))).isTrue();
        assertThat(of(1, Long.MIN_VALUE).overlaps(of(1, Long.MAX_VALUE))).isFalse();
        assertThat(of(1, Long.MAX_VALUE - 1).overlaps(of(1, Long.MAX_VALUE))).isFalse();
    }

    @Test
    void aWideKeyIsInOnlyIfEveryFieldIs() {
        KeyRange range = of(2, 1, 100, 5, 50);

        assertThat(range.overlaps(of(2, 3, 70))).isTrue();
        assertThat(range.overlaps(of(2, 3, 101))).isFalse();
        assertThat(range.overlaps(of(2, 0, 70))).isFalse();
        // each field within its range, though no key held has both: a range only rules out
        assertThat(range.overlaps(of(2, 1, 50))).isTrue();
    }
}
