package dev.arus.engine.exec.join;

import dev.arus.engine.data.BooleanVector;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.exec.BatchContext;
import dev.arus.engine.exec.Operator;
import java.util.Arrays;

/**
 * A stream-static join, Spark's broadcast hash join of a micro-batch with a static table:
 * stateless, each stream row is joined with the whole table in the batch it came in. For each
 * chunk: every stream row's candidate table rows (its key's rows), then the rest of the
 * condition over the candidate pairs, then, row by row in stream order, what the join type
 * emits: the pairs that pass (inner, left outer), the stream row once if any passes (left semi)
 * or none does (left anti), or the stream row with NULLs when none does (left outer). One per
 * task slot; the index is shared.
 */
public final class StaticJoinOperator implements Operator {

    private final StaticJoinSpec spec;
    private final StaticJoinIndex index;
    private final Operator downstream;
    private final boolean cross;
    private final long[] probe;
    private final ColumnarBatch pairs;
    private final ColumnarBatch output;
    // The output of a chunk whose rows all come out once, in order: the chunk's own columns and
    // the table's from output.
    private final ColumnarBatch streamAsIs;
    // All grow to the chunks they see: a quiet stream's query holds a few rows, not full chunks.
    private int[] pairStream = new int[ColumnarBatch.INITIAL_CAPACITY];
    private int[] pairTable = new int[ColumnarBatch.INITIAL_CAPACITY];
    private boolean[] pairPasses = new boolean[ColumnarBatch.INITIAL_CAPACITY];
    private int[] firstPair = new int[ColumnarBatch.INITIAL_CAPACITY + 1];
    private int[] firstMatch = new int[ColumnarBatch.INITIAL_CAPACITY];
    private int[] outStream = new int[ColumnarBatch.INITIAL_CAPACITY];
    private int[] outTable = new int[ColumnarBatch.INITIAL_CAPACITY];
    private int outCount;
    // Whether an output row waiting in outTable has no table row (NULLs).
    private boolean outAlone;

    public StaticJoinOperator(StaticJoinSpec spec, StaticJoinIndex index, Operator downstream) {
        this.spec = spec;
        this.index = index;
        this.downstream = downstream;
        this.cross = spec.streamKeys().isEmpty();
        this.probe = new long[index.width()];
        this.pairs = ColumnarBatch.allocate(spec.pairs(), ColumnarBatch.INITIAL_CAPACITY);
        this.output = ColumnarBatch.allocate(spec.output(), ColumnarBatch.INITIAL_CAPACITY);
        this.streamAsIs = new ColumnarBatch(spec.output(), new ColumnVector[spec.output().size()], 0);
    }

    @Override
    public void process(ColumnarBatch chunk, BatchContext context) {
        int size = chunk.size();
        ColumnVector[] keys = new ColumnVector[spec.streamKeys().size()];
        for (int k = 0; k < keys.length; k++) {
            keys[k] = spec.streamKeys().get(k).evaluate(chunk, context.evaluation());
        }
        ensureRows(size);
        index.firstMatches(keys, size, probe, firstMatch);
        if (spec.type() == JoinType.INNER && spec.residual() == null && !cross && index.uniqueKeys()) {
            emitMatches(chunk, size, context);
            return;
        }
        int pairCount = candidates(size);
        if (spec.residual() != null) {
            filterPairs(chunk, pairCount, context);
        } else {
            Arrays.fill(pairPasses, 0, pairCount, true);
        }
        if (spec.type() == JoinType.INNER) {
            emitPairs(chunk, pairCount, context);
        } else {
            for (int row = 0; row < size; row++) {
                emitRow(chunk, row, context);
            }
        }
        flush(chunk, context);
    }

    private void ensureRows(int size) {
        if (firstPair.length < size + 1) {
            firstPair = new int[ColumnarBatch.capacityFor(size + 1)];
            firstMatch = new int[ColumnarBatch.capacityFor(size)];
        }
    }

    /**
     * An inner join on a key no two table rows share, with no other condition, emits each
     * stream row with its one match, if any, in stream order: no candidate pairs needed.
     */
    private void emitMatches(ColumnarBatch chunk, int size, BatchContext context) {
        if (size <= ColumnarBatch.CHUNK_SIZE && allMatched(size)) {
            outCount = size;
            flush(chunk, context, true, firstMatch);
            return;
        }
        for (int row = 0; row < size; row++) {
            if (firstMatch[row] >= 0) {
                add(chunk, row, firstMatch[row], context);
            }
        }
        flush(chunk, context);
    }

    /** Whether each of the chunk's {@code size} rows found a table row: an OR of all, which vectorizes, not a branch a row. */
    private boolean allMatched(int size) {
        int any = 0;
        for (int row = 0; row < size; row++) {
            any |= firstMatch[row];
        }
        return any >= 0;
    }

    /** Fills the candidate pairs of each row's {@code firstMatch}, stream row by stream row; returns how many. */
    private int candidates(int size) {
        int count = 0;
        for (int row = 0; row < size; row++) {
            firstPair[row] = count;
            for (int match = firstMatch[row]; match >= 0; match = index.nextMatch(match, cross)) {
                if (count == pairStream.length) {
                    pairStream = Arrays.copyOf(pairStream, count * 2);
                    pairTable = Arrays.copyOf(pairTable, count * 2);
                    pairPasses = Arrays.copyOf(pairPasses, count * 2);
                }
                pairStream[count] = row;
                pairTable[count] = match;
                count++;
            }
        }
        firstPair[size] = count;
        return count;
    }

    /** Evaluates the rest of the condition over the candidate pairs, a chunk of pairs at a time. */
    private void filterPairs(ColumnarBatch chunk, int count, BatchContext context) {
        for (int from = 0; from < count; from += ColumnarBatch.CHUNK_SIZE) {
            int slice = Math.min(ColumnarBatch.CHUNK_SIZE, count - from);
            int[] streamRows = Arrays.copyOfRange(pairStream, from, from + slice);
            int[] tableRows = Arrays.copyOfRange(pairTable, from, from + slice);
            pairs.ensureCapacity(slice);
            for (int c = 0; c < spec.streamWidth(); c++) {
                pairs.column(c).resetNulls();
                pairs.column(c).gather(chunk.column(c), streamRows, slice, 0);
            }
            ColumnarBatch table = index.rows();
            for (int c = spec.streamWidth(); c < spec.pairs().size(); c++) {
                pairs.column(c).resetNulls();
                pairs.column(c).gather(table.column(c - spec.streamWidth()), tableRows, slice, 0);
            }
            pairs.setSize(slice);
            ColumnVector passes = spec.residual().evaluate(pairs, context.evaluation());
            boolean[] values = ((BooleanVector) passes).values();
            for (int i = 0; i < slice; i++) {
                pairPasses[from + i] = !passes.isNull(i) && values[i];
            }
        }
    }

    /** An inner join emits the pairs that pass, in stream order. */
    private void emitPairs(ColumnarBatch chunk, int count, BatchContext context) {
        for (int pair = 0; pair < count; pair++) {
            if (pairPasses[pair]) {
                add(chunk, pairStream[pair], pairTable[pair], context);
            }
        }
    }

    private void emitRow(ColumnarBatch chunk, int row, BatchContext context) {
        boolean matched = false;
        for (int pair = firstPair[row]; pair < firstPair[row + 1]; pair++) {
            if (!pairPasses[pair]) {
                continue;
            }
            matched = true;
            if (spec.type() == JoinType.LEFT_SEMI) {
                break;
            }
            if (spec.type() != JoinType.LEFT_ANTI) {
                add(chunk, row, pairTable[pair], context);
            }
        }
        boolean alone = switch (spec.type()) {
            case LEFT_SEMI -> matched;
            case LEFT_ANTI, LEFT_OUTER -> !matched;
            default -> false;
        };
        if (alone) {
            add(chunk, row, -1, context);
        }
    }

    /** Adds an output row of stream row {@code row} and table row {@code tableRow} (-1: NULLs). */
    private void add(ColumnarBatch chunk, int row, int tableRow, BatchContext context) {
        if (outCount == outStream.length) {
            outStream = Arrays.copyOf(outStream, outCount * 2);
            outTable = Arrays.copyOf(outTable, outCount * 2);
        }
        outStream[outCount] = row;
        outTable[outCount] = tableRow;
        outAlone |= tableRow < 0;
        if (++outCount == ColumnarBatch.CHUNK_SIZE) {
            flush(chunk, context);
        }
    }

    /**
     * Hands the waiting output rows downstream. When they are the chunk's rows in order, each
     * once (every row matched one table row), the stream's columns go as they are, not copied:
     * downstream reads its input and never writes it, as after a projection.
     */
    private void flush(ColumnarBatch chunk, BatchContext context) {
        flush(chunk, context, outCount == chunk.size() && inStreamOrder(), outTable);
    }

    /**
     * {@link #flush(ColumnarBatch, BatchContext)} knowing whether the waiting rows are the chunk's
     * in order, with their table rows in {@code tableRows}.
     */
    private void flush(ColumnarBatch chunk, BatchContext context, boolean inOrder, int[] tableRows) {
        if (outCount == 0) {
            return;
        }
        ColumnarBatch batch = inOrder ? streamAsIs : output;
        ColumnarBatch table = index.rows();
        int[] columns = spec.outputColumns();
        output.ensureCapacity(outCount);
        for (int c = 0; c < columns.length; c++) {
            ColumnVector target = output.column(c);
            if (columns[c] < spec.streamWidth()) {
                if (inOrder) {
                    streamAsIs.setColumn(c, chunk.column(columns[c]));
                    continue;
                }
                target.resetNulls();
                target.gather(chunk.column(columns[c]), outStream, outCount, 0);
            } else {
                target.resetNulls();
                gatherTable(table.column(columns[c] - spec.streamWidth()), tableRows, target);
            }
            batch.setColumn(c, target);
        }
        batch.setSize(outCount);
        outCount = 0;
        outAlone = false;
        downstream.process(batch, context);
    }

    private boolean inStreamOrder() {
        for (int i = 0; i < outCount; i++) {
            if (outStream[i] != i) {
                return false;
            }
        }
        return true;
    }

    /** Copies the waiting rows' table values of one column, rows {@code tableRows}, into {@code target}; NULL for a row without one. */
    private void gatherTable(ColumnVector source, int[] tableRows, ColumnVector target) {
        if (!outAlone) {
            target.gather(source, tableRows, outCount, 0);
            return;
        }
        for (int i = 0; i < outCount; i++) {
            if (tableRows[i] < 0) {
                target.setNull(i);
            } else {
                source.copyRow(tableRows[i], target, i);
            }
        }
    }
}
