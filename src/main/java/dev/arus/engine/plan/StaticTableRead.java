package dev.arus.engine.plan;

import dev.arus.engine.data.Schema;
import dev.arus.engine.exec.join.StaticJoinIndex;
import dev.arus.engine.expr.EvaluationContext;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.analysis.ExpressionAnalyzer;
import dev.arus.engine.table.StaticTable;
import dev.arus.engine.table.StaticTableReader;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;

/**
 * The static side of a join as a run reads it: the table's format, options and schema (its
 * columns as the join sees them, qualified by its alias), and the join keys over those columns.
 */
record StaticTableRead(String format, Map<String, String> options, Schema schema, List<Expression> keys) {

    /** Reads the table and indexes it by its keys; called once per run. */
    StaticJoinIndex index(ZoneId zone) {
        StaticTable table = StaticTableReader.read(format, schema, options, zone);
        return new StaticJoinIndex(new StaticTable(schema, table.rows()),
                keys.stream().map(key -> ExpressionAnalyzer.bind(key, schema)).toList(),
                new EvaluationContext(0, zone));
    }
}
