package dev.arus.engine.exec.aggregate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.streaming.ArusException;
import org.junit.jupiter.api.Test;

class LongSumAccumulatorTest {

    private static LongVector longs(long... values) {
        LongVector vector = new LongVector(AtomicType.LONG, values.length);
        System.arraycopy(values, 0, vector.values(), 0, values.length);
        return vector;
    }

    @Test
    void sumsUpToTheLargestLong() {
        LongSumAccumulator sum = new LongSumAccumulator();
        sum.ensureGroups(1);
        sum.update(new int[] {0, 0}, longs(Long.MAX_VALUE - 1, 1), 2);
        LongVector out = longs(0);
        sum.writeResult(0, out, 0);
        assertThat(out.values()[0]).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void raisesSparksArithmeticOverflowWhenTheSumLeavesALong() {
        LongSumAccumulator sum = new LongSumAccumulator();
        sum.ensureGroups(1);
        assertThatThrownBy(() -> sum.update(new int[] {0, 0}, longs(Long.MAX_VALUE, 1), 2))
                .isInstanceOfSatisfying(ArusException.class,
                        e -> assertThat(e.errorClass()).isEqualTo("ARITHMETIC_OVERFLOW"))
                .hasMessage("[ARITHMETIC_OVERFLOW] long overflow. Use 'try_add' to tolerate overflow and return NULL"
                        + " instead. If necessary set \"spark.sql.ansi.enabled\" to \"false\" to bypass this error."
                        + " SQLSTATE: 22003");
    }

    @Test
    void raisesItWhenMergingPartialSumsOverflowsDownwards() {
        LongSumAccumulator total = new LongSumAccumulator();
        LongSumAccumulator partial = new LongSumAccumulator();
        total.ensureGroups(1);
        partial.ensureGroups(1);
        total.update(new int[] {0}, longs(Long.MIN_VALUE), 1);
        partial.update(new int[] {0}, longs(-1), 1);
        assertThatThrownBy(() -> total.merge(0, partial, 0))
                .isInstanceOfSatisfying(ArusException.class,
                        e -> assertThat(e.errorClass()).isEqualTo("ARITHMETIC_OVERFLOW"));
    }
}
