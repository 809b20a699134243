package dev.arus.engine.api;

import dev.arus.engine.data.Schema;
import dev.arus.engine.plan.LogicalPlan;

/**
 * A table read once when a query starts, for joining a stream with: Spark's batch
 * {@code DataFrame} in the one use a streaming query makes of it. Immutable.
 */
public final class StaticFrame {

    private final ArusSession session;
    private final LogicalPlan plan;
    private final Schema schema;

    StaticFrame(ArusSession session, LogicalPlan.StaticSource source) {
        this(session, source, source.schema());
    }

    private StaticFrame(ArusSession session, LogicalPlan plan, Schema schema) {
        this.session = session;
        this.plan = plan;
        this.schema = schema;
    }

    public Schema schema() {
        return schema;
    }

    /** Spark's {@code Dataset.alias}: the table's columns are also {@code alias.column} in a join's condition. */
    public StaticFrame alias(String alias) {
        return new StaticFrame(session, new LogicalPlan.SubqueryAlias(plan, alias), schema);
    }

    public StaticFrame as(String alias) {
        return alias(alias);
    }

    LogicalPlan plan() {
        return plan;
    }
}
