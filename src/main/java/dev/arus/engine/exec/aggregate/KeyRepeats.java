package dev.arus.engine.exec.aggregate;

import dev.arus.engine.data.BooleanVector;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.DoubleVector;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.data.StringVector;
import java.util.Arrays;
import java.util.Objects;

/**
 * The rows of a chunk that repeat the previous row's grouping inputs: every input column holds
 * the same value there as in the row before (the same long, double bits, boolean or string) with
 * the same NULL flag. Rows of one key mostly arrive together (a visitor's clicks, a window's
 * rows), and a repeating row falls into the previous row's group without being encoded or looked
 * up. Kept as a bit set of the rows that break a run, a column at a time; a column of another
 * type breaks at every row, and two NULLs may break a run, which only costs the row a lookup.
 * Reused from chunk to chunk.
 */
public final class KeyRepeats {

    private long[] breaks = new long[words(ColumnarBatch.INITIAL_CAPACITY)];
    private int size;

    private static int words(int rows) {
        return (rows + 63) >>> 6;
    }

    /** Starts a chunk of {@code size} rows: each but the first repeats until a column says otherwise. */
    void start(int size) {
        if (breaks.length < words(size)) {
            breaks = new long[words(ColumnarBatch.capacityFor(size))];
        }
        Arrays.fill(breaks, 0, words(size), 0L);
        if (size > 0) {
            breaks[0] = 1L;
        }
        this.size = size;
    }

    private void breakAt(int row) {
        breaks[row >>> 6] |= 1L << row;
    }

    /** Leaves marked only the rows where {@code column} repeats the row before. */
    void and(ColumnVector column) {
        if (column instanceof LongVector longs) {
            breakLongs(longs.values());
        } else if (column instanceof DoubleVector doubles) {
            double[] values = doubles.values();
            for (int row = 1; row < size; row++) {
                if (Double.doubleToRawLongBits(values[row]) != Double.doubleToRawLongBits(values[row - 1])) {
                    breakAt(row);
                }
            }
        } else if (column instanceof BooleanVector booleans) {
            boolean[] values = booleans.values();
            for (int row = 1; row < size; row++) {
                if (values[row] != values[row - 1]) {
                    breakAt(row);
                }
            }
        } else if (column instanceof StringVector strings) {
            String[] values = strings.values();
            for (int row = 1; row < size; row++) {
                if (!Objects.equals(values[row], values[row - 1])) {
                    breakAt(row);
                }
            }
        } else {
            for (int row = 0; row < size; row++) {
                breakAt(row);
            }
        }
        if (column.hasNulls()) {
            for (int row = 1; row < size; row++) {
                if (column.isNull(row) != column.isNull(row - 1)) {
                    breakAt(row);
                }
            }
        }
    }

    /**
     * Breaks a word of 64 rows at a time in a register, without a branch a row (an order sent
     * twice breaks every other row). After a word of repeats the run is likely long (a visitor's
     * clicks, a batch's one event time), and its end is looked for at once by
     * {@link Arrays#mismatch}, which compares several longs an instruction.
     */
    private void breakLongs(long[] values) {
        int row = 1;
        while (row < size) {
            int wordEnd = Math.min(size, (row | 63) + 1);
            long bits = 0;
            for (int r = row; r < wordEnd; r++) {
                bits |= (values[r] != values[r - 1] ? 1L : 0L) << r;
            }
            breaks[row >>> 6] |= bits;
            row = wordEnd;
            if (bits == 0 && row < size) {
                int offset = Arrays.mismatch(values, row, size, values, row - 1, size - 1);
                if (offset < 0) {
                    return;
                }
                row += offset;
                breakAt(row);
                row++;
            }
        }
    }

    /** Whether row {@code row} repeats the row before in every column given since {@link #start}. */
    public boolean repeats(int row) {
        return (breaks[row >>> 6] & (1L << row)) == 0;
    }

    /**
     * The end of the run of rows that starts at {@code row}: the first row after it, or
     * {@code size}, that does not repeat the row before in every column given since {@link #start}.
     */
    int runEnd(int row, int size) {
        int next = row + 1;
        int word = next >>> 6;
        int lastWord = words(size);
        if (word >= lastWord) {
            return size;
        }
        long bits = breaks[word] & (-1L << next);
        while (bits == 0) {
            if (++word == lastWord) {
                return size;
            }
            bits = breaks[word];
        }
        return Math.min(size, (word << 6) + Long.numberOfTrailingZeros(bits));
    }
}
