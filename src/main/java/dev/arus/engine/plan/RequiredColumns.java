package dev.arus.engine.plan;

import dev.arus.engine.data.Schema;
import dev.arus.engine.expr.Expression;
import java.util.BitSet;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/**
 * The source columns a plan reads, as Spark's column pruning finds them: the columns named by
 * the steps up to and including the first projection or aggregation above the source (whatever
 * comes later sees only that step's output). A plan that hands the source's rows on as they are
 * reads every column. A name is matched to a source column by any of its parts, whatever the
 * case, so that a qualified or struct-field reference never loses its column. Each node says what
 * it reads ({@link LogicalPlan#requireColumns}), from the source up.
 */
public final class RequiredColumns {

    private final Set<String> names = new TreeSet<>();
    private boolean projected;

    private RequiredColumns() {
    }

    /** The positions in the source's schema of the columns {@code plan} reads. */
    public static BitSet of(LogicalPlan plan) {
        RequiredColumns required = new RequiredColumns();
        plan.requireColumns(required);
        Schema source = plan.streamSource().schema();
        BitSet positions = new BitSet();
        for (int c = 0; c < source.size(); c++) {
            String name = source.field(c).name().toLowerCase(Locale.ROOT);
            if (!required.projected || required.names.contains(name) || required.names.contains("*")) {
                positions.set(c);
            }
        }
        return positions;
    }

    /** The step reads the columns {@code expression} names; nothing once a projection came. */
    void read(Expression expression) {
        if (projected) {
            return;
        }
        if (expression instanceof Expression.ColumnReference column) {
            column.nameParts().forEach(part -> names.add(part.toLowerCase(Locale.ROOT)));
        }
        expression.children().forEach(this::read);
    }

    /** The step reads the column called {@code column}. */
    void read(String column) {
        if (!projected) {
            names.add(column.toLowerCase(Locale.ROOT));
        }
    }

    /** The step reads every column. */
    void readEvery() {
        read("*");
    }

    /** The step's output is all that later steps see: what they read is not the source's. */
    void project() {
        projected = true;
    }
}
