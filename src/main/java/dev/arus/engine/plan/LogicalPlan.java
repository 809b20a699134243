package dev.arus.engine.plan;

import dev.arus.engine.data.Schema;
import dev.arus.engine.exec.join.JoinType;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.streaming.AnalysisException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What a query computes, as the user's DataFrame chain describes it, with expressions not yet
 * resolved. Each node is immutable; a chain step wraps its input. Each node knows how to resolve
 * itself into stages, what of it a checkpoint depends on, and which source columns it reads: a
 * new node that misses one of them does not compile.
 */
public sealed interface LogicalPlan {

    /** The streams this plan reads, in Spark's order of a query's sources: depth first, left before right. */
    List<StreamSource> streamSources();

    /** The stream at the bottom of this plan; the first, left-most, of a join's. */
    default StreamSource streamSource() {
        return streamSources().get(0);
    }

    /**
     * Resolves this plan against its input's schema, from the sources up: the stages one task
     * slot runs (bound expressions of its own) and what is known of the output. The planner's
     * ({@link QueryPlanner}); throws {@link AnalysisException} on a mistake.
     */
    Resolved resolve();

    /** Adds this plan's watermarks and stateful operators to {@code outline}, from the sources on, left before right. */
    void describe(PlanOutline outline);

    /** Tells {@code columns} which of its input's columns this plan reads, from the source up ({@link RequiredColumns}). */
    void requireColumns(RequiredColumns columns);

    /**
     * This plan as the static side of a join: the table it reads, its columns qualified as the
     * join sees them. Only a static source, maybe aliased, is one.
     */
    default StaticSource staticTable() {
        throw new AnalysisException(AnalysisException.UNSUPPORTED_STREAMING_OPERATION, "Arus joins a stream with a "
                + "static table read from files, maybe aliased, and nothing else: " + this);
    }

    /** A step over one input. */
    sealed interface Unary extends LogicalPlan {
        LogicalPlan child();

        @Override
        default List<StreamSource> streamSources() {
            return child().streamSources();
        }
    }

    /** The stream a query reads: a source format, its options, and the schema its provider gave them. */
    record StreamSource(String format, Map<String, String> options, Schema schema) implements LogicalPlan {
        public StreamSource {
            options = Map.copyOf(options);
        }

        @Override
        public List<StreamSource> streamSources() {
            return List.of(this);
        }

        @Override
        public Resolved resolve() {
            return Resolved.source(schema);
        }

        @Override
        public void describe(PlanOutline outline) {
        }

        @Override
        public void requireColumns(RequiredColumns columns) {
        }
    }

    /**
     * A table read once when a query starts, from files of {@code format} (json, csv) with the
     * given schema and options ({@code path}): the static side of a stream-static join.
     */
    record StaticSource(String format, Map<String, String> options, Schema schema) implements LogicalPlan {
        public StaticSource {
            options = Map.copyOf(options);
        }

        @Override
        public List<StreamSource> streamSources() {
            return List.of();
        }

        /** Spark's words for a batch DataFrame written as a stream. */
        @Override
        public Resolved resolve() {
            throw new AnalysisException("WRITE_STREAM_NOT_ALLOWED", "[WRITE_STREAM_NOT_ALLOWED] 'writeStream' can be "
                    + "called only on streaming Dataset/DataFrame.");
        }

        @Override
        public void describe(PlanOutline outline) {
        }

        @Override
        public void requireColumns(RequiredColumns columns) {
        }

        @Override
        public StaticSource staticTable() {
            return this;
        }
    }

    /**
     * The stream {@code child} joined with the static {@code table} (a {@link StaticSource},
     * maybe aliased): on the columns {@code using} that both sides have, or on {@code condition}
     * (exactly one of them is null; both null is a cross join).
     */
    record StaticJoin(LogicalPlan child, LogicalPlan table, JoinType type, List<String> using, Expression condition)
            implements Unary {
        public StaticJoin {
            using = using == null ? null : List.copyOf(using);
        }

        @Override
        public Resolved resolve() {
            return StaticJoins.resolve(this, child.resolve());
        }

        /** The table is read afresh by every run: a checkpoint does not depend on it. */
        @Override
        public void describe(PlanOutline outline) {
            child.describe(outline);
        }

        @Override
        public void requireColumns(RequiredColumns columns) {
            child.requireColumns(columns);
            if (using != null) {
                using.forEach(columns::read);
            }
            if (condition != null) {
                columns.read(condition);
            }
        }
    }

    /**
     * Two streams joined, Spark's stream-stream join: on the columns {@code using} that both have,
     * or on {@code condition} (exactly one of them is null).
     */
    record StreamJoin(LogicalPlan left, LogicalPlan right, JoinType type, List<String> using, Expression condition)
            implements LogicalPlan {
        public StreamJoin {
            using = using == null ? null : List.copyOf(using);
        }

        @Override
        public List<StreamSource> streamSources() {
            List<StreamSource> both = new ArrayList<>(left.streamSources());
            both.addAll(right.streamSources());
            return both;
        }

        @Override
        public Resolved resolve() {
            return StreamJoins.resolve(this, left.resolve(), right.resolve());
        }

        /** The join type and what it joins on, in Spark's words: {@code join(LeftOuter on using k, time)}. */
        @Override
        public void describe(PlanOutline outline) {
            left.describe(outline);
            right.describe(outline);
            outline.statefulOperator("join(" + type.sparkName() + " on " + (using != null
                    ? "using " + String.join(", ", using) : condition != null ? condition.sql() : "nothing") + ")");
        }

        /** Each side reads what its own steps read; this node reads every column of the first. */
        @Override
        public void requireColumns(RequiredColumns columns) {
            columns.readEvery();
            columns.project();
        }
    }

    /** Spark's {@code Dataset.alias}: every column of {@code child} is qualified by {@code alias}. */
    record SubqueryAlias(LogicalPlan child, String alias) implements Unary {

        @Override
        public Resolved resolve() {
            return QueryPlanner.resolveAlias(this, child.resolve());
        }

        @Override
        public void describe(PlanOutline outline) {
            child.describe(outline);
        }

        @Override
        public void requireColumns(RequiredColumns columns) {
            child.requireColumns(columns);
        }

        @Override
        public StaticSource staticTable() {
            StaticSource table = child.staticTable();
            return new StaticSource(table.format(), table.options(),
                    new Schema(table.schema().fields().stream().map(field -> field.qualified(alias)).toList()));
        }
    }

    /** {@code select}, {@code selectExpr} and {@code withColumn}: one output column per expression. */
    record Project(LogicalPlan child, List<Expression> expressions) implements Unary {
        public Project {
            expressions = List.copyOf(expressions);
        }

        @Override
        public Resolved resolve() {
            return QueryPlanner.resolveProject(this, child.resolve());
        }

        @Override
        public void describe(PlanOutline outline) {
            child.describe(outline);
        }

        @Override
        public void requireColumns(RequiredColumns columns) {
            child.requireColumns(columns);
            expressions.forEach(columns::read);
            columns.project();
        }
    }

    record Filter(LogicalPlan child, Expression condition) implements Unary {

        @Override
        public Resolved resolve() {
            return QueryPlanner.resolveFilter(this, child.resolve());
        }

        @Override
        public void describe(PlanOutline outline) {
            child.describe(outline);
        }

        @Override
        public void requireColumns(RequiredColumns columns) {
            child.requireColumns(columns);
            columns.read(condition);
        }
    }

    /** {@code withWatermark(column, delay)}. */
    record Watermark(LogicalPlan child, String column, long delayMicros) implements Unary {

        @Override
        public Resolved resolve() {
            return QueryPlanner.resolveWatermark(this, child.resolve());
        }

        @Override
        public void describe(PlanOutline outline) {
            child.describe(outline);
            outline.watermark(column + " delayed by " + delayMicros / 1000 + " ms");
        }

        @Override
        public void requireColumns(RequiredColumns columns) {
            child.requireColumns(columns);
            columns.read(column);
        }
    }

    /**
     * {@code dropDuplicates(columns)} (no columns: every column) or, with {@code withinWatermark},
     * {@code dropDuplicatesWithinWatermark(columns)}.
     */
    record Deduplicate(LogicalPlan child, List<String> columns, boolean withinWatermark) implements Unary {
        public Deduplicate {
            columns = List.copyOf(columns);
        }

        @Override
        public Resolved resolve() {
            return Deduplications.resolve(this, child.resolve());
        }

        @Override
        public void describe(PlanOutline outline) {
            child.describe(outline);
            outline.statefulOperator((withinWatermark ? "dropDuplicatesWithinWatermark(" : "dropDuplicates(")
                    + String.join(", ", columns) + ")");
        }

        @Override
        public void requireColumns(RequiredColumns required) {
            child.requireColumns(required);
            if (columns.isEmpty()) {
                required.readEvery();
            }
            columns.forEach(required::read);
        }
    }

    /** {@code groupBy(keys).agg(aggregates)}; keys may include one {@code window(..)}. */
    record Aggregate(LogicalPlan child, List<Expression> keys, List<Expression> aggregates) implements Unary {
        public Aggregate {
            keys = List.copyOf(keys);
            aggregates = List.copyOf(aggregates);
        }

        @Override
        public Resolved resolve() {
            return Aggregations.resolve(this, child.resolve());
        }

        @Override
        public void describe(PlanOutline outline) {
            child.describe(outline);
            outline.statefulOperator("groupBy(" + String.join(", ", keys.stream().map(Expression::sql).toList())
                    + ").agg(" + String.join(", ", aggregates.stream().map(Expression::sql).toList()) + ")");
        }

        @Override
        public void requireColumns(RequiredColumns columns) {
            child.requireColumns(columns);
            keys.forEach(columns::read);
            aggregates.forEach(columns::read);
            columns.project();
        }
    }
}
