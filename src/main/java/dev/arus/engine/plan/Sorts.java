package dev.arus.engine.plan;

import dev.arus.engine.data.Schema;
import dev.arus.engine.exec.RowOrdering;
import dev.arus.engine.expr.BoundExpression;
import dev.arus.engine.expr.analysis.ExpressionAnalyzer;
import dev.arus.engine.streaming.AnalysisException;
import dev.arus.engine.streaming.OutputMode;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/**
 * Spark's sorting of a stream ({@code Sort}, SQL's {@code ORDER BY}): its rule, checked as the
 * query starts ({@code UnsupportedOperationChecker}: only a sort over a streaming aggregation, in
 * complete mode, sees whole results; SQL's {@code DISTINCT} is no aggregation to it), and the
 * order it gives a batch's output. Each batch of a complete-mode aggregation is the whole result,
 * so Arus sorts a batch's rows as the sink gets them: a sort is the last step of a query, maybe
 * under an alias. Stateless.
 */
public final class Sorts {

    /** Spark's words, {@code UnsupportedOperationChecker}'s. */
    static final String UNSUPPORTED = "Sorting is not supported on streaming DataFrames/Datasets, unless it is on"
            + " aggregated DataFrame/Dataset in Complete output mode";

    private Sorts() {
    }

    /**
     * Refuses a sort of {@code plan} that Spark refuses in {@code mode}, or one that is not the
     * last step: after it, Arus would lose its order.
     */
    public static void check(LogicalPlan plan, OutputMode mode) {
        for (LogicalPlan.Sort sort : plan.sorts()) {
            if (!sort.streamSources().isEmpty() && !(mode == OutputMode.COMPLETE && sort.child().hasAggregation())) {
                throw new AnalysisException(AnalysisException.UNSUPPORTED_STREAMING_OPERATION, UNSUPPORTED);
            }
            if (sort != plan.finalSort()) {
                throw new AnalysisException("UNSUPPORTED_FEATURE.SORT_NOT_LAST", "[UNSUPPORTED_FEATURE.SORT_NOT_LAST]"
                        + " The feature is not supported: a step after a sort of a stream in Arus yet; sort last."
                        + " SQLSTATE: 0A000");
            }
        }
    }

    /** The order a batch's rows of {@code plan} are handed to the sink in: its sort's, if it ends in one; else null. */
    static RowOrdering outputOrdering(LogicalPlan plan, Schema output) {
        LogicalPlan.Sort sort = plan.finalSort();
        return sort == null ? null : ordering(sort, output);
    }

    /**
     * The order of {@code sort} over its input's columns {@code input}: each key a column of a type
     * that has an order ({@code DATATYPE_MISMATCH.INVALID_ORDERING_TYPE} else, as Spark's).
     */
    static RowOrdering ordering(LogicalPlan.Sort sort, Schema input) {
        List<RowOrdering.Key> keys = new ArrayList<>();
        for (LogicalPlan.SortKey key : sort.keys()) {
            BoundExpression bound = ExpressionAnalyzer.bind(key.expression(), input);
            String sql = bound.sql() + (key.ascending() ? " ASC" : " DESC")
                    + (key.nullsFirst() ? " NULLS FIRST" : " NULLS LAST");
            if (!RowOrdering.isOrderable(bound.dataType())) {
                throw new AnalysisException("DATATYPE_MISMATCH.INVALID_ORDERING_TYPE",
                        "[DATATYPE_MISMATCH.INVALID_ORDERING_TYPE] Cannot resolve \"" + sql + "\" due to data type"
                        + " mismatch: The `sortorder` does not support ordering on type \"" + bound.dataType().sql()
                        + "\". SQLSTATE: 42K09", key.expression().position(), null);
            }
            OptionalInt column = bound.inputOrdinal();
            if (column.isEmpty()) {
                throw new AnalysisException("UNSUPPORTED_FEATURE.SORT_EXPRESSION", "[UNSUPPORTED_FEATURE"
                        + ".SORT_EXPRESSION] The feature is not supported: sorting a stream by an expression other than"
                        + " a column (" + bound.sql() + ") in Arus yet; select it as a column and sort by that."
                        + " SQLSTATE: 0A000", key.expression().position(), null);
            }
            keys.add(new RowOrdering.Key(column.getAsInt(), key.ascending(), key.nullsFirst()));
        }
        return new RowOrdering(keys);
    }
}
