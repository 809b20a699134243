package dev.arus.engine.expr.math;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ConstantDivisorTest {

    private static final long[] EDGES = {0, 1, -1, 2, -2, 3, -3, 7, Long.MAX_VALUE, Long.MIN_VALUE,
        Long.MAX_VALUE - 1, Long.MIN_VALUE + 1, Integer.MAX_VALUE, Integer.MIN_VALUE, 1L << 62, -(1L << 62)};

    @Test
    void dividesExactlyAsJavaDoesForEveryKindOfDivisorAndDividend() {
        SplittableRandom random = new SplittableRandom(42);
        long[] divisors = {2, 3, -3, 5, 7, 10, -10, 60, 1000, 1_000_000, 641, Long.MAX_VALUE, Long.MIN_VALUE + 1,
            Integer.MAX_VALUE, 1L << 40, -(1L << 40), 3_600_000_000L, -2, 4, 1024, -1024, 1L << 62, -(1L << 62)};
        for (long d : divisors) {
            ConstantDivisor divisor = ConstantDivisor.of(d);
            long[] dividends = Arrays.copyOf(EDGES, EDGES.length + 20_000);
            for (int i = EDGES.length; i < dividends.length; i++) {
                dividends[i] = i % 2 == 0 ? random.nextLong() : random.nextLong(-1_000_000, 1_000_000);
            }
            long[] quotients = new long[dividends.length];
            long[] remainders = new long[dividends.length];
            divisor.quotients(dividends, quotients, dividends.length);
            divisor.remainders(dividends, remainders, dividends.length);
            for (int i = 0; i < dividends.length; i++) {
                long n = dividends[i];
                assertThat(divisor.remainder(n)).as("%d %% %d", n, d).isEqualTo(n % d);
                assertThat(divisor.quotient(n)).as("%d / %d", n, d).isEqualTo(n / d);
                assertThat(remainders[i]).as("%d %% %d over an array", n, d).isEqualTo(n % d);
                assertThat(quotients[i]).as("%d / %d over an array", n, d).isEqualTo(n / d);
            }
        }
        for (int i = 0; i < 2_000; i++) {
            long d = random.nextLong();
            if (ConstantDivisor.supports(d)) {
                long n = random.nextLong();
                assertThat(ConstantDivisor.of(d).remainder(n)).as("%d %% %d", n, d).isEqualTo(n % d);
            }
        }
    }

    @Test
    void refusesDivisorsWithoutAReciprocal() {
        assertThat(ConstantDivisor.supports(0)).isFalse();
        assertThat(ConstantDivisor.supports(1)).isFalse();
        assertThat(ConstantDivisor.supports(-1)).isFalse();
        assertThat(ConstantDivisor.supports(Long.MIN_VALUE)).isFalse();
    }
}
