package dev.arus.engine.exec.aggregate;

import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.DoubleVector;
import dev.arus.engine.state.StateBuffer;
import java.io.DataInput;
import java.io.IOException;
import java.util.Arrays;

/**
 * Spark's {@code CentralMomentAgg} of order 2 over DOUBLE values: per group the count {@code n},
 * the mean and {@code m2}, the sum of squared deviations from the mean, updated one value at a
 * time and merged with Spark's formulas, so results match Spark's to the last bit. With
 * {@code spark.sql.legacy.statisticalAggregate=false} (Spark's default) a group without values
 * gives NULL, and so does a sample statistic of one value, where Spark's legacy mode gave NaN.
 */
final class MomentsAccumulator extends SingleInputAccumulator {

    /** What the moments give. */
    enum Statistic {
        STDDEV_SAMP, STDDEV_POP, VAR_SAMP, VAR_POP
    }

    private final Statistic statistic;
    // Spark keeps n as a double; so does this, so that deltaN is the same quotient
    private double[] counts = new double[16];
    private double[] means = new double[16];
    private double[] squaredDeviations = new double[16];

    MomentsAccumulator(Statistic statistic) {
        this.statistic = statistic;
    }

    @Override
    void ensureGroups(int groups) {
        counts = grow(counts, groups);
        means = grow(means, groups);
        squaredDeviations = grow(squaredDeviations, groups);
    }

    @Override
    void update(int[] groupIds, ColumnVector input, int size) {
        double[] values = ((DoubleVector) input).values();
        for (int i = 0; i < size; i++) {
            int group = groupIds[i];
            if (group >= 0 && !input.isNull(i)) {
                double n = counts[group] + 1.0;
                double delta = values[i] - means[group];
                double deltaN = delta / n;
                counts[group] = n;
                means[group] += deltaN;
                squaredDeviations[group] += delta * (delta - deltaN);
            }
        }
    }

    @Override
    void merge(int group, Accumulator partial, int partialGroup) {
        MomentsAccumulator other = (MomentsAccumulator) partial;
        double n1 = counts[group];
        double n2 = other.counts[partialGroup];
        double n = n1 + n2;
        double delta = other.means[partialGroup] - means[group];
        double deltaN = n == 0.0 ? 0.0 : delta / n;
        counts[group] = n;
        means[group] += deltaN * n2;
        squaredDeviations[group] += other.squaredDeviations[partialGroup] + delta * deltaN * n1 * n2;
    }

    @Override
    void writeResult(int group, ColumnVector output, int row) {
        double n = counts[group];
        double m2 = squaredDeviations[group];
        boolean sample = statistic == Statistic.STDDEV_SAMP || statistic == Statistic.VAR_SAMP;
        if (n == 0.0 || sample && n == 1.0) {
            output.setNull(row);
            return;
        }
        double variance = sample ? m2 / (n - 1.0) : m2 / n;
        boolean deviation = statistic == Statistic.STDDEV_SAMP || statistic == Statistic.STDDEV_POP;
        output.setNotNull(row);
        ((DoubleVector) output).values()[row] = deviation ? Math.sqrt(variance) : variance;
    }

    @Override
    void retain(int[] survivors, int count) {
        retain(counts, survivors, count);
        retain(means, survivors, count);
        retain(squaredDeviations, survivors, count);
        Arrays.fill(counts, count, counts.length, 0);
        Arrays.fill(means, count, means.length, 0);
        Arrays.fill(squaredDeviations, count, squaredDeviations.length, 0);
    }

    @Override
    long memoryBytes() {
        return counts.length * 24L;
    }

    @Override
    void write(int group, StateBuffer out) {
        out.writeDouble(counts[group]);
        out.writeDouble(means[group]);
        out.writeDouble(squaredDeviations[group]);
    }

    @Override
    void read(int group, DataInput in) throws IOException {
        counts[group] = in.readDouble();
        means[group] = in.readDouble();
        squaredDeviations[group] = in.readDouble();
    }
}
