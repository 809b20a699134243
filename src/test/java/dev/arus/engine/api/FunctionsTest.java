package dev.arus.engine.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.Schema;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.aggregate.AggregateCall;
import dev.arus.engine.expr.aggregate.AggregateFunction;
import dev.arus.engine.expr.analysis.ExpressionAnalyzer;
import dev.arus.engine.expr.window.GroupingKey;
import java.util.List;
import org.junit.jupiter.api.Test;

class FunctionsTest {

    private static final Schema SCHEMA = Schema.of(
            new Field("value", AtomicType.LONG, false), new Field("timestamp", AtomicType.TIMESTAMP, false),
            new Field("a.b", AtomicType.INT, false));

    @Test
    void namesFunctionCallsAsSpark() {
        assertThat(functions.count("*")).hasToString("count(1)");
        assertThat(functions.count(functions.lit(1))).hasToString("count(1)");
        assertThat(functions.sum("value")).hasToString("sum(value)");
        assertThat(functions.avg(functions.col("value"))).hasToString("avg(value)");
        assertThat(functions.not(functions.col("value").gt(1))).hasToString("(NOT (value > 1))");
        assertThat(functions.coalesce(functions.col("value"), functions.lit(0))).hasToString("coalesce(value, 0)");
        assertThat(bindName(functions.unix_timestamp(functions.col("timestamp"))))
                .isEqualTo("unix_timestamp(timestamp, yyyy-MM-dd HH:mm:ss)");
    }

    @Test
    void parsesExpressionsWithAliases() {
        assertThat(bindName(functions.expr("value % 3 AS bucket"))).isEqualTo("bucket");
        assertThat(bindName(functions.expr("value % 3"))).isEqualTo("(value % 3)");
    }

    @Test
    void splitsColumnNamesOnDotsOutsideBackQuotes() {
        assertThat(((Expression.ColumnReference) functions.col("window.start").expr()).nameParts())
                .isEqualTo(List.of("window", "start"));
        assertThat(bindName(functions.col("`a.b`"))).isEqualTo("a.b");
    }

    @Test
    void buildsWindowGroupingKeys() {
        GroupingKey key = ExpressionAnalyzer.bindGroupingKey(
                functions.window(functions.col("timestamp"), "8 seconds", "4 seconds").expr(), SCHEMA);
        assertThat(key).isEqualTo(new GroupingKey.WindowKey(((GroupingKey.WindowKey) key).timeColumn(),
                8_000_000L, 4_000_000L, 0L, "window"));
    }

    @Test
    void buildsTheCountAggregateOfGroupedData() {
        AggregateCall count = ExpressionAnalyzer.bindAggregate(
                functions.count(functions.lit(1)).alias("count").expr(), SCHEMA);
        assertThat(count).isEqualTo(new AggregateCall(AggregateFunction.COUNT, null, "count", AtomicType.LONG));
    }

    private static String bindName(Column column) {
        return ExpressionAnalyzer.bind(column.expr(), SCHEMA).name();
    }

    @Test
    void buildsTheJsonAndStructFunctionsWithSparksNames() {
        Schema kafka = Schema.of(new Field("value", AtomicType.BINARY, true), new Field("n", AtomicType.INT, true));
        Column json = functions.col("value").cast("string");
        assertThat(bindName(functions.from_json(json, "amount BIGINT"), kafka))
                .isEqualTo("from_json(CAST(value AS STRING))");
        assertThat(bindName(functions.from_json(json, "amount BIGINT").getField("amount"), kafka))
                .isEqualTo("from_json(CAST(value AS STRING)).amount");
        assertThat(bindName(functions.to_json(functions.struct(functions.col("n"), functions.col("n").as("m"))), kafka))
                .isEqualTo("to_json(struct(n, n AS m))");
        assertThat(bindName(functions.named_struct(functions.lit("x"), functions.col("n")), kafka))
                .isEqualTo("named_struct(x, n)");
        assertThat(bindName(functions.get_json_object(json, "$.a"), kafka))
                .isEqualTo("get_json_object(CAST(value AS STRING), $.a)");
        assertThat(ExpressionAnalyzer.bind(functions.struct(functions.col("n").as("m")).expr(), kafka).dataType()
                .simpleString()).isEqualTo("struct<m:int>");
    }

    private static String bindName(Column column, Schema schema) {
        return ExpressionAnalyzer.bind(column.expr(), schema).name();
    }
}
