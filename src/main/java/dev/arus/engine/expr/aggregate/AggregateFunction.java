package dev.arus.engine.expr.aggregate;

import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The aggregate functions Arus evaluates, each with the names Spark calls it by: its own and its
 * aliases ({@code mean} for {@code avg}, {@code std} and {@code stddev} for {@code stddev_samp}).
 * A call is named after the name it was called by, as Spark's {@code FUNC_ALIAS} does, except
 * {@code array_agg}, which Spark names {@code collect_list}.
 */
public enum AggregateFunction {
    COUNT("count"),
    SUM("sum"),
    AVG("avg", "mean"),
    MIN("min"),
    MAX("max"),
    FIRST("first", "first_value"),
    LAST("last", "last_value"),
    COLLECT_LIST("collect_list", "array_agg"),
    COLLECT_SET("collect_set"),
    STDDEV_SAMP("stddev_samp", "stddev", "std"),
    STDDEV_POP("stddev_pop"),
    VAR_SAMP("var_samp", "variance"),
    VAR_POP("var_pop"),
    COUNT_IF("count_if"),
    BOOL_AND("bool_and", "every"),
    BOOL_OR("bool_or", "any", "some"),
    APPROX_COUNT_DISTINCT("approx_count_distinct"),
    MAX_BY("max_by"),
    MIN_BY("min_by"),
    PERCENTILE_APPROX("percentile_approx", "approx_percentile");

    private static final Map<String, AggregateFunction> BY_NAME = Arrays.stream(values())
            .flatMap(function -> Arrays.stream(function.names).map(name -> Map.entry(name, function)))
            .collect(Collectors.toUnmodifiableMap(Map.Entry::getKey, Map.Entry::getValue));

    private final String[] names;

    AggregateFunction(String... names) {
        this.names = names;
    }

    /** The function a call of this name (any case) means, or null when it is no aggregate. */
    public static AggregateFunction named(String name) {
        return BY_NAME.get(name.toLowerCase(Locale.ROOT));
    }

    /** Every name an aggregate may be called by. */
    public static Stream<String> allNames() {
        return BY_NAME.keySet().stream();
    }

    /** The name a call of this function by {@code calledAs} is shown with in column names. */
    public String prettyName(String calledAs) {
        return this == COLLECT_LIST ? names[0] : calledAs.toLowerCase(Locale.ROOT);
    }

    /**
     * Whether the column is named with every argument, as Spark's {@code max_by(x, ord)} and
     * {@code percentile_approx(x, p, accuracy)} are,
     * rather than with the value alone, as {@code first(x, true)} is named {@code first(x)}.
     */
    public boolean showsEveryArgument() {
        return this == MAX_BY || this == MIN_BY || this == PERCENTILE_APPROX;
    }

    /** Whether the result is never NULL: counts, and collections, which are empty rather than NULL. */
    public boolean resultNeverNull() {
        return this == COUNT || this == COUNT_IF || this == APPROX_COUNT_DISTINCT || this == COLLECT_LIST
                || this == COLLECT_SET;
    }
}
