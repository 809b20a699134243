package dev.arus.engine.exec;

import java.util.Arrays;

/**
 * How many times Spark runs each partition of the stage before a global sort, as its
 * {@code RangePartitioner} finds the sort's range bounds: with more than one partition, once to
 * sample every partition ({@code sketch}), once more for each partition holding too large a
 * share for its sample (an imbalanced one, sampled again), then once for real. A stateful
 * operator in that stage (a complete-mode aggregation under {@code ORDER BY}) adds its figures
 * each time, so Spark's progress reports them two or three times over. Spark's sample size is
 * {@code spark.sql.execution.rangeExchange.sampleSizePerPartition} (100) per partition. Stateless.
 */
public final class RangeSampling {

    private static final double SAMPLE_POINTS_PER_PARTITION = 100;

    private RangeSampling() {
    }

    /** The runs of each partition, whose output has {@code rows[p]} rows: 1 each with one partition. */
    public static int[] runs(long[] rows) {
        int partitions = rows.length;
        int[] runs = new int[partitions];
        Arrays.fill(runs, partitions > 1 ? 2 : 1);
        if (partitions <= 1) {
            return runs;
        }
        double sampleSize = Math.min(SAMPLE_POINTS_PER_PARTITION * partitions, 1e6);
        int sampleSizePerPartition = (int) Math.ceil(3.0 * sampleSize / partitions);
        long items = 0;
        for (long n : rows) {
            items += n;
        }
        if (items == 0) {
            return runs;
        }
        double fraction = Math.min(sampleSize / Math.max(items, 1L), 1.0);
        for (int p = 0; p < partitions; p++) {
            if (fraction * rows[p] > sampleSizePerPartition) {
                runs[p]++;
            }
        }
        return runs;
    }
}
