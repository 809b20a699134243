package dev.arus.engine.expr.cast;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.DecimalType;
import dev.arus.engine.data.DoubleVector;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.BoundNode;
import dev.arus.engine.expr.EvaluationContext;
import dev.arus.engine.expr.EvaluationException;
import dev.arus.engine.expr.NullMasks;
import dev.arus.engine.expr.numeric.DecimalMath;
import java.math.BigDecimal;
import java.util.concurrent.TimeUnit;

/**
 * A number as seconds since the epoch, cast to a TIMESTAMP as Spark's ANSI {@code Cast} casts it
 * for {@code to_timestamp(number)} (Spark SQL itself refuses {@code CAST(number AS TIMESTAMP)}):
 * an integer's microseconds saturate at the ends of a BIGINT, a decimal's keep the low 64 bits
 * of their whole part, a float's or double's are truncated, a NaN or infinity raising
 * CAST_INVALID_INPUT and a value beyond a BIGINT CAST_OVERFLOW.
 */
public final class SecondsCast extends BoundNode {

    private static final long MICROS_PER_SECOND = 1_000_000L;
    private static final BigDecimal MICROS = BigDecimal.valueOf(MICROS_PER_SECOND);

    private final BoundExpression seconds;

    public SecondsCast(BoundExpression seconds, String sql) {
        super(AtomicType.TIMESTAMP, seconds.nullable(), sql);
        this.seconds = seconds;
    }

    @Override
    public LongVector evaluate(ColumnarBatch input, EvaluationContext context) {
        ColumnVector values = seconds.evaluate(input, context);
        int size = input.size();
        LongVector result = output(size);
        boolean nulls = NullMasks.propagate(result, values, size);
        long[] out = result.values();
        for (int i = 0; i < size; i++) {
            if (!(nulls && result.isNull(i))) {
                out[i] = micros(values, i);
            }
        }
        return result;
    }

    private long micros(ColumnVector values, int row) {
        if (seconds.dataType() instanceof DecimalType decimal) {
            return DecimalMath.read(values, row, decimal).multiply(MICROS).longValue();
        }
        if (values instanceof DoubleVector doubles) {
            double value = doubles.values()[row];
            if (Double.isNaN(value) || Double.isInfinite(value)) {
                throw EvaluationException.castInvalidInput(value, "TIMESTAMP");
            }
            double micros = value * MICROS_PER_SECOND;
            if (Math.floor(micros) <= Long.MAX_VALUE && Math.ceil(micros) >= Long.MIN_VALUE) {
                return (long) micros;
            }
            throw EvaluationException.castOverflow(micros + "D", "DOUBLE", "BIGINT");
        }
        long whole = ((LongVector) values).values()[row];
        // as Spark's longToTimestamp: saturated, never wrapped
        return TimeUnit.SECONDS.toMicros(whole);
    }
}
