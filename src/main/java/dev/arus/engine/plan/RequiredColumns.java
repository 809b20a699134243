package dev.arus.engine.plan;

import dev.arus.engine.data.Schema;
import dev.arus.engine.expr.Expression;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/**
 * The source columns a plan reads, as Spark's column pruning finds them: the columns named by
 * the steps up to and including the first projection or aggregation above the source (whatever
 * comes later sees only that step's output). A plan that hands the source's rows on as they are
 * reads every column. A name is matched to a source column by any of its parts, whatever the
 * case, so that a qualified or struct-field reference never loses its column.
 */
public final class RequiredColumns {

    private RequiredColumns() {
    }

    /** The positions in the source's schema of the columns {@code plan} reads. */
    public static BitSet of(LogicalPlan plan) {
        List<LogicalPlan> chain = new ArrayList<>();
        for (LogicalPlan node = plan; node instanceof LogicalPlan.Unary step; node = step.child()) {
            chain.add(0, node);
        }
        Schema source = plan.streamSource().schema();
        Set<String> names = new TreeSet<>();
        for (LogicalPlan node : chain) {
            if (node instanceof LogicalPlan.Filter filter) {
                collect(filter.condition(), names);
            } else if (node instanceof LogicalPlan.Watermark watermark) {
                names.add(watermark.column().toLowerCase(Locale.ROOT));
            } else if (node instanceof LogicalPlan.StaticJoin join) {
                if (join.using() != null) {
                    join.using().forEach(column -> names.add(column.toLowerCase(Locale.ROOT)));
                }
                if (join.condition() != null) {
                    collect(join.condition(), names);
                }
            } else if (node instanceof LogicalPlan.Deduplicate deduplicate) {
                if (deduplicate.columns().isEmpty()) {
                    names.add("*");
                }
                deduplicate.columns().forEach(column -> names.add(column.toLowerCase(Locale.ROOT)));
            } else if (node instanceof LogicalPlan.Project project) {
                project.expressions().forEach(expression -> collect(expression, names));
                return positions(source, names);
            } else if (node instanceof LogicalPlan.Aggregate aggregate) {
                aggregate.keys().forEach(expression -> collect(expression, names));
                aggregate.aggregates().forEach(expression -> collect(expression, names));
                return positions(source, names);
            }
        }
        BitSet all = new BitSet();
        all.set(0, source.size());
        return all;
    }

    private static void collect(Expression expression, Set<String> names) {
        if (expression instanceof Expression.ColumnReference column) {
            column.nameParts().forEach(part -> names.add(part.toLowerCase(Locale.ROOT)));
        }
        expression.children().forEach(child -> collect(child, names));
    }

    private static BitSet positions(Schema source, Set<String> names) {
        BitSet positions = new BitSet();
        for (int c = 0; c < source.size(); c++) {
            String name = source.field(c).name().toLowerCase(Locale.ROOT);
            if (names.contains(name) || names.contains("*")) {
                positions.set(c);
            }
        }
        return positions;
    }
}
