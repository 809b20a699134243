package dev.arus.engine.expr;

import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.DataType;
import java.util.OptionalInt;

/**
 * An expression resolved against an input schema, typed and ready to evaluate a chunk column at
 * a time. Each node owns its output vector and reuses it for every chunk, so evaluation does not
 * allocate per row. Not thread-safe: one query thread evaluates a node.
 */
public interface BoundExpression {

    DataType dataType();

    boolean nullable();

    /** The output column name: the alias if there is one, else Spark's automatic name. */
    String name();

    /** Spark's pretty SQL form, used to name enclosing expressions: {@code (value + 1)}. */
    String sql();

    /**
     * Evaluates the expression over the first {@code input.size()} rows. The returned vector holds
     * one result per row and stays valid until the next call on this node; a bare column reference
     * may return the input's own vector, so callers must not modify it.
     */
    ColumnVector evaluate(ColumnarBatch input, EvaluationContext context);

    /**
     * True when the value is the same for every row of a chunk, whatever the input: a literal, or
     * a deterministic function of literals, which the session zone may still place (Spark's
     * {@code foldable}). Such an expression may be evaluated over one row to read its value.
     */
    default boolean foldable() {
        return false;
    }

    /** The input column this expression is, when it is a bare column reference. */
    default OptionalInt inputOrdinal() {
        return OptionalInt.empty();
    }

    /**
     * The input column whose event time this expression is: a bare reference to it, or
     * {@code window_time} of a window column. A watermark on that column holds for this value.
     */
    default OptionalInt eventTimeOrdinal() {
        return inputOrdinal();
    }
}
