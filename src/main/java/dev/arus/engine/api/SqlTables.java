package dev.arus.engine.api;

import dev.arus.engine.plan.LogicalPlan;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The tables a SQL statement may name, as Spark's temporary views over streaming and static
 * DataFrames: each a stream or a static table under a view name. Names match in any case, as
 * Spark's do; a later view of a name replaces an earlier one, as {@code createOrReplaceTempView}
 * does. Immutable: each method returns a new set.
 */
public final class SqlTables {

    private static final SqlTables NONE = new SqlTables(Map.of());

    private final Map<String, LogicalPlan> views;

    private SqlTables(Map<String, LogicalPlan> views) {
        this.views = views;
    }

    /** No views: a statement then reads only the session's event-log streams, by their names. */
    public static SqlTables none() {
        return NONE;
    }

    /** These views and the stream {@code frame} as {@code name}. */
    public SqlTables stream(String name, StreamFrame frame) {
        return with(name, frame.plan());
    }

    /** These views and the static table {@code table} as {@code name}. */
    public SqlTables table(String name, StaticFrame table) {
        return with(name, table.plan());
    }

    private SqlTables with(String name, LogicalPlan plan) {
        Map<String, LogicalPlan> more = new LinkedHashMap<>(views);
        more.put(name.toLowerCase(Locale.ROOT), plan);
        return new SqlTables(Map.copyOf(more));
    }

    /** The plan of the view called {@code name}, in any case. */
    Optional<LogicalPlan> find(String name) {
        return Optional.ofNullable(views.get(name.toLowerCase(Locale.ROOT)));
    }
}
