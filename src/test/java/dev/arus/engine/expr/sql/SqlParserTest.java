package dev.arus.engine.expr.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.arus.engine.expr.Expression;
import dev.arus.engine.expr.sql.SqlQueryTerm.Item;
import dev.arus.engine.expr.sql.SqlQueryTerm.Select;
import dev.arus.engine.expr.sql.SqlQueryTerm.Star;
import dev.arus.engine.expr.sql.SqlRelation.Derived;
import dev.arus.engine.expr.sql.SqlRelation.Join;
import dev.arus.engine.expr.sql.SqlRelation.Table;
import dev.arus.engine.streaming.ParseException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SqlParserTest {

    private static final String CHAPTER = """
            SELECT window(event_time, '8 seconds') AS window, count(*) AS count
            FROM visits WATERMARK CAST(unix_timestamp(timestamp) - value % 3 AS TIMESTAMP) AS event_time
                                  DELAY OF INTERVAL 4 SECONDS
            GROUP BY window(event_time, '8 seconds')
            """;

    @Test
    void readsTheChaptersQuery() {
        Select select = select(CHAPTER);

        assertThat(select.items()).extracting(item -> ((Item) item).expression().sql())
                .containsExactly("window(event_time, 8 seconds) AS window", "count(1) AS count");
        Table visits = (Table) select.from().get(0);
        assertThat(visits.name()).containsExactly("visits");
        assertThat(visits.stream()).isFalse();
        assertThat(visits.alias()).isNull();
        assertThat(visits.watermark().column().sql())
                .isEqualTo("CAST((unix_timestamp(timestamp) - (value % 3)) AS TIMESTAMP) AS event_time");
        assertThat(visits.watermark().delay().intervalMicros()).hasValue(4_000_000L);
        assertThat(select.groupBy()).extracting(Expression::sql).containsExactly("window(event_time, 8 seconds)");
        assertThat(select.where()).isNull();
        assertThat(select.having()).isNull();
    }

    @Test
    void keepsEachExpressionsOffsetInTheWholeStatement() {
        Select select = select(CHAPTER);

        Expression count = ((Item) select.items().get(1)).expression();
        assertThat(CHAPTER.substring(((Expression.Alias) count).child().position())).startsWith("count(*)");
        assertThat(CHAPTER.substring(select.groupBy().get(0).position())).startsWith("window(event_time");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "SELECT * FROM STREAM visits|visits",
        "SELECT * FROM STREAM(visits)|visits",
        "SELECT * FROM stream ( shop.visits )|shop.visits",
    })
    void readsStreamRelationsInBothForms(String sql, String name) {
        Table table = (Table) select(sql).from().get(0);

        assertThat(table.stream()).isTrue();
        assertThat(table.qualifiedName()).isEqualTo(name);
    }

    @Test
    void takesTheRelationsAliasAfterItsWatermarkClause() {
        Table table = (Table) select("SELECT v.value FROM STREAM(visits) WATERMARK timestamp DELAY OF INTERVAL 2"
                + " SECONDS AS v").from().get(0);

        assertThat(table.alias()).isEqualTo("v");
        assertThat(table.watermark().column()).isInstanceOf(Expression.ColumnReference.class);
        assertThat(table.watermark().delay().intervalMicros()).hasValue(2_000_000L);
    }

    @Test
    void refusesAnAliasBeforeTheWatermarkClauseAsSparkDoes() {
        ParseException error = parseError("SELECT * FROM visits AS v WATERMARK timestamp DELAY OF INTERVAL 2 SECONDS");

        assertThat(error.errorClass()).isEqualTo("PARSE_SYNTAX_ERROR");
        assertThat(error.getMessage()).isEqualTo("[PARSE_SYNTAX_ERROR] Syntax error at or near 'WATERMARK'."
                + " SQLSTATE: 42601 (line 1, pos 26)");
        assertThat(error.position()).isEqualTo(26);
    }

    @Test
    void refusesADelayThatIsNoIntervalLiteralWithSparksHint() {
        ParseException error = parseError("SELECT *\nFROM visits WATERMARK timestamp DELAY OF '4 seconds'");

        assertThat(error.getMessage()).isEqualTo("[PARSE_SYNTAX_ERROR] Syntax error at or near ''4 seconds'':"
                + " missing 'INTERVAL'. SQLSTATE: 42601 (line 2, pos 41)");
    }

    @Test
    void readsAWatermarkOnADerivedTable() {
        Derived derived = (Derived) select("SELECT * FROM (SELECT value, timestamp AS ts FROM visits)"
                + " WATERMARK ts DELAY OF INTERVAL 10 SECONDS d").from().get(0);

        assertThat(derived.alias()).isEqualTo("d");
        assertThat(derived.watermark().column().sql()).isEqualTo("ts");
        assertThat(((Select) derived.query().body()).items()).hasSize(2);
    }

    @Test
    void readsStarsPlainAndQualified() {
        Select select = select("SELECT *, v.*, shop.v.* , value FROM visits v");

        assertThat(select.items()).hasSize(4);
        assertThat(((Star) select.items().get(0)).qualifier()).isEmpty();
        assertThat(((Star) select.items().get(1)).qualifier()).containsExactly("v");
        assertThat(((Star) select.items().get(2)).qualifier()).containsExactly("shop", "v");
        assertThat(((Item) select.items().get(3)).expression().sql()).isEqualTo("value");
    }

    @Test
    void readsAliasesWithAndWithoutAs() {
        Select select = select("SELECT value AS v, value % 3 bucket, count(*) count FROM visits");

        assertThat(select.items()).extracting(item -> ((Item) item).expression().sql())
                .containsExactly("value AS v", "(value % 3) AS bucket", "count(1) AS count");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "JOIN|inner",
        "INNER JOIN|inner",
        "CROSS JOIN|cross",
        "LEFT JOIN|left_outer",
        "LEFT OUTER JOIN|left_outer",
        "RIGHT OUTER JOIN|right_outer",
        "RIGHT JOIN|right_outer",
        "FULL JOIN|full_outer",
        "FULL OUTER JOIN|full_outer",
        "LEFT SEMI JOIN|left_semi",
        "SEMI JOIN|left_semi",
        "LEFT ANTI JOIN|left_anti",
        "ANTI JOIN|left_anti",
    })
    void readsEveryJoinTypeOfSparksGrammar(String words, String type) {
        Join join = (Join) select("SELECT * FROM clicks c " + words + " impressions i ON c.ad_id = i.ad_id")
                .from().get(0);

        assertThat(join.type()).isEqualTo(type);
        assertThat(join.condition().sql()).isEqualTo("(c.ad_id = i.ad_id)");
        assertThat(((Table) join.left()).alias()).isEqualTo("c");
        assertThat(((Table) join.right()).alias()).isEqualTo("i");
    }

    @Test
    void readsJoinsLeftToRightWithUsingColumns() {
        Join outer = (Join) select("SELECT * FROM a JOIN b USING (k) LEFT JOIN c USING (k, j)").from().get(0);

        assertThat(outer.type()).isEqualTo("left_outer");
        assertThat(outer.using()).containsExactly("k", "j");
        Join inner = (Join) outer.left();
        assertThat(inner.using()).containsExactly("k");
        assertThat(((Table) inner.left()).qualifiedName()).isEqualTo("a");
        assertThat(((Table) outer.right()).qualifiedName()).isEqualTo("c");
    }

    @Test
    void readsCommaSeparatedRelationsAsSeveralRelations() {
        assertThat(select("SELECT * FROM a, b WHERE a.k = b.k").from()).hasSize(2);
    }

    @Test
    void readsEveryClauseOfASelectBlock() {
        Select select = select("""
                SELECT DISTINCT key, sum(value) AS total
                FROM events
                LATERAL VIEW OUTER explode(tags) t AS tag
                WHERE value > 0
                GROUP BY key, 1
                HAVING sum(value) > 10
                """);

        assertThat(select.distinct()).isTrue();
        assertThat(select.lateralViews()).hasSize(1);
        SqlQueryTerm.LateralView view = select.lateralViews().get(0);
        assertThat(view.outer()).isTrue();
        assertThat(view.generator().name()).isEqualTo("explode");
        assertThat(view.tableAlias()).isEqualTo("t");
        assertThat(view.columnAliases()).containsExactly("tag");
        assertThat(select.where().sql()).isEqualTo("(value > 0)");
        assertThat(select.groupBy()).extracting(Expression::sql).containsExactly("key", "1");
        assertThat(select.having().sql()).isEqualTo("(sum(value) > 10)");
    }

    @Test
    void readsCommonTablesSetOperationsOrderAndLimit() {
        SqlQuery query = SqlParser.parse("""
                WITH recent (v) AS (SELECT value FROM visits), old AS (SELECT value FROM archive)
                SELECT v FROM recent UNION ALL SELECT value FROM old UNION SELECT 1 FROM old
                ORDER BY 1 DESC NULLS LAST
                LIMIT 10;
                """).query();

        assertThat(query.with()).extracting(SqlQuery.CommonTable::name).containsExactly("recent", "old");
        assertThat(query.with().get(0).columnAliases()).containsExactly("v");
        SqlQueryTerm.SetOperation union = (SqlQueryTerm.SetOperation) query.body();
        assertThat(union.all()).isFalse();
        assertThat(((SqlQueryTerm.SetOperation) union.left()).all()).isTrue();
        assertThat(query.orderBy()).singleElement().satisfies(item -> {
            assertThat(item.ascending()).isFalse();
            assertThat(item.nullsFirst()).isFalse();
        });
        assertThat(query.limit().sql()).isEqualTo("10");
    }

    @Test
    void bindsIntersectTighterThanUnion() {
        SqlQueryTerm.SetOperation union = (SqlQueryTerm.SetOperation) SqlParser.parse(
                "SELECT a FROM x UNION SELECT a FROM y INTERSECT SELECT a FROM z").query().body();

        assertThat(union.operator()).isEqualTo("UNION");
        assertThat(((SqlQueryTerm.SetOperation) union.right()).operator()).isEqualTo("INTERSECT");
    }

    @Test
    void readsCreateStreamingTable() {
        SqlStatement statement = SqlParser.parse("CREATE STREAMING TABLE IF NOT EXISTS revenue"
                + " COMMENT 'per minute' AS SELECT * FROM STREAM(orders)");

        SqlStatement.CreateStreamingTable create = (SqlStatement.CreateStreamingTable) statement;
        assertThat(create.name()).containsExactly("revenue");
        assertThat(create.ifNotExists()).isTrue();
        assertThat(create.namePosition()).isEqualTo("CREATE STREAMING TABLE IF NOT EXISTS ".length());
        assertThat(((Table) ((Select) create.query().body()).from().get(0)).stream()).isTrue();
    }

    @Test
    void skipsSparksCommentsAndTrailingSemicolons() {
        Select select = select("""
                -- visits per value
                SELECT value /* the key, /* nested */ still a comment */ FROM visits;;
                """);

        assertThat(select.items()).singleElement().extracting(item -> ((Item) item).expression().sql())
                .isEqualTo("value");
    }

    @Test
    void tellsAWordThatAliasesFromAClauseKeyword() {
        Select select = select("SELECT value FROM visits LEFT JOIN prices USING (value) WHERE value > 1");

        assertThat(((Table) ((Join) select.from().get(0)).left()).alias()).isNull();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "SELECT FROM visits|'FROM'|0,7",
        "SELECT value FROM|end of input|0,17",
        "SELECT value FROM visits WHERE|end of input|0,30",
        "SELECT value\\nFROM visits\\nGROUP value|'value': missing 'BY'|2,6",
        "SELECT value FROM visits visits2 visits3|'visits3': extra input 'visits3'|0,33",
        "SELECT count(* FROM visits|'FROM': missing ')'|0,15",
        "SELEC value FROM visits|'SELEC'|0,0",
        "SELECT value FROM visits JOIN|end of input|0,29",
    })
    void reportsSyntaxErrorsInSparksWordsAtTheirLineAndPosition(String sql, String near, String linePos) {
        ParseException error = parseError(sql.replace("\\n", "\n"));

        String[] at = linePos.split(",");
        int line = Integer.parseInt(at[0]) + 1;
        assertThat(error.errorClass()).isEqualTo("PARSE_SYNTAX_ERROR");
        assertThat(error.getMessage()).isEqualTo("[PARSE_SYNTAX_ERROR] Syntax error at or near " + near
                + ". SQLSTATE: 42601 (line " + line + ", pos " + at[1] + ")");
    }

    @Test
    void reportsAnEmptyStatementAsSparkDoes() {
        assertThat(parseError("  -- nothing\n").errorClass()).isEqualTo("PARSE_EMPTY_STATEMENT");
        assertThat(parseError(";").errorClass()).isEqualTo("PARSE_EMPTY_STATEMENT");
    }

    @Test
    void reportsATrailingCommaInTheSelectListAsSparkDoes() {
        ParseException error = parseError("SELECT value, FROM visits");

        assertThat(error.errorClass()).isEqualTo("TRAILING_COMMA_IN_SELECT");
        assertThat(error.position()).isEqualTo(14);
    }

    @Test
    void reportsAnUnclosedCommentAsSparkDoes() {
        assertThat(parseError("SELECT value /* FROM visits").errorClass()).isEqualTo("UNCLOSED_BRACKETED_COMMENT");
    }

    @Test
    void keepsALiteralsOwnErrorClassWithItsLine() {
        ParseException error = parseError("SELECT DATE '2026-13-45'\nFROM visits");

        assertThat(error.errorClass()).isEqualTo("INVALID_TYPED_LITERAL");
        assertThat(error.getMessage()).endsWith("(line 1, pos 7)");
    }

    @Test
    void refusesAWindowFunctionAsSparkRefusesItOnAStream() {
        ParseException error = parseError("SELECT row_number() OVER (ORDER BY value) AS n FROM visits");

        assertThat(error.errorClass()).isEqualTo("NON_TIME_WINDOW_NOT_SUPPORTED_IN_STREAMING");
        assertThat(error.position()).isEqualTo(7);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "SELECT value FROM visits WHERE value IN (SELECT value FROM other)|41",
        "SELECT (SELECT max(value) FROM other) FROM visits|8",
        "SELECT * FROM visits TABLESAMPLE (10 PERCENT)|21",
        "SELECT * FROM range(10)|14",
        "SELECT * FROM visits PIVOT (count(*) FOR value IN (1, 2))|21",
        "SELECT value FROM visits GROUP BY ROLLUP (value)|34",
        "SELECT value FROM visits GROUP BY GROUPING SETS ((value))|34",
        "SELECT * FROM visits LIMIT 10 OFFSET 5|30",
        "WITH RECURSIVE r AS (SELECT 1) SELECT * FROM r|5",
        "INSERT INTO t SELECT * FROM visits|0",
        "CREATE MATERIALIZED VIEW v AS SELECT * FROM visits|0",
        "CREATE STREAMING TABLE t (a INT) AS SELECT * FROM visits|25",
        "SELECT * FROM visits v(a, b)|22",
        "SELECT * FROM visits, LATERAL (SELECT 1)|22",
    })
    void refusesWhatSparkParsesAndArusDoesNotRunAtItsPlace(String sql, int position) {
        ParseException error = parseError(sql);

        assertThat(error.errorClass()).isEqualTo(SqlParser.UNSUPPORTED);
        assertThat(error.getMessage()).startsWith("[UNSUPPORTED_FEATURE.SQL_CONSTRUCT] The feature is not"
                + " supported: ");
        assertThat(error.position()).isEqualTo(position);
    }

    @Test
    void refusesAStatementLongerThanItsLimit() {
        String sql = "SELECT value FROM visits WHERE " + "value > 0 AND ".repeat(SqlParser.MAX_LENGTH / 10) + "true";

        assertThatThrownBy(() -> SqlParser.parse(sql)).isInstanceOf(ParseException.class)
                .hasMessageContaining("at most " + SqlParser.MAX_LENGTH);
    }

    @Test
    void refusesQueriesNestedDeeperThanItsLimit() {
        String sql = "SELECT * FROM (".repeat(SqlParser.MAX_NESTING + 1) + "SELECT 1" + ")".repeat(SqlParser.MAX_NESTING + 1);

        assertThat(parseError(sql).getMessage()).contains("nests queries more than " + SqlParser.MAX_NESTING);
    }

    @Test
    void readsAParenthesizedJoinAsOneRelation() {
        SqlRelation.Parenthesized nested = (SqlRelation.Parenthesized) select(
                "SELECT * FROM (a JOIN b USING (k)) AS ab").from().get(0);

        assertThat(nested.alias()).isEqualTo("ab");
        assertThat(nested.relation()).isInstanceOf(Join.class);
        assertThat(nested.watermark()).isNull();
    }

    private static Select select(String sql) {
        return (Select) SqlParser.parse(sql).query().body();
    }

    private static ParseException parseError(String sql) {
        return catchThrowableOfType(ParseException.class, () -> SqlParser.parse(sql));
    }
}
