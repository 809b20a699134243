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
 * itself into stages (which say what of it a checkpoint depends on, {@link PlanOutline}) and
 * which source columns it reads: a new node that misses one of them does not compile.
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

    /** Tells {@code columns} which source columns this plan reads, from the source up ({@link RequiredColumns}). */
    void requireColumns(RequiredColumns columns);

    /** The plans this one reads: none for a source, its child for a step, each side or input of a join or union. */
    List<LogicalPlan> inputs();

    /**
     * This plan as the static side of a join: the table it reads, its columns qualified as the
     * join sees them. Only a static source, maybe aliased, is one.
     */
    default StaticSource staticTable() {
        throw new AnalysisException(AnalysisException.UNSUPPORTED_STREAMING_OPERATION, "Arus joins a stream with a "
                + "static table read from files, maybe aliased, and nothing else: " + this);
    }

    /** Whether this plan has a streaming aggregation, as Spark's sorting rule counts them: not a {@link Distinct}. */
    default boolean hasAggregation() {
        return inputs().stream().anyMatch(LogicalPlan::hasAggregation);
    }

    /** The sorts of this plan, from the sources up ({@link Sorts}). */
    default List<Sort> sorts() {
        return inputs().stream().flatMap(input -> input.sorts().stream()).toList();
    }

    /** The sort this plan ends in, maybe under aliases, which orders its output; null when it ends in none. */
    default Sort finalSort() {
        return null;
    }

    /** The plans a union of this one with others combines: a union's children (Spark's {@code CombineUnions}), else itself. */
    default List<LogicalPlan> unionInputs() {
        return List.of(this);
    }

    /** This plan limited to {@code n} rows ({@link Limit}); a limit limited again is one limit, the smaller. */
    default LogicalPlan limit(int n) {
        return new Limit(this, n);
    }

    /** A step over one input: it resolves and reads columns over what its input did. */
    sealed interface Unary extends LogicalPlan {
        LogicalPlan child();

        /** This step over its input, which resolved as {@code input}. */
        Resolved resolveOver(Resolved input);

        /** Tells {@code columns} which of its input's columns this step reads. */
        void readColumns(RequiredColumns columns);

        @Override
        default List<StreamSource> streamSources() {
            return child().streamSources();
        }

        @Override
        default List<LogicalPlan> inputs() {
            return List.of(child());
        }

        @Override
        default Resolved resolve() {
            return resolveOver(child().resolve());
        }

        @Override
        default void requireColumns(RequiredColumns columns) {
            child().requireColumns(columns);
            readColumns(columns);
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
        public List<LogicalPlan> inputs() {
            return List.of();
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
        public void requireColumns(RequiredColumns columns) {
        }

        @Override
        public List<LogicalPlan> inputs() {
            return List.of();
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
        public Resolved resolveOver(Resolved input) {
            return StaticJoins.resolve(this, input);
        }

        @Override
        public void readColumns(RequiredColumns columns) {
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

        @Override
        public List<LogicalPlan> inputs() {
            return List.of(left, right);
        }

        /** Each side reads what its own steps read; this node reads every column of the first. */
        @Override
        public void requireColumns(RequiredColumns columns) {
            columns.readEvery();
            columns.project();
        }
    }

    /**
     * Spark's {@code Union} of streams ({@code UNION ALL}, {@code Dataset.union}): the rows of
     * every child, whose columns match by position; the columns are the first child's.
     */
    record Union(List<LogicalPlan> children) implements LogicalPlan {
        public Union {
            children = List.copyOf(children);
            if (children.size() < 2) {
                throw new IllegalArgumentException("a union has two children at least: " + children);
            }
        }

        /** The sources of each child, the first child's first. */
        @Override
        public List<StreamSource> streamSources() {
            return children.stream().flatMap(child -> child.streamSources().stream()).toList();
        }

        @Override
        public Resolved resolve() {
            return Unions.resolve(this);
        }

        @Override
        public List<LogicalPlan> unionInputs() {
            return children;
        }

        @Override
        public List<LogicalPlan> inputs() {
            return children;
        }

        /** Each child reads what its own steps read; this node reads every column of the first. */
        @Override
        public void requireColumns(RequiredColumns columns) {
            columns.readEvery();
            columns.project();
        }
    }

    /** Spark's {@code Dataset.alias}: every column of {@code child} is qualified by {@code alias}. */
    record SubqueryAlias(LogicalPlan child, String alias) implements Unary {

        @Override
        public Resolved resolveOver(Resolved input) {
            return QueryPlanner.resolveAlias(this, input);
        }

        @Override
        public Sort finalSort() {
            return child.finalSort();
        }

        @Override
        public void readColumns(RequiredColumns columns) {
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
        public Resolved resolveOver(Resolved input) {
            return QueryPlanner.resolveProject(this, input);
        }

        @Override
        public void readColumns(RequiredColumns columns) {
            expressions.forEach(columns::read);
            columns.project();
        }
    }

    record Filter(LogicalPlan child, Expression condition) implements Unary {

        @Override
        public Resolved resolveOver(Resolved input) {
            return QueryPlanner.resolveFilter(this, input);
        }

        @Override
        public void readColumns(RequiredColumns columns) {
            columns.read(condition);
        }
    }

    /** {@code withWatermark(column, delay)}. */
    record Watermark(LogicalPlan child, String column, long delayMicros) implements Unary {

        @Override
        public Resolved resolveOver(Resolved input) {
            return QueryPlanner.resolveWatermark(this, input);
        }

        @Override
        public void readColumns(RequiredColumns columns) {
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
        public Resolved resolveOver(Resolved input) {
            return Deduplications.resolve(this, input);
        }

        @Override
        public void readColumns(RequiredColumns required) {
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
        public Resolved resolveOver(Resolved input) {
            return Aggregations.resolve(this, input);
        }

        @Override
        public boolean hasAggregation() {
            return true;
        }

        @Override
        public void readColumns(RequiredColumns columns) {
            keys.forEach(columns::read);
            aggregates.forEach(columns::read);
            columns.project();
        }
    }

    /**
     * Spark's {@code Distinct} (SQL's {@code SELECT DISTINCT} and {@code UNION}): every distinct
     * row of {@code child}, streamed as an aggregation keyed by every column with no aggregate, as
     * Spark's optimizer replaces it; its own node because Spark's sorting rule does not count it
     * as an aggregation ({@link Sorts}).
     */
    record Distinct(LogicalPlan child) implements Unary {

        @Override
        public Resolved resolveOver(Resolved input) {
            List<Expression> keys = input.analysis().schema().fields().stream()
                    .map(field -> (Expression) new Expression.ColumnReference(field.qualifier() == null
                            ? List.of(field.name()) : List.of(field.qualifier(), field.name()), -1))
                    .toList();
            return Aggregations.resolve(new Aggregate(child, keys, List.of()), input);
        }

        @Override
        public void readColumns(RequiredColumns columns) {
            columns.readEvery();
            columns.project();
        }
    }

    /**
     * Spark's {@code Sort} ({@code ORDER BY}, {@code Dataset.orderBy}): {@code child}'s rows in
     * the order of {@code keys}, each a column of {@code child}. Spark sorts a stream only after
     * an aggregation in complete mode; Arus then sorts each batch's output as the sink gets it,
     * so a sort is the last step of a query ({@link Sorts}).
     */
    record Sort(LogicalPlan child, List<SortKey> keys) implements Unary {
        public Sort {
            keys = List.copyOf(keys);
        }

        @Override
        public Resolved resolveOver(Resolved input) {
            Sorts.ordering(this, input.analysis().schema());
            return input;
        }

        @Override
        public List<Sort> sorts() {
            List<Sort> sorts = new ArrayList<>(child.sorts());
            sorts.add(this);
            return sorts;
        }

        @Override
        public Sort finalSort() {
            return this;
        }

        @Override
        public void readColumns(RequiredColumns columns) {
            keys.forEach(key -> columns.read(key.expression()));
        }
    }

    /** One key of a {@link Sort}: an expression, ascending or descending, and whether NULLs come first. */
    record SortKey(Expression expression, boolean ascending, boolean nullsFirst) {
    }

    /** {@code limit(count)}: no more than {@code count} rows over the whole query ({@link Limits}). */
    record Limit(LogicalPlan child, int count) implements Unary {

        @Override
        public LogicalPlan limit(int n) {
            return new Limit(child, n < 0 ? n : Math.min(count, n));
        }

        @Override
        public Resolved resolveOver(Resolved input) {
            return Limits.resolve(this, input);
        }

        @Override
        public void readColumns(RequiredColumns columns) {
        }
    }
}
