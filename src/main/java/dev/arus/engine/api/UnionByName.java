package dev.arus.engine.api;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.Schema;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.streaming.AnalysisException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Spark's {@code ResolveUnion} for {@code unionByName}: one side's columns taken in the order of
 * the other's names, compared in any case, as the projection that makes a by-name union a
 * positional one. Stateless.
 */
final class UnionByName {

    private UnionByName() {
    }

    /** Spark's {@code checkColumnNameDuplication}, case-insensitive: the first name twice, by name, refused. */
    static void requireDistinctNames(List<String> names) {
        Set<String> seen = new TreeSet<>();
        Set<String> twice = new TreeSet<>();
        for (String name : names) {
            String lower = name.toLowerCase(Locale.ROOT);
            if (!seen.add(lower)) {
                twice.add(lower);
            }
        }
        if (!twice.isEmpty()) {
            String name = twice.iterator().next();
            throw new AnalysisException("COLUMN_ALREADY_EXISTS", "[COLUMN_ALREADY_EXISTS] The column `"
                    + name.replace("`", "``") + "` already exists. Choose another name or rename the existing column."
                    + " SQLSTATE: 42711");
        }
    }

    /**
     * The columns of {@code side} in the order of {@code by}'s names, then {@code side}'s other
     * columns; a name {@code side} lacks is a NULL of {@code by}'s type when {@code allowMissing},
     * else Spark's {@code UNRESOLVED_COLUMN_AMONG_FIELD_NAMES}.
     */
    static List<Expression> matched(Schema by, Schema side, boolean allowMissing) {
        List<Expression> columns = new ArrayList<>();
        Set<Integer> used = new TreeSet<>();
        for (Field wanted : by.fields()) {
            int found = side.indexOf(wanted.name());
            if (found >= 0) {
                used.add(found);
                columns.add(reference(side.field(found)));
            } else if (allowMissing) {
                columns.add(new Expression.Alias(new Expression.Cast(new Expression.Literal(null, AtomicType.NULL,
                        "NULL", 0), wanted.type(), 0), wanted.name(), 0));
            } else {
                throw new AnalysisException("UNRESOLVED_COLUMN_AMONG_FIELD_NAMES", "[UNRESOLVED_COLUMN_AMONG_FIELD_NAMES]"
                        + " Cannot resolve column name \"" + wanted.name() + "\" among (" + side.names().stream()
                        .collect(Collectors.joining(", ")) + "). SQLSTATE: 42703");
            }
        }
        for (int c = 0; c < side.size(); c++) {
            if (!used.contains(c)) {
                columns.add(reference(side.field(c)));
            }
        }
        return columns;
    }

    private static Expression reference(Field field) {
        return new Expression.ColumnReference(field.qualifier() == null ? List.of(field.name())
                : List.of(field.qualifier(), field.name()), 0);
    }
}
