package dev.arus.engine.expr.math;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
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
    void dividesAColumnAsJavaDoesWhetherItsValuesFitIn31BitsOrNot() {
        SplittableRandom random = new SplittableRandom(7);
        long[] narrow = new long[4_096];
        long[] wide = new long[narrow.length];
        long[] narrowEdges = {0, 1, 2, 99, 100, 101, Integer.MAX_VALUE, Integer.MAX_VALUE - 1, 1L << 30};
        System.arraycopy(narrowEdges, 0, narrow, 0, narrowEdges.length);
        System.arraycopy(EDGES, 0, wide, 0, EDGES.length);
        for (int i = narrowEdges.length; i < narrow.length; i++) {
            narrow[i] = random.nextLong(1L << 31);
        }
        for (int i = EDGES.length; i < wide.length; i++) {
            wide[i] = i % 2 == 0 ? random.nextLong() : random.nextLong(-1_000_000, 1_000_000);
        }
        long[] quotients = new long[narrow.length];
        long[] remainders = new long[narrow.length];
        long[] divisors = {2, 3, 7, 10, 100, 641, 1000, 4, 1024, 1L << 30, Integer.MAX_VALUE, 1L << 31, -3, -100,
            3_600_000_000L, Long.MAX_VALUE};
        for (long d : divisors) {
            ConstantDivisor divisor = ConstantDivisor.of(d);
            for (long[] in : List.of(narrow, wide)) {
                divisor.quotients(in, quotients, in.length);
                divisor.remainders(in, remainders, in.length);
                for (int i = 0; i < in.length; i++) {
                    assertThat(quotients[i]).as("%d / %d", in[i], d).isEqualTo(in[i] / d);
                    assertThat(remainders[i]).as("%d %% %d", in[i], d).isEqualTo(in[i] % d);
                }
            }
        }
        for (int i = 0; i < 20_000; i++) {
            long d = random.nextLong(2, 1L << 31);
            ConstantDivisor divisor = ConstantDivisor.of(d);
            long[] in = {random.nextLong(1L << 31), Integer.MAX_VALUE, d - 1, d, Integer.MAX_VALUE / d * d - 1};
            divisor.quotients(in, quotients, in.length);
            for (int j = 0; j < in.length; j++) {
                assertThat(quotients[j]).as("%d / %d", in[j], d).isEqualTo(in[j] / d);
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
