package dev.arus.engine.api;

import dev.arus.engine.data.Schema;
import dev.arus.engine.data.StructType;
import dev.arus.engine.exec.join.JoinType;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.plan.Analysis;
import dev.arus.engine.plan.LogicalPlan;
import dev.arus.engine.plan.QueryPlanner;
import dev.arus.engine.streaming.AnalysisException;
import dev.arus.engine.streaming.ArusException;
import dev.arus.engine.streaming.IntervalParser;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * An unbounded table defined by a chain of steps over a stream, as Spark's streaming
 * {@code DataFrame}. Each step returns a new frame and is checked at once: an unknown column or
 * a type error throws {@link AnalysisException} here, not when the query runs.
 */
public final class StreamFrame {

    private final ArusSession session;
    private final LogicalPlan plan;
    private final Analysis analysis;

    StreamFrame(ArusSession session, LogicalPlan plan) {
        this.session = session;
        this.plan = plan;
        this.analysis = QueryPlanner.analyze(plan);
    }

    public Schema schema() {
        return analysis.schema();
    }

    public List<String> columns() {
        return analysis.schema().names();
    }

    /**
     * The output columns that key a row of the result in update and complete mode: the last
     * aggregation's grouping columns, its window included, as the sink gets them; empty when the
     * frame does not aggregate, aggregates with no key, or a later step drops or renames a key.
     */
    public List<String> groupingColumns() {
        return analysis.groupingColumns();
    }

    public boolean isStreaming() {
        return true;
    }

    LogicalPlan plan() {
        return plan;
    }

    /** A stream a frame reads: its source's format and options, as they were given. */
    public record Input(String format, Map<String, String> options) {
        public Input {
            options = Map.copyOf(options);
        }
    }

    /** The streams this frame reads, in the order a query of it numbers its sources (as its progress lists them). */
    public List<Input> inputs() {
        return plan.streamSources().stream().map(source -> new Input(source.format(), source.options())).toList();
    }

    /** The session this frame belongs to, as Spark's {@code Dataset.sparkSession}. */
    public ArusSession session() {
        return session;
    }

    /** Adds a column, or replaces the column of that name in place. */
    public StreamFrame withColumn(String name, Column column) {
        List<Expression> expressions = new ArrayList<>();
        boolean replaced = false;
        for (String existing : columns()) {
            if (existing.equalsIgnoreCase(name)) {
                expressions.add(column.alias(name).expr());
                replaced = true;
            } else {
                expressions.add(functions.col(quoted(existing)).expr());
            }
        }
        if (!replaced) {
            expressions.add(column.alias(name).expr());
        }
        return new StreamFrame(session, new LogicalPlan.Project(plan, expressions));
    }

    public StreamFrame select(Column... columns) {
        return new StreamFrame(session, new LogicalPlan.Project(plan, Arrays.stream(columns).map(Column::expr).toList()));
    }

    public StreamFrame select(String... columnNames) {
        return select(Arrays.stream(columnNames).map(functions::col).toArray(Column[]::new));
    }

    /**
     * Columns as Spark SQL expressions, each with an optional {@code AS alias}; as in Spark,
     * {@code *} stands for every column and {@code s.*} for every field of struct column {@code s}.
     */
    public StreamFrame selectExpr(String... expressions) {
        List<Column> columns = new ArrayList<>();
        Schema schema = schema();
        for (String expression : expressions) {
            String star = expression.strip();
            int struct = isStar(star) && star.length() > 1 ? schema.indexOf(star.substring(0, star.length() - 2)) : -1;
            if (star.equals("*")) {
                schema.names().forEach(name -> columns.add(new Column(new Expression.ColumnReference(List.of(name), -1))));
            } else if (struct >= 0 && schema.field(struct).type() instanceof StructType fields) {
                String name = schema.field(struct).name();
                fields.fields().forEach(field -> columns.add(new Column(new Expression.ColumnReference(
                        List.of(name, field.name()), -1))));
            } else {
                columns.add(functions.expr(expression));
            }
        }
        return select(columns.toArray(Column[]::new));
    }

    /** Whether {@link #selectExpr} takes {@code expression} as a star, {@code *} or {@code s.*}, rather than parsing it. */
    public static boolean isStar(String expression) {
        String star = expression.strip();
        return star.equals("*") || star.matches("[^.\\s`*]+\\.\\*");
    }

    public StreamFrame filter(Column condition) {
        return new StreamFrame(session, new LogicalPlan.Filter(plan, condition.expr()));
    }

    /** Keeps the rows where the Spark SQL condition is true. */
    public StreamFrame filter(String condition) {
        return filter(functions.expr(condition));
    }

    public StreamFrame where(Column condition) {
        return filter(condition);
    }

    public StreamFrame where(String condition) {
        return filter(condition);
    }

    /**
     * Declares {@code eventTimeColumn} as event time, allowing rows to be {@code delayThreshold}
     * (a Spark interval string such as {@code "4 seconds"}) late before they are dropped and their
     * windows closed.
     *
     * @throws AnalysisException for an unknown column (naming the nearest one), a malformed interval
     *         ({@value IntervalParser#INVALID_INTERVAL_FORMAT}) or a negative delay (with Spark's message)
     */
    public StreamFrame withWatermark(String eventTimeColumn, String delayThreshold) {
        long delayMicros;
        try {
            delayMicros = IntervalParser.parseMicros(delayThreshold);
        } catch (ArusException badInterval) {
            throw new AnalysisException(badInterval.errorClass(), badInterval.getMessage(), -1, delayThreshold);
        }
        if (delayMicros < 0) {
            throw new AnalysisException("INVALID_WATERMARK_DELAY", "requirement failed: delay threshold (" + delayThreshold
                    + ") should not be negative.");
        }
        if (analysis.schema().indexOf(eventTimeColumn) < 0) {
            select(functions.col(quoted(eventTimeColumn))); // throws the analyser's unresolved-column error
        }
        return new StreamFrame(session, new LogicalPlan.Watermark(plan, eventTimeColumn, delayMicros));
    }

    /** Spark's {@code join(right, usingColumn)}: an inner join on one column both sides have. */
    public StreamFrame join(StaticFrame right, String usingColumn) {
        return join(right, List.of(usingColumn), "inner");
    }

    /**
     * Spark's {@code join(right, usingColumns, joinType)} with a static table: the keys once, from
     * the stream, then the stream's other columns, then the table's. The join types a stream
     * allows with a static right side: {@code inner}, {@code left_outer}, {@code left_semi},
     * {@code left_anti}.
     *
     * @throws AnalysisException for a column one side lacks, or a join type Spark refuses here
     */
    public StreamFrame join(StaticFrame right, List<String> usingColumns, String joinType) {
        return new StreamFrame(session, new LogicalPlan.StaticJoin(plan, right.plan(), JoinType.of(joinType),
                usingColumns, null));
    }

    /**
     * Spark's {@code join(right, condition, joinType)} with a static table: the stream's columns,
     * then the table's ({@code alias} tells same-named ones apart). Equalities of a stream-side and
     * a table-side expression are the hash keys; the rest is checked on each pair.
     */
    public StreamFrame join(StaticFrame right, Column condition, String joinType) {
        return new StreamFrame(session, new LogicalPlan.StaticJoin(plan, right.plan(), JoinType.of(joinType), null,
                condition.expr()));
    }

    /** Spark's {@code crossJoin}: every stream row with every table row. */
    public StreamFrame crossJoin(StaticFrame right) {
        return new StreamFrame(session, new LogicalPlan.StaticJoin(plan, right.plan(), JoinType.CROSS, null, null));
    }

    /**
     * Spark's {@code join(right, usingColumns, joinType)} of two streams: the keys once, then
     * each side's other columns. Two streams allow {@code inner}, {@code left_outer},
     * {@code right_outer}, {@code full_outer} and {@code left_semi}; the outer and semi joins need
     * watermarks that tell when a row can match no more (in the keys, or a watermark on each side
     * and a time-range condition).
     *
     * @throws AnalysisException for a column one side lacks, a join type Spark refuses, or an
     *                           outer join whose state nothing evicts
     */
    public StreamFrame join(StreamFrame right, List<String> usingColumns, String joinType) {
        return new StreamFrame(session, new LogicalPlan.StreamJoin(plan, sameSession(right).plan, JoinType.of(joinType),
                usingColumns, null));
    }

    /**
     * Spark's {@code join(right, condition, joinType)} of two streams: the left's columns, then the
     * right's. The condition's equalities of a left-side and a right-side expression are the keys
     * (one at least); a range between the two event times, such as {@code l.time BETWEEN r.time -
     * INTERVAL 10 SECONDS AND r.time}, tells when stored rows can leave the state.
     */
    public StreamFrame join(StreamFrame right, Column condition, String joinType) {
        return new StreamFrame(session, new LogicalPlan.StreamJoin(plan, sameSession(right).plan, JoinType.of(joinType),
                null, condition.expr()));
    }

    /** Spark's inner {@code join(right, condition)} of two streams. */
    public StreamFrame join(StreamFrame right, Column condition) {
        return join(right, condition, "inner");
    }

    /** Spark's {@code crossJoin} of two streams, which Spark refuses: a join of streams needs an equality. */
    public StreamFrame crossJoin(StreamFrame right) {
        return new StreamFrame(session, new LogicalPlan.StreamJoin(plan, sameSession(right).plan, JoinType.CROSS, null,
                null));
    }

    private StreamFrame sameSession(StreamFrame other) {
        if (other.session != session) {
            throw new IllegalArgumentException("both sides of a join or union must come from the same ArusSession");
        }
        return other;
    }

    /**
     * Spark's {@code union} of two streams: the rows of both, the columns matched by position,
     * each widened to the type both sides' columns widen to, and named as this frame's. The
     * union's watermark column is this frame's; each side keeps its own watermarks, and the
     * query's is the least (or, with {@code spark.sql.streaming.multipleWatermarkPolicy=max}, the
     * greatest) of all. Unions of unions are one union of all their inputs, as Spark combines them.
     *
     * @throws AnalysisException when the sides have different numbers of columns
     *                           ({@code NUM_COLUMNS_MISMATCH}) or a column's types have no common
     *                           type ({@code INCOMPATIBLE_COLUMN_TYPE})
     */
    public StreamFrame union(StreamFrame other) {
        List<LogicalPlan> children = new ArrayList<>(plan.unionInputs());
        children.addAll(sameSession(other).plan.unionInputs());
        return new StreamFrame(session, new LogicalPlan.Union(children));
    }

    /** Spark's {@code unionAll}, the same as {@link #union}. */
    public StreamFrame unionAll(StreamFrame other) {
        return union(other);
    }

    /** Spark's {@code unionByName(other)}: {@link #unionByName(StreamFrame, boolean)} with no missing columns allowed. */
    public StreamFrame unionByName(StreamFrame other) {
        return unionByName(other, false);
    }

    /**
     * Spark's {@code unionByName}: a {@link #union} whose other side's columns are taken by this
     * frame's names (in any case), then its columns this frame lacks. With
     * {@code allowMissingColumns}, a column one side lacks is NULL on that side; without, a
     * column of this frame the other lacks is {@code UNRESOLVED_COLUMN_AMONG_FIELD_NAMES} and one
     * the other has more makes the union's {@code NUM_COLUMNS_MISMATCH}.
     *
     * @throws AnalysisException also for a name twice on one side ({@code COLUMN_ALREADY_EXISTS})
     */
    public StreamFrame unionByName(StreamFrame other, boolean allowMissingColumns) {
        StreamFrame right = sameSession(other);
        UnionByName.requireDistinctNames(columns());
        UnionByName.requireDistinctNames(right.columns());
        List<Expression> rightColumns = UnionByName.matched(schema(), right.schema(), allowMissingColumns);
        StreamFrame left = this;
        if (allowMissingColumns) {
            Schema matchedRight = QueryPlanner.analyze(new LogicalPlan.Project(right.plan, rightColumns)).schema();
            List<Expression> leftColumns = UnionByName.matched(matchedRight, schema(), true);
            if (leftColumns.size() > columns().size()) {
                left = new StreamFrame(session, new LogicalPlan.Project(plan, leftColumns));
            }
        }
        return left.union(new StreamFrame(session, new LogicalPlan.Project(right.plan, rightColumns)));
    }

    /** Spark's {@code Dataset.alias}: this frame's columns are also {@code alias.column}, so a join's condition can tell its sides apart. */
    public StreamFrame alias(String alias) {
        return new StreamFrame(session, new LogicalPlan.SubqueryAlias(plan, alias));
    }

    /** Spark's {@code Dataset.as(alias)}, the same as {@link #alias}. */
    public StreamFrame as(String alias) {
        return alias(alias);
    }

    /**
     * Spark's {@code dropDuplicates}: the first row of each distinct value of {@code columnNames}
     * (of every column when none is named) comes out, in the batch it came in; later rows with that
     * value are dropped. With a watermark, rows at or before it are dropped as late, and, when the
     * event-time column is among the columns, kept values are forgotten once the watermark passes
     * it.
     *
     * @throws AnalysisException for a name that is no column ({@code _LEGACY_ERROR_TEMP_1201})
     */
    public StreamFrame dropDuplicates(String... columnNames) {
        return new StreamFrame(session, new LogicalPlan.Deduplicate(plan, List.of(columnNames), false));
    }

    /**
     * Spark's {@code limit(n)} on a stream: no more than {@code n} rows over the whole query, in
     * append mode, or before an aggregation in complete mode; Spark refuses it in update mode.
     * Two limits in a row are one, the smaller (Spark's {@code CombineLimits}).
     *
     * @throws AnalysisException for a negative {@code n} ({@code INVALID_LIMIT_LIKE_EXPRESSION.IS_NEGATIVE})
     */
    public StreamFrame limit(int n) {
        return new StreamFrame(session, plan.limit(n));
    }

    /**
     * Spark 3.5's {@code dropDuplicatesWithinWatermark}: as {@link #dropDuplicates}, but a value is
     * kept only until the watermark passes its first row's event time plus the watermark's delay,
     * whether or not the event time is among the columns. Needs a watermark.
     */
    public StreamFrame dropDuplicatesWithinWatermark(String... columnNames) {
        return new StreamFrame(session, new LogicalPlan.Deduplicate(plan, List.of(columnNames), true));
    }

    public GroupedData groupBy(Column... keys) {
        return new GroupedData(this, Arrays.stream(keys).map(Column::expr).toList());
    }

    public GroupedData groupBy(String... columnNames) {
        return groupBy(Arrays.stream(columnNames).map(functions::col).toArray(Column[]::new));
    }

    public DataStreamWriter writeStream() {
        return new DataStreamWriter(this);
    }

    StreamFrame withPlan(LogicalPlan next) {
        return new StreamFrame(session, next);
    }

    private static String quoted(String name) {
        return "`" + name.replace("`", "``") + "`";
    }
}
