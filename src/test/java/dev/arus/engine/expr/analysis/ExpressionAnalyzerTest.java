package dev.arus.engine.expr.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.Schema;
import dev.arus.engine.data.StructType;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.aggregate.AggregateCall;
import dev.arus.engine.expr.aggregate.AggregateFunction;
import dev.arus.engine.expr.sql.ExpressionParser;
import dev.arus.engine.expr.window.GroupingKey;
import dev.arus.engine.streaming.AnalysisException;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ExpressionAnalyzerTest {

    private static final Schema SCHEMA = Schema.of(
            new Field("value", AtomicType.LONG, false),
            new Field("n", AtomicType.INT, true),
            new Field("d", AtomicType.DOUBLE, true),
            new Field("s", AtomicType.STRING, true),
            new Field("flag", AtomicType.BOOLEAN, true),
            new Field("event_time", AtomicType.TIMESTAMP, true),
            new Field("window", StructType.WINDOW, false));

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "value % 3|(value % 3)",
        "VALUE + 1|(value + 1)",
        "value|value",
        "VALUE|value",
        "window.start|start",
        "window.end|end",
        "CAST(value AS TIMESTAMP)|value",
        "CAST(value + 1 AS TIMESTAMP)|CAST((value + 1) AS TIMESTAMP)",
        "CAST(CAST(value AS BOOLEAN) AS INT)|value",
        "CAST(CAST(CAST(value AS STRING) AS INT) AS BIGINT)|value",
        "CAST(CAST(value AS STRING) AS INT) AS v|v",
        "CAST(CAST(value + 1 AS STRING) AS INT)|CAST(CAST((value + 1) AS STRING) AS INT)",
        "CAST(upper(CAST(value AS STRING)) AS INT)|CAST(upper(CAST(value AS STRING)) AS INT)",
        "1|1",
        "'a'|a",
        "true|true",
        "NULL|NULL",
        "value > 1|(value > 1)",
        "flag AND value > 1|(flag AND (value > 1))",
        "NOT flag|(NOT flag)",
        "s IS NULL|(s IS NULL)",
        "unix_timestamp(event_time)|unix_timestamp(event_time, yyyy-MM-dd HH:mm:ss)",
        "n + d|(n + d)",
        "value + 1.5|(value + 1.5)",
        "coalesce(n, 0)|coalesce(n, 0)",
        "CASE WHEN n > 1 THEN 'big' END|CASE WHEN (n > 1) THEN big END",
        "value AS v|v",
        "window.start + INTERVAL '4' SECOND|window.start + INTERVAL '04' SECOND",
        "current_timestamp()|current_timestamp()",
        "to_timestamp(s)|to_timestamp(s)",
        "date_format(event_time, 'HH:mm')|date_format(event_time, HH:mm)",
    })
    void namesColumnsAsSparkDoes(String expression, String name) {
        // Spark's Column API: toNamed, ResolveAliases + toPrettySQL; a top-level Cast of a named
        // expression, or of a cast of one, keeps the child's name, implicit casts are hidden,
        // struct fields are named by the field.
        assertThat(bind(expression).name()).isEqualTo(name);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "n + n|int",
        "n % n|int",
        "n / n|double",
        "value / 2|double",
        "n + value|bigint",
        "value * d|double",
        "n + 1.5|decimal(12,1)",
        "-n|int",
        "abs(value)|bigint",
        "value > d|boolean",
        "CAST(s AS INT)|int",
        "unix_timestamp(s)|bigint",
        "timestamp_seconds(value)|timestamp",
        "event_time - INTERVAL 1 MINUTE|timestamp",
        "coalesce(n, value)|bigint",
        "CASE WHEN flag THEN n ELSE d END|double",
        "concat(s, value)|string",
    })
    void typesExpressionsAsSparkDoes(String expression, String type) {
        assertThat(bind(expression).dataType().simpleString()).isEqualTo(type);
    }

    @Test
    void exposesTheInputOrdinalOfABareColumn() {
        assertThat(bind("n").inputOrdinal()).isEqualTo(OptionalInt.of(1));
        assertThat(bind("n AS m").inputOrdinal()).isEqualTo(OptionalInt.of(1));
        assertThat(bind("n + 1").inputOrdinal()).isEmpty();
    }

    @Test
    void tracksNullability() {
        assertThat(bind("value + 1").nullable()).isFalse();
        assertThat(bind("n + 1").nullable()).isTrue();
        assertThat(bind("n IS NULL").nullable()).isFalse();
        assertThat(bind("coalesce(n, 0)").nullable()).isFalse();
    }

    @Test
    void suggestsTheNearestColumnWhenANameIsMisspelt() {
        assertThatThrownBy(() -> bind("abs(evnt_time)"))
                .isInstanceOf(AnalysisException.class)
                .hasMessage("[UNRESOLVED_COLUMN.WITH_SUGGESTION] A column, variable, or function parameter with name"
                        + " `evnt_time` cannot be resolved. Did you mean one of the following? [`event_time`, `value`,"
                        + " `n`, `d`, `s`]. SQLSTATE: 42703")
                .satisfies(e -> assertThat(((AnalysisException) e).position()).isEqualTo(4));
    }

    @Test
    void suggestsTheFiveNearestColumnsHoweverFarAndNoneWithoutColumnsAsSparkDoes() {
        assertThatThrownBy(() -> bind("zzzzzzzzzz"))
                .hasMessageEndingWith("Did you mean one of the following? [`value`, `n`, `d`, `s`, `flag`]."
                        + " SQLSTATE: 42703");
        assertThatThrownBy(() -> ExpressionAnalyzer.bind(ExpressionParser.parse("`a b`.c"), Schema.of()))
                .hasMessage("[UNRESOLVED_COLUMN.WITHOUT_SUGGESTION] A column, variable, or function parameter with"
                        + " name `a b`.`c` cannot be resolved. SQLSTATE: 42703")
                .satisfies(e -> assertThat(((AnalysisException) e).errorClass())
                        .isEqualTo("UNRESOLVED_COLUMN.WITHOUT_SUGGESTION"));
    }

    @Test
    void suggestsTheNearestStructField() {
        assertThatThrownBy(() -> bind("window.strat"))
                .hasMessage("cannot resolve field 'window.strat' at position 0; did you mean 'window.start'?");
    }

    @Test
    void suggestsTheNearestFunction() {
        assertThatThrownBy(() -> bind("abss(value)"))
                .hasMessage("cannot resolve function 'abss' at position 0; did you mean 'abs'?");
    }

    @Test
    void rejectsOperandsOfIncompatibleTypes() {
        assertThatThrownBy(() -> bind("value + flag"))
                .hasMessage("[DATATYPE_MISMATCH.BINARY_OP_DIFF_TYPES] Cannot resolve \"(value + flag)\" due to data"
                        + " type mismatch: the left and right operands of the binary operator have incompatible types"
                        + " (\"BIGINT\" and \"BOOLEAN\"). (at position 0)");
        assertThatThrownBy(() -> bind("flag AND value"))
                .hasMessageContaining("The second parameter requires the \"BOOLEAN\" type, however \"value\" has the"
                        + " type \"BIGINT\"");
        assertThatThrownBy(() -> bind("CAST(flag AS TIMESTAMP)"))
                .hasMessageContaining("cannot cast \"BOOLEAN\" to \"TIMESTAMP\" with ANSI mode on");
    }

    @Test
    void rejectsAggregatesAndWindowsInAProjection() {
        assertThatThrownBy(() -> bind("count(*) + 1"))
                .hasMessageStartingWith("[UNSUPPORTED_EXPR_FOR_OPERATOR]")
                .hasMessageContaining("Invalid expressions: [count(1)]");
        assertThatThrownBy(() -> bind("window(event_time, '8 seconds')"))
                .hasMessageContaining("only supported as a groupBy key");
    }

    @Test
    void requiresLiteralDatetimePatterns() {
        assertThatThrownBy(() -> bind("date_format(event_time, s)")).hasMessageContaining("must be a string literal");
    }

    @Test
    void bindsATumblingWindowKey() {
        GroupingKey key = ExpressionAnalyzer.bindGroupingKey(ExpressionParser.parse("window(event_time, '8 seconds')"),
                SCHEMA);
        assertThat(key).isInstanceOf(GroupingKey.WindowKey.class);
        GroupingKey.WindowKey window = (GroupingKey.WindowKey) key;
        assertThat(window.name()).isEqualTo("window");
        assertThat(window.sizeMicros()).isEqualTo(8_000_000L);
        assertThat(window.slideMicros()).isEqualTo(8_000_000L);
        assertThat(window.startMicros()).isZero();
        assertThat(window.isTumbling()).isTrue();
    }

    @Test
    void bindsASlidingWindowKeyWithStartTime() {
        GroupingKey.WindowKey window = (GroupingKey.WindowKey) ExpressionAnalyzer.bindGroupingKey(
                ExpressionParser.parse("window(event_time, '10 minutes', '5 minutes', '1 minute')"), SCHEMA);
        assertThat(window.sizeMicros()).isEqualTo(600_000_000L);
        assertThat(window.slideMicros()).isEqualTo(300_000_000L);
        assertThat(window.startMicros()).isEqualTo(60_000_000L);
    }

    @Test
    void rejectsWindowsOverNonTimestampsAndBadDurations() {
        assertThatThrownBy(() -> key("window(value, '8 seconds')"))
                .hasMessageContaining("requires the (\"TIMESTAMP\" or \"TIMESTAMP_NTZ\") type, however \"value\" has"
                        + " the type \"BIGINT\"");
        assertThatThrownBy(() -> key("window(event_time, '4 seconds', '8 seconds')"))
                .hasMessageContaining("The slide duration (8000000) must be less than or equal to the windowDuration"
                        + " (4000000)");
        assertThatThrownBy(() -> key("window(event_time, '8 secs')")).hasMessageContaining("Invalid unit 'secs'");
        assertThatThrownBy(() -> key("window(event_time, '0 seconds')"))
                .hasMessageContaining("must be greater than 0");
    }

    @Test
    void bindsValueKeysWithTheirNames() {
        GroupingKey key = key("value % 3");
        assertThat(key).isInstanceOf(GroupingKey.ValueKey.class);
        assertThat(key.name()).isEqualTo("(value % 3)");
        assertThat(key("value % 3 AS bucket").name()).isEqualTo("bucket");
    }

    @Test
    void bindsAggregatesWithSparkNamesAndResultTypes() {
        assertAggregate("count(*)", AggregateFunction.COUNT, "count(1)", "bigint", false);
        assertAggregate("count(1)", AggregateFunction.COUNT, "count(1)", "bigint", false);
        assertAggregate("count(n)", AggregateFunction.COUNT, "count(n)", "bigint", true);
        assertAggregate("sum(n)", AggregateFunction.SUM, "sum(n)", "bigint", true);
        assertAggregate("sum(value)", AggregateFunction.SUM, "sum(value)", "bigint", true);
        assertAggregate("sum(d)", AggregateFunction.SUM, "sum(d)", "double", true);
        assertAggregate("avg(n)", AggregateFunction.AVG, "avg(n)", "double", true);
        assertAggregate("min(s)", AggregateFunction.MIN, "min(s)", "string", true);
        assertAggregate("max(event_time)", AggregateFunction.MAX, "max(event_time)", "timestamp", true);
        assertAggregate("count(*) AS count", AggregateFunction.COUNT, "count", "bigint", false);
        assertAggregate("sum(value % 3)", AggregateFunction.SUM, "sum((value % 3))", "bigint", true);
    }

    @Test
    void rejectsNonAggregatesAndNestedAggregatesInAgg() {
        assertThatThrownBy(() -> aggregate("value + 1"))
                .hasMessageStartingWith("[MISSING_AGGREGATION] The non-aggregating expression \"(value + 1)\"");
        assertThatThrownBy(() -> aggregate("sum(count(value))"))
                .hasMessageStartingWith("[NESTED_AGGREGATE_FUNCTION]");
        assertThatThrownBy(() -> aggregate("sum(s)")).hasMessageContaining("requires the \"NUMERIC\" type");
    }

    private static void assertAggregate(String text, AggregateFunction function, String name, String type,
            boolean hasArgument) {
        AggregateCall call = aggregate(text);
        assertThat(call.function()).isEqualTo(function);
        assertThat(call.name()).isEqualTo(name);
        assertThat(call.resultType().simpleString()).isEqualTo(type);
        assertThat(call.argument() != null).isEqualTo(hasArgument);
    }

    private static AggregateCall aggregate(String text) {
        return ExpressionAnalyzer.bindAggregate(ExpressionParser.parseNamed(text), SCHEMA);
    }

    private static GroupingKey key(String text) {
        return ExpressionAnalyzer.bindGroupingKey(ExpressionParser.parseNamed(text), SCHEMA);
    }

    private static BoundExpression bind(String text) {
        return ExpressionAnalyzer.bind(ExpressionParser.parseNamed(text), SCHEMA);
    }

    private static final Schema EVENTS = Schema.of(
            new Field("key", AtomicType.BINARY, true),
            new Field("data", new StructType(java.util.List.of(new Field("amount", AtomicType.LONG, true))), true),
            new Field("tags", new dev.arus.engine.data.ArrayType(AtomicType.STRING, true), true),
            new Field("props", new dev.arus.engine.data.MapType(AtomicType.STRING, AtomicType.STRING, true), true));

    @Test
    void namesAFieldByItselfWhenWrittenAsAColumnPathAndByItsPathWhenTakenWithGetField() {
        // Spark: col("data.amount") resolves to Alias(.., "amount"); col("data").getField("amount")
        // is an ExtractValue that ResolveAliases names by its pretty SQL.
        assertThat(ExpressionAnalyzer.bind(ExpressionParser.parse("data.amount"), EVENTS).name()).isEqualTo("amount");
        Expression getField = new Expression.FieldAccess(
                new Expression.ColumnReference(java.util.List.of("data"), -1), "amount", -1);
        assertThat(ExpressionAnalyzer.bind(getField, EVENTS).name()).isEqualTo("data.amount");
        assertThat(ExpressionAnalyzer.bind(ExpressionParser.parse("CAST(data.amount AS STRING)"), EVENTS).name())
                .isEqualTo("amount");
    }

    @Test
    void groupsByBinaryButNotYetByStructsArraysOrMaps() {
        assertThat(ExpressionAnalyzer.bindGroupingKey(ExpressionParser.parse("key"), EVENTS).name()).isEqualTo("key");
        for (String key : java.util.List.of("data", "tags", "props")) {
            assertThatThrownBy(() -> ExpressionAnalyzer.bindGroupingKey(ExpressionParser.parse(key), EVENTS))
                    .isInstanceOfSatisfying(AnalysisException.class,
                            e -> assertThat(e.errorClass()).isEqualTo("UNSUPPORTED_FEATURE"))
                    .hasMessageContaining("Grouping by \"" + key + "\"")
                    .hasMessageContaining("is not supported yet");
        }
    }

    @Test
    void refusesMinAndMaxOfBinaryForNow() {
        assertThatThrownBy(() -> ExpressionAnalyzer.bindAggregate(ExpressionParser.parseNamed("max(key)"), EVENTS))
                .isInstanceOfSatisfying(AnalysisException.class,
                        e -> assertThat(e.errorClass()).isEqualTo("UNSUPPORTED_FEATURE"))
                .hasMessageContaining("max of a BINARY value is not supported yet");
        assertThat(ExpressionAnalyzer.bindAggregate(ExpressionParser.parseNamed("count(key)"), EVENTS).name())
                .isEqualTo("count(key)");
    }

    @Test
    void comparesBinaryValuesButRefusesComparingComplexOnes() {
        assertThat(ExpressionAnalyzer.bind(ExpressionParser.parse("key = CAST('a' AS BINARY)"), EVENTS).dataType())
                .isEqualTo(AtomicType.BOOLEAN);
        assertThatThrownBy(() -> ExpressionAnalyzer.bind(ExpressionParser.parse("tags = tags"), EVENTS))
                .isInstanceOfSatisfying(AnalysisException.class,
                        e -> assertThat(e.errorClass()).isEqualTo("DATATYPE_MISMATCH.BINARY_OP_DIFF_TYPES"));
    }
}
