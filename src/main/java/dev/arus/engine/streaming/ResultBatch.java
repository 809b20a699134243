package dev.arus.engine.streaming;

import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.Row;
import dev.arus.engine.data.Schema;
import java.util.List;
import java.util.Objects;

/**
 * The rows a micro-batch hands to its sink, as {@code foreachBatch} and the console sink see
 * them: Spark's {@code Dataset<Row>} of that batch, already computed. {@code rows} are the first
 * rows of the batch, as many as the sink looks at; {@code count} is how many the batch has. The
 * engine hands the rows as columns, made into {@link Row}s when a sink first asks for them, once:
 * a sink that reads their values ({@link #value}) makes no {@code Row}. Immutable, thread-safe.
 */
public final class ResultBatch {

    private final Schema schema;
    private final long count;
    private final int size;
    /** The rows' columns, which no one writes; null for a batch made of rows. */
    private final ColumnarBatch columns;
    private volatile List<Row> rows;

    public ResultBatch(Schema schema, List<Row> rows, long count) {
        this(schema, null, List.copyOf(rows), count);
    }

    /** A batch of exactly {@code rows}. */
    public ResultBatch(Schema schema, List<Row> rows) {
        this(schema, rows, rows.size());
    }

    private ResultBatch(Schema schema, ColumnarBatch columns, List<Row> rows, long count) {
        this.schema = schema;
        this.columns = columns;
        this.rows = rows;
        this.size = rows != null ? rows.size() : columns.size();
        this.count = count;
        if (count < size) {
            throw new IllegalArgumentException("a batch of " + count + " rows cannot hold " + size);
        }
    }

    /**
     * A batch of {@code count} rows of {@code schema} whose first ones are {@code columns}' rows;
     * it owns {@code columns} from now on: nothing may write them any more.
     */
    public static ResultBatch ofColumns(Schema schema, ColumnarBatch columns, long count) {
        return new ResultBatch(schema, columns, null, count);
    }

    public Schema schema() {
        return schema;
    }

    /** How many rows the batch has, handed over or not. */
    public long count() {
        return count;
    }

    /** How many rows are handed over: the size of {@link #rows()}, without making them. */
    public int size() {
        return size;
    }

    /** The rows handed over, made the first time they are asked for. */
    public List<Row> rows() {
        List<Row> made = rows;
        if (made != null) {
            return made;
        }
        synchronized (this) {
            if (rows == null) {
                rows = List.copyOf(columns.toRows());
            }
            return rows;
        }
    }

    /** The value of column {@code column} of row {@code row}, as that {@link Row} holds it, without making the row. */
    public Object value(int row, int column) {
        Objects.checkIndex(row, size);
        return columns != null ? columns.column(column).getObject(row) : rows.get(row).get(column);
    }

    /**
     * Copies column {@code column} of the rows handed over into the first rows of {@code into},
     * which the caller owns: a vector of the column's type, copied as a block where it can be, or
     * of a type that takes the column's values ({@link ColumnVector#setObject}), made without a {@link Row}.
     */
    public void copyColumn(int column, ColumnVector into) {
        if (columns != null && into.type().equals(columns.column(column).type())) {
            into.copyFirst(columns.column(column), size, 0);
            return;
        }
        for (int r = 0; r < size; r++) {
            into.setObject(r, value(r, column));
        }
    }

    /**
     * This batch with only its first {@code rows} rows handed over (all of them when it has
     * fewer), holding nothing more: for a reader that keeps a few rows of a batch a while.
     */
    public ResultBatch first(int rows) {
        if (columns == null) {
            return new ResultBatch(schema, this.rows.subList(0, Math.min(rows, size)), count);
        }
        if (rows >= size) {
            return new ResultBatch(schema, columns, null, count);
        }
        ColumnarBatch first = ColumnarBatch.allocate(columns.schema(), rows);
        first.append(columns, rows);
        return new ResultBatch(schema, first, null, count);
    }

    @Override
    public String toString() {
        return "ResultBatch[schema=" + schema + ", rows=" + rows() + ", count=" + count + "]";
    }
}
