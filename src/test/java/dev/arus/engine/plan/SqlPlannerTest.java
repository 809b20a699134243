package dev.arus.engine.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.Schema;
import dev.arus.engine.exec.join.JoinType;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.sql.SqlParser;
import dev.arus.engine.streaming.AnalysisException;
import dev.arus.engine.streaming.ArusException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The plans SQL statements give: the nodes the same query written as steps builds, with Spark's
 * column names, and Spark's errors at the statement's line and position. The batches these plans
 * run are compared with the steps' in {@code SqlQueriesTest}.
 */
class SqlPlannerTest {

    private static final Schema RATE = new Schema(List.of(new Field("timestamp", AtomicType.TIMESTAMP, true),
            new Field("value", AtomicType.LONG, true)));
    private static final Schema PRICES = new Schema(List.of(new Field("sku", AtomicType.STRING, true),
            new Field("price", AtomicType.DOUBLE, true)));
    private static final LogicalPlan VISITS = new LogicalPlan.StreamSource("rate", Map.of(), RATE);
    private static final LogicalPlan CLICKS = new LogicalPlan.StreamSource("rate", Map.of("rowsPerSecond", "2"), RATE);
    private static final LogicalPlan PRICE_TABLE = new LogicalPlan.StaticSource("csv", Map.of("path", "p"), PRICES);

    private static final SqlCatalog CATALOG = name -> name.size() != 1 ? Optional.empty()
            : Optional.ofNullable(Map.of("visits", VISITS, "clicks", CLICKS, "prices", PRICE_TABLE)
                    .get(name.get(0).toLowerCase(Locale.ROOT)));

    private static final String CHAPTER = """
            SELECT window(event_time, '8 seconds') AS window, count(*) AS count
            FROM visits WATERMARK CAST(unix_timestamp(timestamp) - value % 3 AS TIMESTAMP) AS event_time
                                  DELAY OF INTERVAL 4 SECONDS
            GROUP BY window(event_time, '8 seconds')
            """;

    @Test
    void plansTheChaptersQueryAsItsStepsPlanIt() {
        LogicalPlan.Aggregate aggregate = (LogicalPlan.Aggregate) plan(CHAPTER);

        assertThat(aggregate.keys()).extracting(Expression::sql).containsExactly("window(event_time, 8 seconds) AS window");
        assertThat(aggregate.aggregates()).extracting(Expression::sql).containsExactly("count(1) AS count");
        LogicalPlan.Watermark watermark = (LogicalPlan.Watermark) aggregate.child();
        assertThat(watermark.column()).isEqualTo("event_time");
        assertThat(watermark.delayMicros()).isEqualTo(4_000_000L);
        LogicalPlan.Project project = (LogicalPlan.Project) watermark.child();
        assertThat(project.expressions()).extracting(Expression::sql).containsExactly(
                "CAST((unix_timestamp(timestamp) - (value % 3)) AS TIMESTAMP) AS event_time", "visits.timestamp",
                "visits.value");
        assertThat(((LogicalPlan.SubqueryAlias) project.child()).child()).isSameAs(VISITS);
        assertThat(columns(CHAPTER)).containsExactly("window", "count");
    }

    @Test
    void putsTheWatermarkClausesColumnBeforeTheRelationsColumns() {
        assertThat(columns("SELECT * FROM visits WATERMARK timestamp + INTERVAL 1 SECOND AS event_time"
                + " DELAY OF INTERVAL 2 SECONDS")).containsExactly("event_time", "timestamp", "value");
    }

    @Test
    void keepsTheRelationsAliasOnItsColumnsAfterTheWatermarkClause() {
        Schema schema = schema("SELECT * FROM visits WATERMARK timestamp AS ts DELAY OF INTERVAL 2 SECONDS AS v");

        assertThat(schema.fields()).extracting(Field::qualifier).containsExactly("v", "v", "v");
        assertThat(columns("SELECT v.value FROM visits WATERMARK timestamp DELAY OF INTERVAL 2 SECONDS v"))
                .containsExactly("value");
        assertThat(schema("SELECT * FROM visits WATERMARK timestamp AS ts DELAY OF INTERVAL 2 SECONDS").fields())
                .extracting(Field::qualifier).containsExactly(null, "visits", "visits");
    }

    @ParameterizedTest
    @ValueSource(strings = {"SELECT value FROM visits", "SELECT value FROM STREAM visits",
        "SELECT value FROM STREAM(visits)"})
    void readsATableAndItsStreamFormsAlike(String sql) {
        assertThat(shape(sql)).isEqualTo(shape("SELECT value FROM visits"));
    }

    @Test
    void namesColumnsAsSparkDoes() {
        assertThat(columns("SELECT value, value + 1, CAST(value AS INT), value AS v, count(*) n"
                + " FROM visits GROUP BY value")).containsExactly("value", "(value + 1)", "value", "v", "n");
        assertThat(columns("SELECT count(*), sum(value), max(value) + 1 FROM visits"))
                .containsExactly("count(1)", "sum(value)", "(max(value) + 1)");
    }

    @Test
    void namesACastOfAnythingButAColumnByItsSqlAsSparkSqlDoes() {
        // spark.sql's ResolveAliases names a cast after a column or alias directly under it only,
        // where selectExpr (the Column API) calls CAST(CAST(value AS BOOLEAN) AS INT) value.
        assertThat(columns("SELECT CAST(CAST(value AS BOOLEAN) AS INT), CAST(CAST(value AS STRING) AS INT) AS v,"
                + " CAST(value AS STRING), CAST(value + 1 AS STRING) FROM visits"))
                .containsExactly("CAST(CAST(value AS BOOLEAN) AS INT)", "v", "value", "CAST((value + 1) AS STRING)");
        assertThat(columns("SELECT CAST(count(*) AS STRING), CAST(CAST(value AS STRING) AS BIGINT) FROM visits"
                + " GROUP BY value")).containsExactly("CAST(count(1) AS STRING)",
                "CAST(CAST(value AS STRING) AS BIGINT)");
    }

    @Test
    void takesLambdasInSelectListsAndAggregationsWhereTheirNamesHideColumns() {
        assertThat(columns("SELECT transform(array(value), x -> x + 1), aggregate(array(value, 1L), 0L,"
                + " (acc, x) -> acc + x) AS total FROM visits")).containsExactly(
                "transform(array(value), lambdafunction((namedlambdavariable() + 1), namedlambdavariable()))", "total");
        assertThat(columns("SELECT value % 3 AS bucket, filter(collect_list(value), timestamp -> timestamp > 1) AS big,"
                + " transform(collect_list(value), x -> x * (value % 3)) AS scaled FROM visits GROUP BY value % 3"))
                .containsExactly("bucket", "big", "scaled");
        AnalysisException error = error("SELECT value % 3, transform(array(timestamp), x -> x) FROM visits"
                + " GROUP BY value % 3");
        assertThat(error.errorClass()).isEqualTo("MISSING_AGGREGATION");
        assertThat(error.getMessage()).contains("\"timestamp\"");
    }

    @Test
    void groupsByOrdinalsAndSelectAliasesAsTheirItems() {
        String byExpression = "SELECT value % 3 AS bucket, count(*) AS n FROM visits GROUP BY value % 3";

        assertThat(shape("SELECT value % 3 AS bucket, count(*) AS n FROM visits GROUP BY 1"))
                .isEqualTo(shape(byExpression));
        assertThat(shape("SELECT value % 3 AS bucket, count(*) AS n FROM visits GROUP BY bucket"))
                .isEqualTo(shape(byExpression));
        LogicalPlan.Aggregate aggregate = (LogicalPlan.Aggregate) plan(byExpression);
        assertThat(aggregate.keys()).extracting(Expression::sql).containsExactly("(value % 3) AS bucket");
    }

    @Test
    void projectsTheAggregationsOutputWhenTheSelectListReordersIt() {
        LogicalPlan.Project project = (LogicalPlan.Project) plan(
                "SELECT count(*) AS n, value % 3 AS bucket, count(*) * 2 AS twice FROM visits GROUP BY value % 3");

        assertThat(project.expressions()).extracting(Expression::sql).containsExactly("n", "bucket",
                "(n * 2) AS twice");
        assertThat(((LogicalPlan.Aggregate) project.child()).aggregates()).extracting(Expression::sql)
                .containsExactly("count(1) AS n");
        assertThat(columns("SELECT count(*) AS n, value % 3 AS bucket, count(*) * 2 AS twice FROM visits"
                + " GROUP BY value % 3")).containsExactly("n", "bucket", "twice");
    }

    @Test
    void tellsApartGroupedColumnsOfOneNameByTheirRelations() {
        String sql = "SELECT count(*) AS n, v.value, c.value, v.value + c.value FROM visits v JOIN clicks c"
                + " ON v.value = c.value AND v.timestamp = c.timestamp GROUP BY v.value, c.value";

        assertThat(columns(sql)).containsExactly("n", "value", "value", "(value + value)");
    }

    @Test
    void filtersAfterTheAggregationForHavingWithItsOwnAggregates() {
        LogicalPlan.Project project = (LogicalPlan.Project) plan(
                "SELECT value % 3 AS bucket FROM visits GROUP BY 1 HAVING max(value) > 10 AND bucket > 0");

        LogicalPlan.Filter having = (LogicalPlan.Filter) project.child();
        assertThat(having.condition().sql()).isEqualTo("((max(value) > 10) AND (bucket > 0))");
        assertThat(((LogicalPlan.Aggregate) having.child()).aggregates()).extracting(Expression::sql)
                .containsExactly("max(value)");
        assertThat(columns("SELECT value % 3 AS bucket FROM visits GROUP BY 1 HAVING max(value) > 10"))
                .containsExactly("bucket");
    }

    @Test
    void aggregatesEveryColumnForSelectDistinct() {
        LogicalPlan.Distinct distinct = (LogicalPlan.Distinct) plan("SELECT DISTINCT value % 3 AS bucket, timestamp"
                + " FROM visits");

        Analysis analysis = QueryPlanner.analyze(distinct);
        assertThat(analysis.schema().names()).containsExactly("bucket", "timestamp");
        assertThat(analysis.aggregations()).isEqualTo(1);
        assertThat(analysis.groupingColumns()).containsExactly("bucket", "timestamp");
        assertThat(distinct.child()).isInstanceOf(LogicalPlan.Project.class);
    }

    @Test
    void groupsBySessionWindowsAsTheStepsDo() {
        LogicalPlan.Aggregate aggregate = (LogicalPlan.Aggregate) plan("SELECT session_window(timestamp, '5 seconds'),"
                + " value % 2 AS parity, count(*) FROM visits WATERMARK timestamp DELAY OF INTERVAL 1 SECOND"
                + " GROUP BY 1, 2");

        assertThat(aggregate.keys()).extracting(Expression::sql).containsExactly("session_window(timestamp, 5 seconds)",
                "(value % 2) AS parity");
        assertThat(columns("SELECT session_window(timestamp, '5 seconds'), value % 2 AS parity, count(*) FROM visits"
                + " WATERMARK timestamp DELAY OF INTERVAL 1 SECOND GROUP BY 1, 2"))
                .containsExactly("session_window", "parity", "count(1)");
    }

    @Test
    void joinsTwoStreamsAndAStreamWithAStaticTable() {
        LogicalPlan.StreamJoin streams = (LogicalPlan.StreamJoin) plan("SELECT * FROM visits v JOIN clicks c"
                + " ON v.value = c.value AND v.timestamp BETWEEN c.timestamp AND c.timestamp + INTERVAL 1 MINUTE");
        assertThat(streams.type()).isEqualTo(JoinType.INNER);
        assertThat(((LogicalPlan.SubqueryAlias) streams.left()).alias()).isEqualTo("v");

        LogicalPlan.StaticJoin table = (LogicalPlan.StaticJoin) plan(
                "SELECT * FROM visits LEFT JOIN prices p ON CAST(value AS STRING) = p.sku");
        assertThat(table.type()).isEqualTo(JoinType.LEFT_OUTER);
        assertThat(((LogicalPlan.SubqueryAlias) table.table()).alias()).isEqualTo("p");
        assertThat(((LogicalPlan.SubqueryAlias) table.table()).child()).isSameAs(PRICE_TABLE);
    }

    @Test
    void keepsTheStatementsColumnOrderWhenTheStaticTableIsOnTheLeft() {
        assertThat(columns("SELECT * FROM prices p JOIN visits v ON p.sku = CAST(v.value AS STRING)"))
                .containsExactly("sku", "price", "timestamp", "value");
        assertThat(columns("SELECT * FROM prices p RIGHT JOIN visits v ON p.sku = CAST(v.value AS STRING)"))
                .containsExactly("sku", "price", "timestamp", "value");
    }

    @Test
    void joinsCommaSeparatedRelationsOnTheWhereClause() {
        LogicalPlan.StreamJoin join = (LogicalPlan.StreamJoin) plan("SELECT * FROM visits v, clicks c"
                + " WHERE v.value = c.value");

        assertThat(join.condition().sql()).isEqualTo("(v.value = c.value)");
    }

    @Test
    void plansDerivedTablesAndCommonTablesInPlace() {
        String derived = "SELECT n FROM (SELECT value AS n FROM visits) AS t WHERE n > 1";
        String common = "WITH t AS (SELECT value AS n FROM visits) SELECT n FROM t WHERE n > 1";

        assertThat(shape(common)).isEqualTo(shape(derived));
        assertThat(columns("WITH t (a, b) AS (SELECT value, timestamp FROM visits) SELECT * FROM t"))
                .containsExactly("a", "b");
    }

    @Test
    void chainsAggregationsThroughASubquery() {
        LogicalPlan.Aggregate outer = (LogicalPlan.Aggregate) plan("""
                SELECT window(window_time(w), '20 seconds') AS w20, sum(n) AS total
                FROM (SELECT window(timestamp, '10 seconds') AS w, count(*) AS n
                      FROM visits WATERMARK timestamp DELAY OF INTERVAL 5 SECONDS
                      GROUP BY 1)
                GROUP BY 1
                """);

        assertThat(outer.child()).isInstanceOf(LogicalPlan.Aggregate.class);
    }

    @Test
    void explodesALateralViewBesideEveryColumn() {
        assertThat(columns("SELECT * FROM visits LATERAL VIEW explode(array(value, value + 1)) t AS v"))
                .containsExactly("timestamp", "value", "v");
        assertThat(columns("SELECT value, t.v FROM visits LATERAL VIEW OUTER explode(array(value)) t AS v"))
                .containsExactly("value", "v");
        assertThat(columns("SELECT * FROM visits LATERAL VIEW posexplode(array(value)) t AS p, v"))
                .containsExactly("timestamp", "value", "p", "v");
    }

    @Test
    void expandsAQualifiedStarToItsRelationsColumns() {
        assertThat(columns("SELECT c.*, v.value AS visit FROM visits v JOIN clicks c ON v.value = c.value"
                + " AND v.timestamp = c.timestamp")).containsExactly("timestamp", "value", "visit");
    }

    @Test
    void plansUnionAllAsAUnionOfItsTermsNamedAsTheFirst() {
        LogicalPlan.Union union = (LogicalPlan.Union) plan("SELECT value AS v, timestamp FROM visits"
                + " UNION ALL SELECT CAST(value AS INT), timestamp FROM clicks UNION ALL SELECT value, NULL FROM visits");

        assertThat(union.children()).hasSize(2);
        assertThat(union.children().get(0)).isInstanceOf(LogicalPlan.Union.class);
        assertThat(union.streamSources()).containsExactly((LogicalPlan.StreamSource) VISITS,
                (LogicalPlan.StreamSource) CLICKS, (LogicalPlan.StreamSource) VISITS);
        assertThat(schema("SELECT value AS v, timestamp FROM visits UNION ALL SELECT CAST(value AS INT), NULL"
                + " FROM clicks").fields()).extracting(Field::name, field -> field.type().sql())
                .containsExactly(org.assertj.core.groups.Tuple.tuple("v", "BIGINT"),
                        org.assertj.core.groups.Tuple.tuple("timestamp", "TIMESTAMP"));
    }

    @Test
    void plansUnionAsADistinctOfTheUnion() {
        LogicalPlan.Distinct distinct = (LogicalPlan.Distinct) plan("SELECT value % 3 AS k FROM visits"
                + " UNION SELECT value % 4 FROM clicks");

        assertThat(schema("SELECT value % 3 AS k FROM visits UNION SELECT value % 4 FROM clicks").names())
                .containsExactly("k");
        assertThat(distinct.child()).isInstanceOf(LogicalPlan.Union.class);
        assertThat(shape("SELECT value FROM visits UNION DISTINCT SELECT value FROM clicks"))
                .isEqualTo(shape("SELECT value FROM visits UNION SELECT value FROM clicks"));
    }

    @Test
    void refusesAUnionOfAStreamWithATableAsSparkDoes() {
        AnalysisException error = error("SELECT value FROM visits UNION ALL SELECT CAST(sku AS BIGINT) FROM prices");

        assertThat(error.errorClass()).isEqualTo(AnalysisException.UNSUPPORTED_STREAMING_OPERATION);
        assertThat(error).hasMessage("Union between streaming and batch DataFrames/Datasets is not supported;"
                + " line 1 pos 25");
        assertThat(error("SELECT 1 UNION ALL SELECT 2").errorClass()).isEqualTo("WRITE_STREAM_NOT_ALLOWED");
    }

    @Test
    void refusesIntersectAndExceptOfStreamsAsSparkDoes() {
        assertThat(error("SELECT value FROM visits INTERSECT SELECT value FROM clicks"))
                .hasMessageStartingWith("Intersect of streaming DataFrames/Datasets is not supported;");
        assertThat(error("SELECT value FROM visits EXCEPT SELECT value FROM clicks"))
                .hasMessageStartingWith("Except on a streaming DataFrame/Dataset on the right is not supported;");
    }

    @Test
    void refusesTermsOfDifferentWidthsAtTheStartOfTheSetOperation() {
        AnalysisException error = error("SELECT value, timestamp FROM visits\nUNION ALL SELECT value FROM clicks");

        assertThat(error.errorClass()).isEqualTo("NUM_COLUMNS_MISMATCH");
        assertThat(error).hasMessage("[NUM_COLUMNS_MISMATCH] UNION can only be performed on inputs with the same"
                + " number of columns, but the first input has 2 columns and the second input has 1 columns."
                + " SQLSTATE: 42826; line 1 pos 0");
    }

    @Test
    void plansOrderByAfterAnAggregationAsASortOfItsOutputColumns() {
        LogicalPlan.Sort sort = (LogicalPlan.Sort) plan("SELECT value % 3 AS k, count(*) AS n, count(*) FROM visits"
                + " GROUP BY 1 ORDER BY n DESC, 1, count(*) NULLS LAST");

        assertThat(sort.keys()).extracting(key -> key.expression().sql(), LogicalPlan.SortKey::ascending,
                LogicalPlan.SortKey::nullsFirst).containsExactly(org.assertj.core.groups.Tuple.tuple("n", false, false),
                org.assertj.core.groups.Tuple.tuple("k", true, true),
                org.assertj.core.groups.Tuple.tuple("count(1)", true, false));
        assertThat(sort.keys()).extracting(LogicalPlan.SortKey::expression)
                .allMatch(key -> key instanceof Expression.ColumnReference);
        assertThat(sort.child()).isInstanceOf(LogicalPlan.Aggregate.class);
    }

    @Test
    void refusesOrderByOfAStreamWithoutAnAggregationAsSparkDoesAtTheOrderBy() {
        AnalysisException error = error("SELECT value FROM visits\nORDER BY value");

        assertThat(error.errorClass()).isEqualTo(AnalysisException.UNSUPPORTED_STREAMING_OPERATION);
        assertThat(error).hasMessage("Sorting is not supported on streaming DataFrames/Datasets, unless it is on"
                + " aggregated DataFrame/Dataset in Complete output mode; line 2 pos 0");
        // SELECT DISTINCT is Spark's Distinct, which its sorting rule does not count as an aggregation
        assertThat(error("SELECT DISTINCT value % 3 AS k FROM visits ORDER BY k").errorClass())
                .isEqualTo(AnalysisException.UNSUPPORTED_STREAMING_OPERATION);
    }

    @Test
    void refusesAnOrderByInASubqueryOrByAnExpressionAsArusDoesNotSortThemYet() {
        assertThat(error("SELECT * FROM (SELECT value % 3 AS k, count(*) AS n FROM visits GROUP BY 1 ORDER BY n)")
                .errorClass()).isEqualTo("UNSUPPORTED_FEATURE.SQL_CONSTRUCT");
        assertThat(error("SELECT value % 3 AS k, count(*) AS n FROM visits GROUP BY 1 ORDER BY n + 1").errorClass())
                .isEqualTo("UNSUPPORTED_FEATURE.SORT_EXPRESSION");
    }

    @Test
    void refusesAnOrderByPositionOutsideTheSelectListAsSparkDoes() {
        AnalysisException error = error("SELECT value % 3 AS k, count(*) AS n FROM visits GROUP BY 1 ORDER BY 3");

        assertThat(error.errorClass()).isEqualTo("ORDER_BY_POS_OUT_OF_RANGE");
        assertThat(error).hasMessage("[ORDER_BY_POS_OUT_OF_RANGE] ORDER BY position 3 is not in select list (valid"
                + " range is [1, 2]). SQLSTATE: 42805; line 1 pos 69");
    }

    @Test
    void refusesAnUnknownTableAsSparkDoesAtItsLineAndPosition() {
        AnalysisException error = error("SELECT value\nFROM vists");

        assertThat(error.errorClass()).isEqualTo("TABLE_OR_VIEW_NOT_FOUND");
        assertThat(error.position()).isEqualTo(18);
        assertThat(error.getMessage()).startsWith("[TABLE_OR_VIEW_NOT_FOUND] The table or view `vists` cannot be"
                + " found.").endsWith("SQLSTATE: 42P01; line 2 pos 5");
    }

    @Test
    void refusesAnUnknownColumnWithASuggestionAtItsPosition() {
        AnalysisException error = error("SELECT value\nFROM visits\nWHERE valeu > 1");

        assertThat(error.errorClass()).isEqualTo("UNRESOLVED_COLUMN.WITH_SUGGESTION");
        assertThat(error.position()).isEqualTo(31);
        assertThat(error).hasMessage("[UNRESOLVED_COLUMN.WITH_SUGGESTION] A column, variable, or function parameter"
                + " with name `valeu` cannot be resolved. Did you mean one of the following? [`value`, `timestamp`]."
                + " SQLSTATE: 42703; line 3 pos 6");
        // the columns of two sides keep their qualifiers, nearest first, as Spark orders them
        assertThat(error("SELECT c.valeu FROM visits v JOIN clicks c ON v.value = c.value")).hasMessageContaining(
                "Did you mean one of the following? [`c`.`value`, `v`.`value`, `c`.`timestamp`, `v`.`timestamp`]");
    }

    @Test
    void refusesAColumnNeitherGroupedNorAggregated() {
        AnalysisException error = error("SELECT value % 3, timestamp, count(*) FROM visits GROUP BY value % 3");

        assertThat(error.errorClass()).isEqualTo("MISSING_AGGREGATION");
        assertThat(error.position()).isEqualTo(18);
        assertThat(error.getMessage()).startsWith("[MISSING_AGGREGATION] The non-aggregating expression \"timestamp\"");
    }

    @Test
    void refusesAGroupByOrdinalOutsideTheSelectList() {
        AnalysisException error = error("SELECT value, count(*) FROM visits GROUP BY 3");

        assertThat(error.errorClass()).isEqualTo("GROUP_BY_POS_OUT_OF_RANGE");
        assertThat(error.getMessage()).startsWith("[GROUP_BY_POS_OUT_OF_RANGE] GROUP BY position 3 is not in select"
                + " list (valid range is [1, 2]).");
    }

    @Test
    void refusesAStatementThatReadsNoStream() {
        assertThat(error("SELECT * FROM prices").errorClass()).isEqualTo("WRITE_STREAM_NOT_ALLOWED");
        assertThat(error("SELECT 1").errorClass()).isEqualTo("WRITE_STREAM_NOT_ALLOWED");
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "SELECT value FROM visits EXCEPT SELECT sku FROM prices",
        "SELECT value FROM visits LIMIT 1 + 1",
        "SELECT * FROM prices p JOIN prices q USING (sku)",
        "SELECT * FROM STREAM prices",
    })
    void refusesWhatThePlanCannotDoYetWithItsOwnClass(String sql) {
        assertThat(error(sql).errorClass()).isEqualTo(SqlParser.UNSUPPORTED);
    }

    @Test
    void refusesAnAggregateInWhereAsSparkDoes() {
        assertThat(error("SELECT value FROM visits WHERE count(*) > 1").errorClass()).isEqualTo("INVALID_WHERE_CONDITION");
    }

    @Test
    void placesAPlanLevelErrorAtItsClause() {
        AnalysisException error = error("SELECT * FROM visits v\n  FULL JOIN prices p ON CAST(v.value AS STRING) = p.sku");

        assertThat(error.getMessage()).contains("FullOuter joins with streaming DataFrames/Datasets on the left and a"
                + " static DataFrame/Dataset on the right is not supported").endsWith("; line 2 pos 2");
    }

    /**
     * Valid statements cut, doubled, swapped and salted with keywords and stray characters: each
     * plans or is refused with an error class and a place in the text, never anything else.
     */
    @Test
    void refusesEveryMutationOfAValidStatementWithAnErrorClassAndAPlace() {
        List<String> statements = List.of(CHAPTER,
                "WITH t AS (SELECT value % 3 AS k, timestamp FROM STREAM(visits)) SELECT k, count(*) FROM t"
                        + " WATERMARK timestamp DELAY OF INTERVAL 2 SECONDS AS w GROUP BY 1 HAVING count(*) > 1",
                "SELECT DISTINCT v.*, p.price FROM visits v LEFT JOIN prices p ON CAST(v.value AS STRING) = p.sku"
                        + " LATERAL VIEW explode(array(1, 2)) e AS x WHERE x > 1",
                "SELECT * FROM visits v JOIN clicks c USING (value) WHERE v.timestamp BETWEEN c.timestamp AND"
                        + " c.timestamp + INTERVAL 1 MINUTE");
        List<String> words = List.of("SELECT", "FROM", "WHERE", "GROUP", "BY", "JOIN", "ON", "USING", "AS", "WATERMARK",
                "DELAY", "OF", "INTERVAL", "STREAM", "(", ")", ",", "*", ".", "'x'", "1", "LATERAL", "VIEW", "WITH",
                "UNION", "ALL", "DISTINCT", "HAVING", "ORDER", "LIMIT", ";", "--", "/*", "`", "value", "visits");
        Random random = new Random(31);
        int planned = 0;
        for (int i = 0; i < 3_000; i++) {
            String sql = mutated(statements.get(random.nextInt(statements.size())), words, random);
            try {
                plan(sql);
                planned++;
            } catch (ArusException refused) {
                assertThat(refused.errorClass()).as(sql).isNotBlank();
                if (refused instanceof AnalysisException located) {
                    assertThat(located.position()).as("%s: %s", sql, refused.getMessage()).isBetween(0, sql.length());
                }
            }
        }
        assertThat(planned).as("statements that still plan").isPositive();
    }

    private static String mutated(String statement, List<String> words, Random random) {
        List<String> tokens = new ArrayList<>(List.of(statement.split(" ")));
        int mutations = 1 + random.nextInt(3);
        for (int m = 0; m < mutations && !tokens.isEmpty(); m++) {
            int at = random.nextInt(tokens.size());
            switch (random.nextInt(5)) {
                case 0 -> tokens.remove(at);
                case 1 -> tokens.add(at, tokens.get(at));
                case 2 -> Collections.swap(tokens, at, random.nextInt(tokens.size()));
                case 3 -> tokens.add(at, words.get(random.nextInt(words.size())));
                default -> tokens.set(at, tokens.get(at).substring(0, random.nextInt(tokens.get(at).length() + 1)));
            }
        }
        return String.join(" ", tokens);
    }

    private static LogicalPlan plan(String sql) {
        return SqlPlanner.plan(sql, SqlParser.parse(sql).query(), CATALOG);
    }

    /** The plan as text without the positions of its expressions, which differ between two texts of one query. */
    private static String shape(String sql) {
        return plan(sql).toString().replaceAll("position=\\d+", "");
    }

    private static Schema schema(String sql) {
        return QueryPlanner.analyze(plan(sql)).schema();
    }

    private static List<String> columns(String sql) {
        return schema(sql).names();
    }

    private static AnalysisException error(String sql) {
        return catchThrowableOfType(AnalysisException.class, () -> plan(sql));
    }
}
