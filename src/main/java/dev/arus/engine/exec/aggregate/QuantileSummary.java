package dev.arus.engine.exec.aggregate;

import dev.arus.engine.state.StateBuffer;
import java.io.DataInput;
import java.io.IOException;
import java.util.Arrays;

/**
 * A Greenwald-Khanna quantile summary as Spark's {@code QuantileSummaries} keeps it, so that
 * {@code percentile_approx} gives Spark's answers: sorted samples, each with {@code g} (the
 * least rank step from the previous sample) and {@code delta} (the span of its rank), plus a head
 * of up to 50,000 values not yet inserted. Invariant: the samples are sorted by value and every
 * {@code g + delta} is at most {@code 2 * relativeError * count} once compressed. Inserting,
 * compressing, merging and querying follow Spark's steps and thresholds one for one, since the
 * answers depend on them. Not thread-safe. Ours, not a library's (DataSketches' KLL, t-digest):
 * another summary gives other approximate answers than Spark's {@code percentile_approx}.
 */
final class QuantileSummary {

    /** Spark's {@code defaultCompressThreshold}: a summary this long is compressed as values arrive. */
    static final int COMPRESS_THRESHOLD = 10_000;

    /** Spark's {@code defaultHeadSize}: values wait in the head until it holds this many. */
    static final int HEAD_SIZE = 50_000;

    private int compressThreshold;
    private double relativeError;
    private double[] values = new double[8];
    private long[] gaps = new long[8];
    private long[] deltas = new long[8];
    private int size;
    private long count;
    private boolean compressed = true;
    private double[] head = new double[16];
    private int headSize;

    QuantileSummary(double relativeError) {
        this.compressThreshold = COMPRESS_THRESHOLD;
        this.relativeError = relativeError;
    }

    /** Values inserted, the head's included. */
    long count() {
        return count + headSize;
    }

    int sampleCount() {
        return size;
    }

    /** Spark's {@code insert}: into the head, which is folded in when full, then compressed when long. */
    void insert(double value) {
        if (headSize == head.length) {
            head = Arrays.copyOf(head, Math.min(HEAD_SIZE, head.length * 2));
        }
        head[headSize++] = value;
        compressed = false;
        if (headSize >= HEAD_SIZE) {
            insertHead();
            if (size >= compressThreshold) {
                compress();
            }
        }
    }

    /** Spark's {@code withHeadBufferInserted}: the sorted head merged into the samples. */
    private void insertHead() {
        if (headSize == 0) {
            return;
        }
        double[] sorted = Arrays.copyOf(head, headSize);
        Arrays.sort(sorted);
        int total = size + sorted.length;
        double[] newValues = new double[Math.max(8, total)];
        long[] newGaps = new long[newValues.length];
        long[] newDeltas = new long[newValues.length];
        int written = 0;
        int sample = 0;
        long currentCount = count;
        for (int i = 0; i < sorted.length; i++) {
            double current = sorted[i];
            while (sample < size && values[sample] <= current) {
                newValues[written] = values[sample];
                newGaps[written] = gaps[sample];
                newDeltas[written++] = deltas[sample++];
            }
            currentCount++;
            boolean endpoint = written == 0 || (sample == size && i == sorted.length - 1);
            newValues[written] = current;
            newGaps[written] = 1;
            newDeltas[written++] = endpoint ? 0 : (long) Math.floor(2 * relativeError * currentCount);
        }
        while (sample < size) {
            newValues[written] = values[sample];
            newGaps[written] = gaps[sample];
            newDeltas[written++] = deltas[sample++];
        }
        values = newValues;
        gaps = newGaps;
        deltas = newDeltas;
        size = written;
        count = currentCount;
        headSize = 0;
        compressed = false;
    }

    /** Spark's {@code compress}: the head folded in, then neighbours merged below the threshold. */
    void compress() {
        insertHead();
        compressSamples(2 * relativeError * count);
        compressed = true;
    }

    boolean isCompressed() {
        return compressed;
    }

    /**
     * Spark's {@code compressImmut}: from the last sample down to the second, a sample merges
     * into the one after it while their gaps and the later one's delta stay under the threshold;
     * the first sample is kept.
     */
    private void compressSamples(double mergeThreshold) {
        if (size == 0) {
            return;
        }
        // the kept samples are built from the end backwards into the tail of new arrays
        double[] keptValues = new double[size];
        long[] keptGaps = new long[size];
        long[] keptDeltas = new long[size];
        int first = size;
        double headValue = values[size - 1];
        long headGap = gaps[size - 1];
        long headDelta = deltas[size - 1];
        for (int i = size - 2; i >= 1; i--) {
            if (gaps[i] + headGap + headDelta < mergeThreshold) {
                headGap += gaps[i];
            } else {
                first--;
                keptValues[first] = headValue;
                keptGaps[first] = headGap;
                keptDeltas[first] = headDelta;
                headValue = values[i];
                headGap = gaps[i];
                headDelta = deltas[i];
            }
        }
        first--;
        keptValues[first] = headValue;
        keptGaps[first] = headGap;
        keptDeltas[first] = headDelta;
        if (values[0] <= headValue && size > 1) {
            first--;
            keptValues[first] = values[0];
            keptGaps[first] = gaps[0];
            keptDeltas[first] = deltas[0];
        }
        int kept = size - first;
        values = Arrays.copyOfRange(keptValues, first, first + Math.max(kept, 8));
        gaps = Arrays.copyOfRange(keptGaps, first, first + Math.max(kept, 8));
        deltas = Arrays.copyOfRange(keptDeltas, first, first + Math.max(kept, 8));
        size = kept;
    }

    /**
     * Spark's {@code merge} of two compressed summaries into this one: a sample that interleaves
     * the other side's gains the other side's uncertainty in its delta; the result is compressed
     * and takes the larger relative error and {@code other}'s compression threshold. An empty
     * side leaves the other as it is.
     */
    void merge(QuantileSummary other) {
        if (other.count == 0) {
            return;
        }
        if (count == 0) {
            copyFrom(other);
            return;
        }
        double mergedError = Math.max(relativeError, other.relativeError);
        long mergedCount = count + other.count;
        long selfExtra = (long) Math.floor(2 * other.relativeError * other.count);
        long otherExtra = (long) Math.floor(2 * relativeError * count);
        int total = size + other.size;
        double[] newValues = new double[Math.max(8, total)];
        long[] newGaps = new long[newValues.length];
        long[] newDeltas = new long[newValues.length];
        int written = 0;
        int self = 0;
        int theirs = 0;
        while (self < size && theirs < other.size) {
            if (values[self] < other.values[theirs]) {
                newValues[written] = values[self];
                newGaps[written] = gaps[self];
                newDeltas[written++] = deltas[self] + (theirs > 0 ? selfExtra : 0);
                self++;
            } else {
                newValues[written] = other.values[theirs];
                newGaps[written] = other.gaps[theirs];
                newDeltas[written++] = other.deltas[theirs] + (self > 0 ? otherExtra : 0);
                theirs++;
            }
        }
        for (; self < size; self++, written++) {
            newValues[written] = values[self];
            newGaps[written] = gaps[self];
            newDeltas[written] = deltas[self];
        }
        for (; theirs < other.size; theirs++, written++) {
            newValues[written] = other.values[theirs];
            newGaps[written] = other.gaps[theirs];
            newDeltas[written] = other.deltas[theirs];
        }
        values = newValues;
        gaps = newGaps;
        deltas = newDeltas;
        size = written;
        count = mergedCount;
        relativeError = mergedError;
        compressThreshold = other.compressThreshold;
        compressSamples(2 * mergedError * mergedCount);
        compressed = true;
    }

    private void copyFrom(QuantileSummary other) {
        compressThreshold = other.compressThreshold;
        relativeError = other.relativeError;
        values = Arrays.copyOf(other.values, Math.max(8, other.size));
        gaps = Arrays.copyOf(other.gaps, values.length);
        deltas = Arrays.copyOf(other.deltas, values.length);
        size = other.size;
        count = other.count;
        compressed = other.compressed;
    }

    /**
     * Spark's {@code query} of a compressed summary that is not empty: each percentile's value, in
     * the order given, found in one pass over the samples in order of the percentiles.
     */
    double[] query(double[] percentiles) {
        long widest = Long.MIN_VALUE;
        for (int i = 0; i < size; i++) {
            widest = Math.max(widest, deltas[i] + gaps[i]);
        }
        double targetError = widest / 2;
        Integer[] order = new Integer[percentiles.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        // a stable sort, as Scala's sortBy
        Arrays.sort(order, (a, b) -> Double.compare(percentiles[a], percentiles[b]));
        double[] result = new double[percentiles.length];
        int index = 0;
        long minRank = gaps[0];
        for (int position : order) {
            double percentile = percentiles[position];
            if (percentile <= relativeError) {
                result[position] = values[0];
            } else if (percentile >= 1 - relativeError) {
                result[position] = values[size - 1];
            } else {
                long rank = (long) Math.ceil(percentile * count);
                int i = index;
                long rankAtI = minRank;
                boolean found = false;
                while (i < size - 1) {
                    long maxRank = rankAtI + deltas[i];
                    if (maxRank - targetError <= rank && rank <= rankAtI + targetError) {
                        found = true;
                        break;
                    }
                    i++;
                    rankAtI += gaps[i];
                }
                if (found) {
                    index = i;
                    minRank = rankAtI;
                    result[position] = values[i];
                } else {
                    // Spark's findApproxQuantile returns rank 0 with the last sample here
                    index = size - 1;
                    minRank = 0;
                    result[position] = values[size - 1];
                }
            }
        }
        return result;
    }

    /** Writes the summary, compressed, as Spark serialises a digest: its parameters, count and samples. */
    void write(StateBuffer out) {
        if (!compressed) {
            compress();
        }
        out.writeInt(compressThreshold);
        out.writeDouble(relativeError);
        out.writeLong(count);
        out.writeInt(size);
        for (int i = 0; i < size; i++) {
            out.writeDouble(values[i]);
            out.writeLong(gaps[i]);
            out.writeLong(deltas[i]);
        }
    }

    /** Reads what {@link #write} wrote: a compressed summary. */
    static QuantileSummary read(DataInput in) throws IOException {
        int threshold = in.readInt();
        QuantileSummary summary = new QuantileSummary(in.readDouble());
        summary.compressThreshold = threshold;
        summary.count = in.readLong();
        int samples = in.readInt();
        summary.values = new double[Math.max(8, samples)];
        summary.gaps = new long[summary.values.length];
        summary.deltas = new long[summary.values.length];
        for (int i = 0; i < samples; i++) {
            summary.values[i] = in.readDouble();
            summary.gaps[i] = in.readLong();
            summary.deltas[i] = in.readLong();
        }
        summary.size = samples;
        summary.compressed = true;
        return summary;
    }

    long memoryBytes() {
        return 64L + values.length * 24L + head.length * 8L;
    }
}
