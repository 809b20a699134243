package dev.arus.engine.exec.join;

import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.exec.BatchContext;
import dev.arus.engine.exec.Operator;
import java.util.Arrays;

/**
 * A stream-stream join's output rows waiting to go downstream, each a row of the left source
 * and a row of the right source, either of which may be NULLs: noted as pairs of row numbers,
 * then copied a column at a time when a chunk is full, when the sources change, or at a
 * {@link #flush}. The sources must not change until then. Used by one thread at a time.
 */
final class JoinOutput {

    private static final int NONE = -1;

    private final StreamJoinSpec spec;
    private final ColumnarBatch output;
    private ColumnarBatch left;
    private ColumnarBatch right;
    // Grow to the chunks they hold: a partition of a quiet stream emits a few rows, not a full chunk.
    private int[] leftRows = new int[ColumnarBatch.INITIAL_CAPACITY];
    private int[] rightRows = new int[ColumnarBatch.INITIAL_CAPACITY];
    private int count;
    // Whether a waiting row has NULLs for the left side, or for the right.
    private boolean leftMissing;
    private boolean rightMissing;

    JoinOutput(StreamJoinSpec spec) {
        this.spec = spec;
        this.output = ColumnarBatch.allocate(spec.output(), ColumnarBatch.INITIAL_CAPACITY);
    }

    /**
     * Adds an output row: row {@code leftRow} of {@code left} with row {@code rightRow} of
     * {@code right}, either -1 for NULLs (its source then not read).
     */
    void add(ColumnarBatch left, int leftRow, ColumnarBatch right, int rightRow, BatchContext context,
             Operator downstream) {
        if ((leftRow != NONE && left != this.left) || (rightRow != NONE && right != this.right)) {
            flush(context, downstream);
            this.left = leftRow != NONE ? left : this.left;
            this.right = rightRow != NONE ? right : this.right;
        }
        if (count == leftRows.length) {
            leftRows = Arrays.copyOf(leftRows, count * 2);
            rightRows = Arrays.copyOf(rightRows, count * 2);
        }
        leftRows[count] = leftRow;
        rightRows[count] = rightRow;
        leftMissing |= leftRow == NONE;
        rightMissing |= rightRow == NONE;
        if (++count == ColumnarBatch.CHUNK_SIZE) {
            flush(context, downstream);
        }
    }

    /** Hands the waiting rows downstream, if any. */
    void flush(BatchContext context, Operator downstream) {
        if (count == 0) {
            return;
        }
        output.ensureCapacity(count);
        for (int c = 0; c < spec.output().size(); c++) {
            ColumnVector target = output.column(c);
            target.resetNulls();
            int fromLeft = spec.outputFromLeft()[c];
            int fromRight = spec.outputFromRight()[c];
            // A side none of whose rows came yet has no source: its rows are all NULLs, never read.
            ColumnVector leftValues = fromLeft >= 0 && left != null ? left.column(fromLeft) : null;
            ColumnVector rightValues = fromRight >= 0 && right != null ? right.column(fromRight) : null;
            if (fromLeft >= 0 && fromRight >= 0) {
                coalesce(leftValues, rightValues, target);
            } else if (fromLeft >= 0) {
                gather(leftValues, leftRows, leftMissing, target);
            } else if (fromRight >= 0) {
                gather(rightValues, rightRows, rightMissing, target);
            } else {
                for (int i = 0; i < count; i++) {
                    target.setNull(i);
                }
            }
        }
        output.setSize(count);
        count = 0;
        leftMissing = false;
        rightMissing = false;
        downstream.process(output, context);
    }

    /** Forgets the waiting rows: a failed batch's. */
    void clear() {
        count = 0;
        leftMissing = false;
        rightMissing = false;
    }

    /** Copies the waiting rows' values of {@code source} into {@code target}; NULL where a row has none ({@code missing}: some). */
    private void gather(ColumnVector source, int[] rows, boolean missing, ColumnVector target) {
        if (!missing) {
            target.gather(source, rows, count, 0);
            return;
        }
        for (int i = 0; i < count; i++) {
            if (rows[i] == NONE) {
                target.setNull(i);
            } else {
                source.copyRow(rows[i], target, i);
            }
        }
    }

    /** A full outer join's USING key: the left row's value where it has one, else the right row's. */
    private void coalesce(ColumnVector fromLeft, ColumnVector fromRight, ColumnVector target) {
        for (int i = 0; i < count; i++) {
            if (leftRows[i] != NONE && !fromLeft.isNull(leftRows[i])) {
                fromLeft.copyRow(leftRows[i], target, i);
            } else if (rightRows[i] != NONE) {
                fromRight.copyRow(rightRows[i], target, i);
            } else {
                target.setNull(i);
            }
        }
    }
}
