package dev.arus.engine.expr.bind;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.expr.BoundNode;
import dev.arus.engine.expr.EvaluationContext;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.Arrays;

/**
 * A TIMESTAMP literal written without a zone ({@code TIMESTAMP '2026-12-01 10:00:00'}): a time of
 * day in the session zone, which only evaluation knows. It is placed in the zone once per zone
 * and chunk size, then repeated for every row.
 */
final class LocalTimestampConstant extends BoundNode {

    private final LocalDateTime local;
    private ZoneId filledZone;
    private int filledRows;

    LocalTimestampConstant(LocalDateTime local, String sql) {
        super(AtomicType.TIMESTAMP, false, sql);
        this.local = local;
    }

    @Override
    public boolean foldable() {
        return true;
    }

    @Override
    public LongVector evaluate(ColumnarBatch input, EvaluationContext context) {
        int size = input.size();
        LongVector result = output(size);
        if (!context.timeZone().equals(filledZone) || size > filledRows) {
            Instant instant = local.atZone(context.timeZone()).toInstant();
            long micros = Math.addExact(Math.multiplyExact(instant.getEpochSecond(), 1_000_000L),
                    instant.getNano() / 1000);
            Arrays.fill(result.values(), 0, result.capacity(), micros);
            filledZone = context.timeZone();
            filledRows = result.capacity();
        }
        return result;
    }
}
