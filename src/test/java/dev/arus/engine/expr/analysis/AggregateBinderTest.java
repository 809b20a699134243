package dev.arus.engine.expr.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.Schema;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.aggregate.AggregateCall;
import dev.arus.engine.expr.aggregate.AggregateFunction;
import dev.arus.engine.expr.sql.ExpressionParser;
import dev.arus.engine.streaming.AnalysisException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class AggregateBinderTest {

    private static final Schema SCHEMA = Schema.of(
            new Field("value", AtomicType.LONG, false),
            new Field("n", AtomicType.INT, true),
            new Field("d", AtomicType.DOUBLE, true),
            new Field("s", AtomicType.STRING, true),
            new Field("flag", AtomicType.BOOLEAN, true),
            new Field("tags", new dev.arus.engine.data.ArrayType(AtomicType.STRING, true), true),
            new Field("m", new dev.arus.engine.data.MapType(AtomicType.STRING, AtomicType.INT, true), true));

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "first(value)|FIRST|first(value)|bigint|false",
        "first(value, true)|FIRST|first(value)|bigint|true",
        "FIRST_VALUE(s, false)|FIRST|first_value(s)|string|false",
        "last(n, true)|LAST|last(n)|int|true",
        "collect_list(n)|COLLECT_LIST|collect_list(n)|array<int>|false",
        "array_agg(s)|COLLECT_LIST|collect_list(s)|array<string>|false",
        "collect_set(d)|COLLECT_SET|collect_set(d)|array<double>|false",
        "stddev(n)|STDDEV_SAMP|stddev(n)|double|false",
        "std(value)|STDDEV_SAMP|std(value)|double|false",
        "stddev_samp(s)|STDDEV_SAMP|stddev_samp(s)|double|false",
        "stddev_pop(d)|STDDEV_POP|stddev_pop(d)|double|false",
        "variance(d)|VAR_SAMP|variance(d)|double|false",
        "var_samp(d)|VAR_SAMP|var_samp(d)|double|false",
        "var_pop(value % 2)|VAR_POP|var_pop((value % 2))|double|false",
        "mean(n)|AVG|mean(n)|double|false",
        "count_if(n > 1)|COUNT_IF|count_if((n > 1))|bigint|false",
        "bool_and(flag)|BOOL_AND|bool_and(flag)|boolean|false",
        "every(flag)|BOOL_AND|every(flag)|boolean|false",
        "bool_or(flag)|BOOL_OR|bool_or(flag)|boolean|false",
        "any(flag)|BOOL_OR|any(flag)|boolean|false",
        "some(s = 'a')|BOOL_OR|some((s = a))|boolean|false",
        "approx_count_distinct(s, 0.1)|APPROX_COUNT_DISTINCT|approx_count_distinct(s)|bigint|false",
        "max_by(s, value)|MAX_BY|max_by(s, value)|string|false",
        "MIN_BY(n, d + 1)|MIN_BY|min_by(n, (d + 1))|int|false",
        "percentile_approx(n, 0.5)|PERCENTILE_APPROX|percentile_approx(n, 0.5, 10000)|int|false",
        "approx_percentile(d, array(0.25, 1), 100)|PERCENTILE_APPROX|approx_percentile(d, array(0.25, 1), 100)"
                + "|array<double>|false",
        "percentile_approx(s, 0.5)|PERCENTILE_APPROX|percentile_approx(s, 0.5, 10000)|double|false",
    })
    void bindsWithSparksPrettyNamesAndResultTypes(String text, AggregateFunction function, String name, String type,
            boolean ignoreNulls) {
        AggregateCall call = aggregate(text);

        assertThat(call.function()).isEqualTo(function);
        assertThat(call.name()).isEqualTo(name);
        assertThat(call.resultType().simpleString()).isEqualTo(type);
        assertThat(call.settings().ignoreNulls()).isEqualTo(ignoreNulls);
    }

    @Test
    void castsMomentArgumentsToDoubleAndKeepsCountsAndCollectionsNonNull() {
        assertThat(aggregate("stddev(n)").argument().dataType()).isEqualTo(AtomicType.DOUBLE);
        assertThat(aggregate("stddev(s)").argument().dataType()).isEqualTo(AtomicType.DOUBLE);
        assertThat(aggregate("count_if(flag)").nullable()).isFalse();
        assertThat(aggregate("collect_set(s)").nullable()).isFalse();
        assertThat(aggregate("first(s)").nullable()).isTrue();
        assertThat(aggregate("approx_count_distinct(s)").nullable()).isFalse();
        assertThat(aggregate("approx_count_distinct(s, 0.01)").settings().relativeStandardDeviation())
                .isEqualTo(0.01);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "count_if(value)|DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE|[DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE] Cannot"
                + " resolve \"count_if(value)\" due to data type mismatch: The first parameter requires the"
                + " \"BOOLEAN\" type, however \"value\" has the type \"BIGINT\". (at position 0)",
        "stddev(flag)|DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE|[DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE] Cannot"
                + " resolve \"stddev(flag)\" due to data type mismatch: The first parameter requires the"
                + " \"DOUBLE\" type, however \"flag\" has the type \"BOOLEAN\". (at position 0)",
        "every(n)|DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE|[DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE] Cannot"
                + " resolve \"every(n)\" due to data type mismatch: The first parameter requires the"
                + " \"BOOLEAN\" type, however \"n\" has the type \"INT\". (at position 0)",
        "approx_count_distinct(value, 1)|_LEGACY_ERROR_TEMP_1104|The second argument should be a double literal.",
        "first(value, 1)|_LEGACY_ERROR_TEMP_1210|The second argument in first should be a boolean literal.",
        "last_value(value, flag)|_LEGACY_ERROR_TEMP_1210|The second argument in last should be a boolean literal.",
        "first(value, true, 1)|WRONG_NUM_ARGS.WITHOUT_SUGGESTION|[WRONG_NUM_ARGS.WITHOUT_SUGGESTION] The `first`"
                + " requires [1, 2] parameters but the actual number is 3. (at position 0)",
        "std(d, n)|WRONG_NUM_ARGS.WITHOUT_SUGGESTION|[WRONG_NUM_ARGS.WITHOUT_SUGGESTION] The `std` requires 1"
                + " parameters but the actual number is 2. (at position 0)",
        "collect_list(*)|INVALID_USAGE_OF_STAR_OR_REGEX|[INVALID_USAGE_OF_STAR_OR_REGEX] Invalid usage of '*' in"
                + " collect_list(1). (at position 0)",
        "sum(first(value))|NESTED_AGGREGATE_FUNCTION|[NESTED_AGGREGATE_FUNCTION] It is not allowed to use an"
                + " aggregate function in the argument of another aggregate function: first(value). (at position 4)",
        "collect_set(tags)|UNSUPPORTED_FEATURE|[UNSUPPORTED_FEATURE] collect_set(tags) of a value of the type"
                + " \"ARRAY<STRING>\" is not supported yet: Arus keeps atomic values in an aggregate's state"
                + " (at position 0)",
        "percentile_approx(flag, 0.5)|DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE|[DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE]"
                + " Cannot resolve \"percentile_approx(flag, 0.5, 10000)\" due to data type mismatch: The first"
                + " parameter requires the (\"NUMERIC\" or \"DATE\" or \"TIMESTAMP\" or \"TIMESTAMP_NTZ\" or"
                + " \"INTERVAL YEAR TO MONTH\" or \"INTERVAL DAY TO SECOND\") type, however \"flag\" has the type"
                + " \"BOOLEAN\". (at position 0)",
        "percentile_approx(n, 'x')|DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE|[DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE]"
                + " Cannot resolve \"percentile_approx(n, x, 10000)\" due to data type mismatch: The second parameter"
                + " requires the (\"DOUBLE\" or \"ARRAY<DOUBLE>\") type, however \"x\" has the type \"STRING\"."
                + " (at position 0)",
        "percentile_approx(n, 0.5, 1.5)|DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE|[DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE]"
                + " Cannot resolve \"percentile_approx(n, 0.5, 1.5)\" due to data type mismatch: The third parameter"
                + " requires the \"INTEGRAL\" type, however \"1.5\" has the type \"DECIMAL(2,1)\". (at position 0)",
        "percentile_approx(n, d)|DATATYPE_MISMATCH.NON_FOLDABLE_INPUT|[DATATYPE_MISMATCH.NON_FOLDABLE_INPUT] Cannot"
                + " resolve \"percentile_approx(n, d, 10000)\" due to data type mismatch: the input `percentage` should"
                + " be a foldable \"DOUBLE\" expression; however, got \"d\". (at position 0)",
        "percentile_approx(n, 0.5, -1)|DATATYPE_MISMATCH.VALUE_OUT_OF_RANGE|[DATATYPE_MISMATCH.VALUE_OUT_OF_RANGE]"
                + " Cannot resolve \"percentile_approx(n, 0.5, -1)\" due to data type mismatch: The accuracy must be"
                + " between (0, 2147483647] (current value = -1L). (at position 0)",
        "percentile_approx(n, array(0, 0.5, 1.1))|DATATYPE_MISMATCH.VALUE_OUT_OF_RANGE|"
                + "[DATATYPE_MISMATCH.VALUE_OUT_OF_RANGE] Cannot resolve \"percentile_approx(n, array(0, 0.5, 1.1),"
                + " 10000)\" due to data type mismatch: The percentage must be between [0.0, 1.0] (current value ="
                + " 0.0D,0.5D,1.1D). (at position 0)",
        "percentile_approx(n, NULL, 100)|DATATYPE_MISMATCH.UNEXPECTED_NULL|[DATATYPE_MISMATCH.UNEXPECTED_NULL] Cannot"
                + " resolve \"percentile_approx(n, NULL, 100)\" due to data type mismatch: The percentage must not be"
                + " null. (at position 0)",
        "percentile_approx(n, array(0.5, 0.4, 0.1), NULL)|DATATYPE_MISMATCH.UNEXPECTED_NULL|"
                + "[DATATYPE_MISMATCH.UNEXPECTED_NULL] Cannot resolve \"percentile_approx(n, array(0.5, 0.4, 0.1),"
                + " NULL)\" due to data type mismatch: The accuracy must not be null. (at position 0)",
        "percentile_approx(n)|WRONG_NUM_ARGS.WITHOUT_SUGGESTION|[WRONG_NUM_ARGS.WITHOUT_SUGGESTION] The"
                + " `percentile_approx` requires [2, 3] parameters but the actual number is 1. (at position 0)",
        "max_by(s)|WRONG_NUM_ARGS.WITHOUT_SUGGESTION|[WRONG_NUM_ARGS.WITHOUT_SUGGESTION] The `max_by` requires"
                + " [2, 3] parameters but the actual number is 1. (at position 0)",
        "min_by(s, m)|DATATYPE_MISMATCH.INVALID_ORDERING_TYPE|[DATATYPE_MISMATCH.INVALID_ORDERING_TYPE] Cannot"
                + " resolve \"min_by(s, m)\" due to data type mismatch: The `min_by` does not support ordering on"
                + " type \"MAP<STRING, INT>\". (at position 0)",
        "max_by(s, tags)|UNSUPPORTED_FEATURE|[UNSUPPORTED_FEATURE] max_by ordered by a value of the type"
                + " \"ARRAY<STRING>\" is not supported yet: max_by(s, tags) (at position 0)",
        "max_by(s, n, 2)|UNSUPPORTED_FEATURE|[UNSUPPORTED_FEATURE] max_by of the top k values is not supported"
                + " yet: max_by(s, n, 2) (at position 0)",
    })
    void refusesWrongArgumentsWithSparksErrors(String text, String errorClass, String message) {
        assertThatThrownBy(() -> aggregate(text))
                .isInstanceOfSatisfying(AnalysisException.class, e -> assertThat(e.errorClass()).isEqualTo(errorClass))
                .hasMessage(message);
    }

    @Test
    void bindsTheValueAndTheOrderingOfMaxByAsTwoInputs() {
        AggregateCall call = aggregate("max_by(s, n)");

        assertThat(call.inputs()).extracting(BoundExpression::sql).containsExactly("s", "n");
        assertThat(call.argument().sql()).isEqualTo("s");
        assertThat(call.nullable()).isTrue();
    }

    @Test
    void keepsPercentagesAndAccuracyOfPercentileApproxAsSettings() {
        AggregateCall.Percentiles percentiles = aggregate("percentile_approx(n, array(0.5, 0.25), 200)").settings()
                .percentiles();

        assertThat(percentiles).isEqualTo(new AggregateCall.Percentiles(java.util.List.of(0.5, 0.25), true, 200));
        assertThat(aggregate("percentile_approx(n, 1)").settings().percentiles())
                .isEqualTo(new AggregateCall.Percentiles(java.util.List.of(1.0), false, 10000));
    }

    @Test
    void refusesDistinctInAFunctionThatIsNoAggregate() {
        assertThatThrownBy(() -> ExpressionAnalyzer.bind(ExpressionParser.parse("abs(DISTINCT n)"), SCHEMA))
                .isInstanceOfSatisfying(AnalysisException.class, e -> assertThat(e.errorClass())
                        .isEqualTo("INVALID_SQL_SYNTAX.FUNCTION_WITH_UNSUPPORTED_SYNTAX"))
                .hasMessage("[INVALID_SQL_SYNTAX.FUNCTION_WITH_UNSUPPORTED_SYNTAX] Invalid SQL syntax: The function"
                        + " `abs` does not support DISTINCT. (at position 0)");
    }

    @Test
    void suggestsAggregateNamesForAnUnknownFunction() {
        assertThatThrownBy(() -> aggregate("collect_lst(s)")).hasMessageContaining("did you mean 'collect_list'");
        assertThatThrownBy(() -> ExpressionAnalyzer.bind(ExpressionParser.parse("stdev(d) + 1"), SCHEMA))
                .hasMessageContaining("did you mean 'stddev'");
    }

    private static AggregateCall aggregate(String text) {
        return ExpressionAnalyzer.bindAggregate(ExpressionParser.parseNamed(text), SCHEMA);
    }
}
