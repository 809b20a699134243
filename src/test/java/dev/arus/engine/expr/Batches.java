package dev.arus.engine.expr;

import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.Schema;
import dev.arus.engine.expr.analysis.ExpressionAnalyzer;
import dev.arus.engine.expr.sql.ExpressionParser;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;

/** Builds chunks from rows of objects and evaluates expression text over them, for tests. */
public final class Batches {

    public static final EvaluationContext UTC = new EvaluationContext(1_700_000_000_000_000L, ZoneId.of("UTC"));

    private Batches() {
    }

    public static ColumnarBatch of(Schema schema, Object[]... rows) {
        ColumnarBatch batch = ColumnarBatch.allocate(schema, Math.max(rows.length, 1));
        for (int r = 0; r < rows.length; r++) {
            for (int c = 0; c < schema.size(); c++) {
                batch.column(c).setObject(r, rows[r][c]);
            }
        }
        batch.setSize(rows.length);
        return batch;
    }

    /** The single column's values of {@code batch}, one per row. */
    public static List<Object> evaluate(String expression, ColumnarBatch batch) {
        return evaluate(ExpressionAnalyzer.bind(ExpressionParser.parse(expression), batch.schema()), batch, UTC);
    }

    public static List<Object> evaluate(BoundExpression bound, ColumnarBatch batch, EvaluationContext context) {
        ColumnVector result = bound.evaluate(batch, context);
        List<Object> values = new ArrayList<>();
        for (int i = 0; i < batch.size(); i++) {
            values.add(result.getObject(i));
        }
        return values;
    }

    public static Object[] row(Object... values) {
        return values;
    }
}
