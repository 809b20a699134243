package dev.arus.engine.expr.math;

/**
 * Division by a constant without a division instruction: {@code n / d} as a high multiply by a
 * "magic" reciprocal and a shift (Granlund and Montgomery; Warren, Hacker's Delight, 10-4), exact
 * for every {@code long n}. A hardware divide costs tens of cycles per row, which is most of
 * {@code value % 3} or {@code value div 100} over a large batch. A power of two in magnitude
 * ({@code value % 2}, {@code value div 2}) needs no multiply either: a shift, or a mask, with a bias
 * that rounds a negative dividend towards zero. Only for {@code |d| >= 2} and
 * {@code d != Long.MIN_VALUE}.
 */
final class ConstantDivisor {

    private final long divisor;
    private final long magic;
    private final int shift;
    private final long correction;
    /** {@code k} when {@code |divisor|} is {@code 2^k}, else 0. */
    private final int powerOfTwo;
    /**
     * For a positive divisor below {@code 2^31} that is not a power of two (whose shift or mask
     * is cheaper still: {@code value % 2} lost a fifth of a select's speed to the product), a
     * reciprocal exact for dividends in {@code [0, 2^31)} with one 64-bit product: {@code n / divisor == (n * narrowMagic) >>> narrowShift}
     * (Granlund and Montgomery, theorem 4.2, with N = 31: {@code narrowMagic <= 2^32}, so the
     * product stays below {@code 2^63}); 0 when there is none.
     */
    private final long narrowMagic;
    private final int narrowShift;

    private ConstantDivisor(long divisor, long magic, int shift) {
        this.divisor = divisor;
        this.magic = magic;
        this.shift = shift;
        this.correction = divisor > 0 && magic < 0 ? 1 : divisor < 0 && magic > 0 ? -1 : 0;
        long absolute = Math.abs(divisor);
        this.powerOfTwo = Long.bitCount(absolute) == 1 ? Long.numberOfTrailingZeros(absolute) : 0;
        if (divisor > 0 && divisor < 1L << 31 && powerOfTwo == 0) {
            int log = 64 - Long.numberOfLeadingZeros(divisor - 1);
            this.narrowShift = 31 + log;
            this.narrowMagic = Long.divideUnsigned((1L << narrowShift) - 1, divisor) + 1;
        } else {
            this.narrowShift = 0;
            this.narrowMagic = 0;
        }
    }

    /** Whether {@link #of} accepts {@code divisor}. */
    static boolean supports(long divisor) {
        return divisor != Long.MIN_VALUE && Math.abs(divisor) >= 2;
    }

    static ConstantDivisor of(long divisor) {
        if (!supports(divisor)) {
            throw new IllegalArgumentException("no magic reciprocal for " + divisor);
        }
        final long twoTo63 = Long.MIN_VALUE;
        long absolute = Math.abs(divisor);
        long t = twoTo63 + (divisor >>> 63);
        long absoluteNc = t - 1 - Long.remainderUnsigned(t, absolute);
        int p = 63;
        long q1 = Long.divideUnsigned(twoTo63, absoluteNc);
        long r1 = twoTo63 - q1 * absoluteNc;
        long q2 = Long.divideUnsigned(twoTo63, absolute);
        long r2 = twoTo63 - q2 * absolute;
        long delta;
        do {
            p++;
            q1 <<= 1;
            r1 <<= 1;
            if (Long.compareUnsigned(r1, absoluteNc) >= 0) {
                q1++;
                r1 -= absoluteNc;
            }
            q2 <<= 1;
            r2 <<= 1;
            if (Long.compareUnsigned(r2, absolute) >= 0) {
                q2++;
                r2 -= absolute;
            }
            delta = absolute - r2;
        } while (Long.compareUnsigned(q1, delta) < 0 || (q1 == delta && r1 == 0));
        long magic = q2 + 1;
        return new ConstantDivisor(divisor, divisor < 0 ? -magic : magic, p - 64);
    }

    /** {@code n / divisor}, truncated towards zero as Java's. */
    long quotient(long n) {
        if (powerOfTwo > 0) {
            long q = (n + bias(n)) >> powerOfTwo;
            return divisor < 0 ? -q : q;
        }
        return truncated(Math.multiplyHigh(magic, n) + correction * n);
    }

    /** The quotient from the high product (plus its correction): shifted, and a negative one rounded towards zero. */
    private long truncated(long product) {
        long q = product >> shift;
        return q + (q >>> 63);
    }

    /** Whether the divisor's magic needs neither a shift for a power of two nor a correction term. */
    private boolean plainMagic() {
        return powerOfTwo == 0 && correction == 0;
    }

    /** {@code n % divisor}, with the sign of {@code n} as Java's and Spark's. */
    long remainder(long n) {
        if (powerOfTwo > 0) {
            long bias = bias(n);
            return ((n + bias) & ((1L << powerOfTwo) - 1)) - bias;
        }
        return n - quotient(n) * divisor;
    }

    /** {@code 2^k - 1} for a negative {@code n}, else 0: added, it makes a shift or mask round towards zero. */
    private long bias(long n) {
        return (n >> 63) >>> (64 - powerOfTwo);
    }

    /**
     * Whether every one of the first {@code size} values lies in {@code [0, 2^31)}, where the
     * narrow reciprocal holds: one pass that ORs them (several at an instruction), so that a
     * column of counters or ids is divided by a 64-bit product, about twice as fast on this
     * hardware as the 128-bit one.
     */
    private boolean narrow(long[] in, int size) {
        if (narrowMagic == 0) {
            return false;
        }
        long bits = 0;
        for (int i = 0; i < size; i++) {
            bits |= in[i];
        }
        return bits >>> 31 == 0;
    }

    /**
     * Writes {@code in[i] / divisor} for the first {@code size} rows: by the narrow reciprocal when
     * every value allows, else by a magic that most divisors (1000's, 100's, 3's) use without a
     * correction, chosen once rather than per row (a multiply a row fewer).
     */
    void quotients(long[] in, long[] out, int size) {
        if (narrow(in, size)) {
            long m = narrowMagic;
            int s = narrowShift;
            for (int i = 0; i < size; i++) {
                out[i] = (in[i] * m) >>> s;
            }
            return;
        }
        if (plainMagic()) {
            for (int i = 0; i < size; i++) {
                out[i] = truncated(Math.multiplyHigh(magic, in[i]));
            }
            return;
        }
        for (int i = 0; i < size; i++) {
            out[i] = quotient(in[i]);
        }
    }

    /** Writes {@code in[i] % divisor} for the first {@code size} rows, as {@link #quotients} does. */
    void remainders(long[] in, long[] out, int size) {
        if (narrow(in, size)) {
            long m = narrowMagic;
            int s = narrowShift;
            long d = divisor;
            for (int i = 0; i < size; i++) {
                long n = in[i];
                out[i] = n - ((n * m) >>> s) * d;
            }
            return;
        }
        if (plainMagic()) {
            for (int i = 0; i < size; i++) {
                long n = in[i];
                out[i] = n - truncated(Math.multiplyHigh(magic, n)) * divisor;
            }
            return;
        }
        for (int i = 0; i < size; i++) {
            out[i] = remainder(in[i]);
        }
    }
}
