package dev.arus.engine.expr.datetime;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.data.StructType;
import dev.arus.engine.data.StructVector;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.BoundNode;
import dev.arus.engine.expr.EvaluationContext;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.bind.ExpressionBinder;
import dev.arus.engine.expr.bind.FunctionBinder;
import java.util.List;
import java.util.OptionalInt;

/**
 * Spark's {@code window_time(window)}: the last instant of a time window, its end minus one
 * microsecond, so that it falls inside the window. It carries the window's event time: a
 * watermark on the window column holds for it too, which is what lets a second aggregation
 * window the first one's output.
 */
public final class WindowTime extends BoundNode {

    private final BoundExpression window;

    public WindowTime(BoundExpression window, String sql) {
        super(AtomicType.TIMESTAMP, window.nullable(), sql);
        this.window = window;
    }

    /** {@code window_time(window)}: the argument must be a time window column, such as an aggregation's {@code window}. */
    static BoundExpression bind(Expression.FunctionCall call, List<BoundExpression> arguments,
            ExpressionBinder binder) {
        BoundExpression window = arguments.get(0);
        if (!window.dataType().equals(StructType.WINDOW)) {
            throw binder.unexpectedType(call.sql(), call.position(), "first",
                    "\"STRUCT<start: TIMESTAMP, end: TIMESTAMP>\"", window);
        }
        return new WindowTime(window, FunctionBinder.sql("window_time", arguments));
    }

    @Override
    public ColumnVector evaluate(ColumnarBatch input, EvaluationContext context) {
        StructVector windows = (StructVector) window.evaluate(input, context);
        LongVector ends = (LongVector) windows.child(1);
        int size = input.size();
        LongVector result = output(size);
        long[] in = ends.values();
        long[] out = result.values();
        for (int i = 0; i < size; i++) {
            if (windows.isNull(i) || ends.isNull(i)) {
                result.setNull(i);
            } else {
                out[i] = in[i] - 1;
            }
        }
        return result;
    }

    @Override
    public OptionalInt eventTimeOrdinal() {
        return window.eventTimeOrdinal();
    }
}
