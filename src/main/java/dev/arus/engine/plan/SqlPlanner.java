package dev.arus.engine.plan;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.Schema;
import dev.arus.engine.exec.join.JoinType;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.analysis.Generator;
import dev.arus.engine.expr.sql.SqlParser;
import dev.arus.engine.expr.sql.SqlQuery;
import dev.arus.engine.expr.sql.SqlQueryTerm;
import dev.arus.engine.expr.sql.SqlRelation;
import dev.arus.engine.streaming.AnalysisException;
import dev.arus.engine.streaming.ParseException;
import dev.arus.engine.streaming.TextPosition;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Plans a SQL query ({@link SqlQuery}, as {@link SqlParser} reads it) as the {@link LogicalPlan}
 * the same query written as steps would build, with Spark's analyzer's meaning: a relation is
 * its table's source under its name, a WATERMARK clause a projection adding the event-time
 * column before the relation's columns and a {@link LogicalPlan.Watermark}, a join of two
 * streams a {@link LogicalPlan.StreamJoin} and of a stream with a static table a
 * {@link LogicalPlan.StaticJoin}, derived tables and CTEs planned in place (a CTE once per use,
 * as Spark inlines it). SELECT blocks are {@link SqlSelects}'s.
 *
 * <p>Each node is analysed as it is added, so that a mistake is reported where it was written:
 * every error is an {@link AnalysisException} whose position is a 0-based offset into the
 * statement and whose message ends as Spark's does, {@code ; line L pos P}.
 */
public final class SqlPlanner {

    private final String text;
    private final SqlCatalog catalog;
    /** The statement's query, the outermost. */
    private final SqlQuery statement;

    private SqlPlanner(String text, SqlCatalog catalog, SqlQuery statement) {
        this.text = text;
        this.catalog = catalog;
        this.statement = statement;
    }

    /**
     * The plan of {@code query}, read from {@code text}, over the tables of {@code catalog}.
     *
     * @throws AnalysisException naming Spark's error class, at the statement's offset of the mistake
     */
    public static LogicalPlan plan(String text, SqlQuery query, SqlCatalog catalog) {
        SqlPlanner planner = new SqlPlanner(text, catalog, query);
        try {
            Relation relation = planner.query(query, Scope.EMPTY);
            if (relation.isStatic()) {
                throw notStreaming(query.position());
            }
            planner.analyzed(relation.plan(), query.position());
            return relation.plan();
        } catch (ParseException alreadyLocated) {
            throw alreadyLocated;
        } catch (AnalysisException error) {
            throw planner.located(error, query.position());
        }
    }

    /** A relation as planned: a stream's plan, or a static table: its source ({@code table}) under one alias. */
    record Relation(LogicalPlan plan, LogicalPlan.StaticSource table) {

        static Relation stream(LogicalPlan plan) {
            return new Relation(plan, null);
        }

        static Relation table(LogicalPlan.StaticSource table, String alias) {
            return new Relation(new LogicalPlan.SubqueryAlias(table, alias), table);
        }

        boolean isStatic() {
            return table != null;
        }
    }

    /** The common table expressions a query sees, each with the scope it was defined in. */
    record Scope(Map<String, Cte> tables) {
        static final Scope EMPTY = new Scope(Map.of());

        Scope with(SqlQuery.CommonTable table, Scope definedIn) {
            Map<String, Cte> more = new HashMap<>(tables);
            more.put(table.name().toLowerCase(Locale.ROOT), new Cte(table, definedIn));
            return new Scope(more);
        }

        Cte find(List<String> name) {
            return name.size() == 1 ? tables.get(name.get(0).toLowerCase(Locale.ROOT)) : null;
        }
    }

    record Cte(SqlQuery.CommonTable table, Scope scope) {
    }

    Relation query(SqlQuery query, Scope outer) {
        Scope scope = outer;
        Set<String> defined = new HashSet<>();
        for (SqlQuery.CommonTable table : query.with()) {
            if (!defined.add(table.name().toLowerCase(Locale.ROOT))) {
                throw new AnalysisException("DUPLICATED_CTE_NAMES", "[DUPLICATED_CTE_NAMES] CTE definition can't"
                        + " have duplicate names: `" + table.name() + "`. SQLSTATE: 42602", table.position(), text);
            }
            scope = scope.with(table, scope);
        }
        Relation body = term(query.body(), scope);
        Relation ordered = query.orderBy().isEmpty() ? body : sorted(body, query);
        return query.limit() == null ? ordered : limited(ordered, query.limit());
    }

    /**
     * {@code ORDER BY} as Spark's {@code Sort} over the query's output: each key an output column,
     * by name, by its select item's text, or by 1-based position ({@code spark.sql.orderByOrdinal}).
     * A sort of a stream without an aggregation is refused here, as Spark refuses it in any output
     * mode when the query starts; one after an aggregation is checked against the output mode then.
     */
    private Relation sorted(Relation relation, SqlQuery query) {
        int at = query.orderByPosition();
        if (relation.isStatic()) {
            throw unsupported("ORDER BY of a static table", at);
        }
        if (!relation.plan().hasAggregation()) {
            throw streamingUnsupported(Sorts.UNSUPPORTED, at);
        }
        if (query != statement) {
            throw unsupported("ORDER BY in a subquery (Arus sorts a query's output as the sink gets it)", at);
        }
        Schema output = schemaOf(relation.plan(), at);
        List<LogicalPlan.SortKey> keys = new ArrayList<>();
        for (SqlQuery.SortItem item : query.orderBy()) {
            keys.add(new LogicalPlan.SortKey(sortExpression(item.expression(), output), item.ascending(),
                    item.nullsFirst()));
        }
        LogicalPlan sort = new LogicalPlan.Sort(relation.plan(), keys);
        analyzed(sort, at);
        return Relation.stream(sort);
    }

    private Expression sortExpression(Expression written, Schema output) {
        if (written instanceof Expression.Literal literal && literal.type() == AtomicType.INT
                && literal.value() instanceof Integer ordinal) {
            if (ordinal < 1 || ordinal > output.size()) {
                throw error("ORDER_BY_POS_OUT_OF_RANGE", "ORDER BY position " + ordinal + " is not in select list"
                        + " (valid range is [1, " + output.size() + "]). SQLSTATE: 42805", written.position());
            }
            return reference(output.field(ordinal - 1), written.position());
        }
        int named = output.indexOf(written.sql());
        return named >= 0 && !(written instanceof Expression.ColumnReference)
                ? reference(output.field(named), written.position()) : written;
    }

    /** {@code LIMIT} as Spark's streaming global limit over {@code relation}. */
    private Relation limited(Relation relation, Expression limit) {
        if (relation.isStatic()) {
            throw unsupported("LIMIT on a static table", limit.position());
        }
        LogicalPlan limited = relation.plan().limit(limitCount(limit));
        analyzed(limited, limit.position());
        return Relation.stream(limited);
    }

    /**
     * The rows a {@code LIMIT} lets through: an integer literal, maybe negative (which analysis
     * refuses), with Spark's {@code INVALID_LIMIT_LIKE_EXPRESSION} for what is not one.
     */
    private int limitCount(Expression limit) {
        Expression literal = limit instanceof Expression.Negate negate ? negate.child() : limit;
        String invalid = "The limit like expression \"" + limit.sql() + "\" is invalid. ";
        if (literal instanceof Expression.ColumnReference) {
            throw error("INVALID_LIMIT_LIKE_EXPRESSION.IS_UNFOLDABLE", invalid + "The limit expression must evaluate"
                    + " to a constant value. SQLSTATE: 42K0E", limit.position());
        }
        if (!(literal instanceof Expression.Literal value)) {
            throw unsupported("LIMIT of an expression other than an integer literal", limit.position());
        }
        if (value.value() == null) {
            throw error("INVALID_LIMIT_LIKE_EXPRESSION.IS_NULL", invalid + "The evaluated limit expression must not"
                    + " be null. SQLSTATE: 42K0E", limit.position());
        }
        if (value.type() != AtomicType.INT) {
            throw error("INVALID_LIMIT_LIKE_EXPRESSION.DATA_TYPE", invalid + "The limit expression must be integer"
                    + " type, but got \"" + value.type().simpleString().toUpperCase(Locale.ROOT) + "\". SQLSTATE:"
                    + " 42K0E", limit.position());
        }
        int count = (Integer) value.value();
        return literal == limit ? count : -count;
    }

    private Relation term(SqlQueryTerm term, Scope scope) {
        if (term instanceof SqlQueryTerm.Select select) {
            return Relation.stream(new SqlSelects(this).plan(select, scope));
        }
        if (term instanceof SqlQueryTerm.Nested nested) {
            return query(nested.query(), scope);
        }
        return setOperation((SqlQueryTerm.SetOperation) term, scope);
    }

    /**
     * {@code UNION ALL} of streams as Spark's {@code Union}, and {@code UNION} (distinct) as its
     * {@code Distinct} of one, which streams as an aggregation by every column. A static side, and
     * {@code INTERSECT} or {@code EXCEPT} of a stream, are refused as Spark refuses them when the
     * query starts; {@code EXCEPT} of a static table from a stream is Arus's to do.
     */
    private Relation setOperation(SqlQueryTerm.SetOperation operation, Scope scope) {
        int start = start(operation);
        Relation left = streamOrNull(operation.left(), scope);
        Relation right = streamOrNull(operation.right(), scope);
        if (left == null && right == null) {
            throw notStreaming(start);
        }
        String operator = operation.operator();
        if (operator.equals("INTERSECT")) {
            throw streamingUnsupported("Intersect of streaming"
                    + " DataFrames/Datasets is not supported", operation.position());
        }
        if (!operator.equals("UNION")) {
            if (right != null) {
                throw streamingUnsupported("Except on a streaming"
                        + " DataFrame/Dataset on the right is not supported", operation.position());
            }
            throw unsupported(operator + (operation.all() ? " ALL" : "") + " of a static table from a stream",
                    operation.position());
        }
        if (left == null || right == null) {
            throw streamingUnsupported("Union between streaming and batch"
                    + " DataFrames/Datasets is not supported", operation.position());
        }
        LogicalPlan union = new LogicalPlan.Union(List.of(left.plan(), right.plan()));
        analyzed(union, start);
        return Relation.stream(operation.all() ? union : distinct(union, start));
    }

    /** A term of a set operation as planned, or null when it reads no stream. */
    private Relation streamOrNull(SqlQueryTerm term, Scope scope) {
        try {
            Relation relation = term(term, scope);
            return relation.isStatic() ? null : relation;
        } catch (AnalysisException error) {
            if (error.is(NOT_STREAMING)) {
                return null;
            }
            throw error;
        }
    }

    /** Where a term's text starts: a set operation's at its first term's, as Spark's plan node's origin. */
    private static int start(SqlQueryTerm term) {
        return term instanceof SqlQueryTerm.SetOperation operation ? start(operation.left()) : term.position();
    }

    /** Spark's {@code Distinct} of a stream: an aggregation keyed by every column, with no aggregate. */
    LogicalPlan distinct(LogicalPlan plan, int position) {
        LogicalPlan distinct = new LogicalPlan.Distinct(plan);
        analyzed(distinct, position);
        return distinct;
    }

    /**
     * The relations of a FROM clause joined left to right; several relations (Spark's comma join)
     * are joined on {@code where}, which is then consumed, else crossed.
     */
    LogicalPlan from(List<SqlRelation> relations, Expression where, Scope scope, int position) {
        Relation joined = relation(relations.get(0), scope);
        for (int i = 1; i < relations.size(); i++) {
            Expression condition = i == relations.size() - 1 ? where : null;
            joined = join(joined, relation(relations.get(i), scope), condition == null ? "cross" : "inner",
                    condition, null, relations.get(i).position());
        }
        if (joined.isStatic()) {
            throw notStreaming(position);
        }
        return joined.plan();
    }

    private Relation relation(SqlRelation relation, Scope scope) {
        if (relation instanceof SqlRelation.Table table) {
            return table(table, scope);
        }
        if (relation instanceof SqlRelation.Derived derived) {
            Relation inner = query(derived.query(), scope);
            return aliased(watermarked(inner, derived.watermark()), derived.alias());
        }
        if (relation instanceof SqlRelation.Parenthesized nested) {
            Relation inner = relation(nested.relation(), scope);
            return aliased(watermarked(inner, nested.watermark()), nested.alias());
        }
        SqlRelation.Join join = (SqlRelation.Join) relation;
        Relation left = relation(join.left(), scope);
        Relation right = relation(join.right(), scope);
        List<String> using = join.natural() ? commonColumns(left, right) : join.using();
        return join(left, right, join.type(), join.condition(), using, join.position());
    }

    /** A CTE of the scope, else the catalog's table; under its name, then its WATERMARK clause, then its alias. */
    private Relation table(SqlRelation.Table table, Scope scope) {
        Cte cte = scope.find(table.name());
        Relation named;
        if (cte != null) {
            Relation planned = query(cte.table().query(), cte.scope());
            named = aliased(renamed(planned, cte.table()), cte.table().name());
        } else {
            LogicalPlan found = catalog.relation(table.name()).orElseThrow(() -> new AnalysisException(
                    "TABLE_OR_VIEW_NOT_FOUND", "[TABLE_OR_VIEW_NOT_FOUND] The table or view "
                    + table.name().stream().map(SqlPlanner::quoted).collect(Collectors.joining("."))
                    + " cannot be found. Verify the spelling and correctness of the schema and catalog.\n"
                    + "If you did not qualify the name with a schema, verify the current_schema() output, or qualify"
                    + " the name with the correct schema and catalog.\nTo tolerate the error on drop use DROP VIEW IF"
                    + " EXISTS or DROP TABLE IF EXISTS. SQLSTATE: 42P01", table.position(), text));
            // The catalog's static tables are static sources: a plan that reads no stream.
            boolean isStatic = found.streamSources().isEmpty();
            if (isStatic && table.stream()) {
                throw unsupported("STREAM of the static table " + quoted(table.qualifiedName())
                        + ": a static table is read whole, as a table", table.position());
            }
            String name = table.name().get(table.name().size() - 1);
            if (isStatic) {
                if (table.watermark() != null) {
                    throw unsupported("a WATERMARK clause on the static table " + quoted(table.qualifiedName()),
                            table.watermark().position());
                }
                return Relation.table(found.staticTable(), table.alias() != null ? table.alias() : name);
            }
            named = Relation.stream(new LogicalPlan.SubqueryAlias(found, name));
        }
        return aliased(watermarked(named, table.watermark()), table.alias());
    }

    /** A CTE's column names, {@code name(a, b) AS (...)}, given to its query's columns in order. */
    private Relation renamed(Relation planned, SqlQuery.CommonTable table) {
        if (table.columnAliases().isEmpty()) {
            return planned;
        }
        Schema schema = schemaOf(planned.plan(), table.position());
        if (schema.size() != table.columnAliases().size()) {
            throw new AnalysisException("ASSIGNMENT_ARITY_MISMATCH", "[ASSIGNMENT_ARITY_MISMATCH] The number of"
                    + " columns or variables assigned or aliased: " + table.columnAliases().size() + " does not match"
                    + " the number of source tuples or expressions: " + schema.size() + ". SQLSTATE: 42802",
                    table.position(), text);
        }
        List<Expression> columns = new ArrayList<>();
        for (int i = 0; i < schema.size(); i++) {
            columns.add(new Expression.Alias(reference(schema.field(i), table.position()),
                    table.columnAliases().get(i), table.position()));
        }
        return Relation.stream(new LogicalPlan.Project(planned.plan(), columns));
    }

    private Relation aliased(Relation relation, String alias) {
        if (alias == null) {
            return relation;
        }
        // A static table keeps one name, its alias.
        return relation.isStatic() ? Relation.table(relation.table(), alias)
                : Relation.stream(new LogicalPlan.SubqueryAlias(relation.plan(), alias));
    }

    /**
     * The WATERMARK clause: on a column, a {@link LogicalPlan.Watermark} on it; on any other
     * expression, a projection that adds it (named by its alias) before every column of the
     * relation, then the watermark on it, as Spark's {@code ResolveEventTimeWatermark} does.
     */
    private Relation watermarked(Relation relation, SqlRelation.Watermark clause) {
        if (clause == null) {
            return relation;
        }
        if (relation.isStatic()) {
            throw unsupported("a WATERMARK clause on a static table", clause.position());
        }
        long delayMicros = clause.delay().intervalMicros().orElseThrow();
        LogicalPlan plan = relation.plan();
        String column;
        if (clause.column() instanceof Expression.ColumnReference reference) {
            Schema schema = schemaOf(plan, clause.position());
            analyzed(new LogicalPlan.Project(plan, List.of(reference)), clause.position());
            column = resolvedName(reference, schema);
        } else {
            Schema schema = schemaOf(plan, clause.position());
            List<Expression> columns = new ArrayList<>();
            columns.add(clause.column());
            schema.fields().forEach(field -> columns.add(reference(field, clause.position())));
            plan = new LogicalPlan.Project(plan, columns);
            column = schemaOf(plan, clause.column().position()).field(0).name();
        }
        LogicalPlan watermarked = new LogicalPlan.Watermark(plan, column, delayMicros);
        analyzed(watermarked, clause.position());
        return Relation.stream(watermarked);
    }

    /** The name of the column {@code reference} (a column, maybe qualified) finds in {@code schema}. */
    private static String resolvedName(Expression.ColumnReference reference, Schema schema) {
        List<String> parts = reference.nameParts();
        if (parts.size() > 1) {
            for (Field field : schema.fields()) {
                if (field.is(parts.get(0), parts.get(1))) {
                    return field.name();
                }
            }
        }
        return schema.fields().get(schema.indexOf(parts.get(0))).name();
    }

    /**
     * Two relations joined. Streams give a {@link LogicalPlan.StreamJoin}; a stream and a static
     * table a {@link LogicalPlan.StaticJoin}, the stream first: a static left side of an inner or
     * right outer join is swapped to the right (a left outer join then) and the columns put back
     * in the statement's order.
     */
    private Relation join(Relation left, Relation right, String typeName, Expression condition, List<String> using,
            int position) {
        JoinType type = JoinType.of(typeName);
        if (type == JoinType.CROSS && (condition != null || using != null)) {
            type = JoinType.INNER;
        }
        if (left.isStatic() && right.isStatic()) {
            throw unsupported("a join of two static tables", position);
        }
        LogicalPlan joined;
        if (!left.isStatic() && !right.isStatic()) {
            joined = new LogicalPlan.StreamJoin(left.plan(), right.plan(), type, using, condition);
        } else if (!left.isStatic()) {
            joined = new LogicalPlan.StaticJoin(left.plan(), right.plan(), type, using, condition);
        } else {
            joined = staticOnTheLeft(left, right, type, using, condition, position);
        }
        analyzed(joined, position);
        return Relation.stream(joined);
    }

    private LogicalPlan staticOnTheLeft(Relation table, Relation stream, JoinType type, List<String> using,
            Expression condition, int position) {
        JoinType swapped = switch (type) {
            case INNER, CROSS -> type;
            case RIGHT_OUTER -> JoinType.LEFT_OUTER;
            default -> throw JoinConditions.unsupported(type.sparkName() + " join with a streaming DataFrame/Dataset"
                    + " on the right and a static DataFrame/DataSet on the left is not supported");
        };
        LogicalPlan joined = new LogicalPlan.StaticJoin(stream.plan(), table.plan(), swapped, using, condition);
        Schema streamSchema = schemaOf(stream.plan(), position);
        Schema tableSchema = staticSchema(table.plan());
        Schema output = schemaOf(joined, position);
        List<Expression> columns = new ArrayList<>();
        int keys = using == null ? 0 : using.size();
        for (int i = 0; i < keys; i++) {
            columns.add(reference(output.field(i), position));
        }
        int streamOthers = streamSchema.size() - keys;
        for (int i = keys + streamOthers; i < output.size(); i++) {
            columns.add(reference(output.field(i), position));
        }
        for (int i = keys; i < keys + streamOthers; i++) {
            columns.add(reference(output.field(i), position));
        }
        if (tableSchema.size() - keys != output.size() - keys - streamOthers) {
            throw new IllegalStateException("a join's output has unexpected columns: " + output.names());
        }
        return new LogicalPlan.Project(joined, columns);
    }

    /** NATURAL JOIN's keys: the names both sides have, in the left's order. */
    private List<String> commonColumns(Relation left, Relation right) {
        Schema leftSchema = left.isStatic() ? staticSchema(left.plan()) : schemaOf(left.plan(), -1);
        Schema rightSchema = right.isStatic() ? staticSchema(right.plan()) : schemaOf(right.plan(), -1);
        return leftSchema.names().stream().filter(name -> rightSchema.indexOf(name) >= 0).distinct().toList();
    }

    /** A static table's columns, qualified by its alias. */
    private static Schema staticSchema(LogicalPlan plan) {
        return plan.staticTable().schema();
    }

    /** A reference to {@code field} that finds it again: qualified when it has a qualifier. */
    static Expression.ColumnReference reference(Field field, int position) {
        return new Expression.ColumnReference(field.qualifier() == null ? List.of(field.name())
                : List.of(field.qualifier(), field.name()), position);
    }

    /** The output of {@code plan}; a mistake without a place of its own is reported at {@code position}. */
    Schema schemaOf(LogicalPlan plan, int position) {
        return analyzed(plan, position).schema();
    }

    Analysis analyzed(LogicalPlan plan, int position) {
        try {
            return QueryPlanner.analyze(plan);
        } catch (AnalysisException error) {
            if (error.position() < 0 && position >= 0) {
                throw new AnalysisException(error.errorClass(), error.getMessage(), position, text);
            }
            throw error;
        }
    }

    AnalysisException unsupported(String what, int position) {
        return new AnalysisException(SqlParser.UNSUPPORTED, "[" + SqlParser.UNSUPPORTED + "] The feature is not"
                + " supported: " + what + " in Arus's SQL yet. SQLSTATE: 0A000", position, text);
    }

    /** One of Spark's refusals of a streaming plan, in its words: a class of its own, no class in the text. */
    AnalysisException streamingUnsupported(String message, int position) {
        return new AnalysisException(AnalysisException.UNSUPPORTED_STREAMING_OPERATION, message, position, text);
    }

    AnalysisException error(String errorClass, String message, int position) {
        return new AnalysisException(errorClass, "[" + errorClass + "] " + message, position, text);
    }

    private static final String NOT_STREAMING = "WRITE_STREAM_NOT_ALLOWED";

    /** Spark's refusal of a query that reads no stream, when it is started as one. */
    static AnalysisException notStreaming(int position) {
        return new AnalysisException(NOT_STREAMING, "[WRITE_STREAM_NOT_ALLOWED] `writeStream` can be"
                + " called only on streaming Dataset/DataFrame: the statement reads no stream. SQLSTATE: 42601",
                position, null);
    }

    /** {@code error} at its place in the statement (else at {@code fallback}), its message ending in Spark's {@code ; line L pos P}. */
    private AnalysisException located(AnalysisException error, int fallback) {
        int position = error.position() >= 0 && error.position() <= text.length() ? error.position() : fallback;
        TextPosition at = TextPosition.of(text, position);
        AnalysisException located = new AnalysisException(error.errorClass(), error.getMessage() + "; line "
                + at.line() + " pos " + (at.column() - 1), position, text);
        located.initCause(error);
        return located;
    }

    static String quoted(String name) {
        return "`" + name.replace("`", "``") + "`";
    }

    /** The generator a LATERAL VIEW calls, its {@code _outer} form for {@code OUTER}. */
    Expression.FunctionCall generator(SqlQueryTerm.LateralView view) {
        Expression.FunctionCall call = view.generator();
        if (!Generator.isGenerator(call)) {
            throw unsupported("LATERAL VIEW of " + call.name() + " (Arus's generators are explode, explode_outer,"
                    + " posexplode and posexplode_outer)", call.position());
        }
        String name = call.name().toLowerCase(Locale.ROOT);
        return view.outer() && !name.endsWith("_outer")
                ? new Expression.FunctionCall(name + "_outer", call.arguments(), false, call.position()) : call;
    }
}
