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
 * up. Marked a column at a time in plain loops; a column of another type marks no row, and two
 * NULLs may go unmarked, which only costs the row a lookup. Reused from chunk to chunk.
 */
public final class KeyRepeats {

    private boolean[] repeats = new boolean[ColumnarBatch.INITIAL_CAPACITY];
    private int size;

    /** Starts a chunk of {@code size} rows: each but the first repeats until a column says otherwise. */
    void start(int size) {
        if (repeats.length < size) {
            repeats = new boolean[ColumnarBatch.capacityFor(size)];
        }
        Arrays.fill(repeats, 0, size, true);
        if (size > 0) {
            repeats[0] = false;
        }
        this.size = size;
    }

    /** Leaves marked only the rows where {@code column} repeats the row before. */
    void and(ColumnVector column) {
        boolean[] marked = repeats;
        if (column instanceof LongVector longs) {
            long[] values = longs.values();
            for (int row = 1; row < size; row++) {
                marked[row] &= values[row] == values[row - 1];
            }
        } else if (column instanceof DoubleVector doubles) {
            double[] values = doubles.values();
            for (int row = 1; row < size; row++) {
                marked[row] &= Double.doubleToRawLongBits(values[row]) == Double.doubleToRawLongBits(values[row - 1]);
            }
        } else if (column instanceof BooleanVector booleans) {
            boolean[] values = booleans.values();
            for (int row = 1; row < size; row++) {
                marked[row] &= values[row] == values[row - 1];
            }
        } else if (column instanceof StringVector strings) {
            String[] values = strings.values();
            for (int row = 1; row < size; row++) {
                marked[row] &= Objects.equals(values[row], values[row - 1]);
            }
        } else {
            Arrays.fill(marked, 0, size, false);
        }
        if (column.hasNulls()) {
            for (int row = 1; row < size; row++) {
                marked[row] &= column.isNull(row) == column.isNull(row - 1);
            }
        }
    }

    /** Whether row {@code row} repeats the row before in every column given since {@link #start}. */
    public boolean repeats(int row) {
        return repeats[row];
    }

    /**
     * The end of the run of rows that starts at {@code row}: the first row after it, or
     * {@code size}, that does not repeat the row before in every column given since {@link #start}.
     */
    int runEnd(int row, int size) {
        int end = row + 1;
        while (end < size && repeats[end]) {
            end++;
        }
        return end;
    }
}
