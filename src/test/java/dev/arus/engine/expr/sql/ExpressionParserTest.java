package dev.arus.engine.expr.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.DecimalType;
import dev.arus.engine.expr.Expression.Binary;
import dev.arus.engine.expr.Expression.Literal;
import dev.arus.engine.expr.Expression;
import dev.arus.engine.streaming.ParseException;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ExpressionParserTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "a + b * c|(a + (b * c))",
        "a * b + c|((a * b) + c)",
        "a - b - c|((a - b) - c)",
        "a OR b AND c|(a OR (b AND c))",
        "NOT a = b|(NOT (a = b))",
        "NOT a AND b|((NOT a) AND b)",
        "a + 1 > b * 2|((a + 1) > (b * 2))",
        "a = 1 IS NULL|((a = 1) IS NULL)",
        "x IS NOT NULL|(x IS NOT NULL)",
        "-a * b|((- a) * b)",
        "-1 * b|(-1 * b)",
        "(a + b) * c|((a + b) * c)",
        "a != b|(NOT (a = b))",
        "a <> b|(NOT (a = b))",
        "a == b|(a = b)",
        "a <=> b|(a <=> b)",
        "x IN (1, 2, 3)|(x IN (1, 2, 3))",
        "x NOT IN (1, 2)|(NOT (x IN (1, 2)))",
        "value % 3|(value % 3)",
        "window.start|window.start",
        "`odd name` + 1|(odd name + 1)",
        "COUNT(*)|count(1)",
        "Sum(value)|sum(value)",
        "CAST(x AS long)|CAST(x AS BIGINT)",
        "CAST(x AS integer)|CAST(x AS INT)",
        "CASE WHEN a > 1 THEN 'big' ELSE 'small' END|CASE WHEN (a > 1) THEN big ELSE small END",
        "CASE x WHEN 1 THEN 'one' END|CASE WHEN (x = 1) THEN one END",
        "ts + INTERVAL '4' SECOND|(ts + INTERVAL '04' SECOND)",
        "ts - INTERVAL 4 SECONDS|(ts - INTERVAL '04' SECOND)",
        "concat(a, '-', b)|concat(a, -, b)",
        "transform(a, x -> x + 1)|transform(a, lambdafunction((x + 1), x))",
        "transform(a, (x, i) -> x + i * 2)|transform(a, lambdafunction((x + (i * 2)), x, i))",
        "filter(a, x -> x > 1 AND x < 5)|filter(a, lambdafunction(((x > 1) AND (x < 5)), x))",
        "aggregate(a, 0, (acc, x) -> acc + x, acc -> acc * 10)"
                + "|aggregate(a, 0, lambdafunction((acc + x), acc, x), lambdafunction((acc * 10), acc))",
        "transform(a, `the x` -> `the x`)|transform(a, lambdafunction(the x, the x))",
        "a->b|lambdafunction(b, a)",
        "a - -b|(a - (- b))",
    })
    void parsesWithSparkPrecedenceAndPrintsSparkPrettySql(String text, String sql) {
        assertThat(ExpressionParser.parse(text).sql()).isEqualTo(sql);
    }

    @Test
    void refusesTextLongerThanItsLimitBeforeReadingIt() {
        String tooLong = "a" + " ".repeat(ExpressionParser.MAX_LENGTH);
        assertThatThrownBy(() -> ExpressionParser.parse(tooLong))
                .isInstanceOfSatisfying(ParseException.class, e -> assertThat(e.position()).isEqualTo(ExpressionParser.MAX_LENGTH))
                .hasMessage("[PARSE_SYNTAX_ERROR] The expression is " + (ExpressionParser.MAX_LENGTH + 1)
                        + " characters long; at most " + ExpressionParser.MAX_LENGTH + " are allowed");
    }

    @Test
    void typesIntegerLiteralsAsIntWhenTheyFitElseBigint() {
        assertThat(literal("7").type()).isEqualTo(AtomicType.INT);
        assertThat(literal("2147483648").type()).isEqualTo(AtomicType.LONG);
        assertThat(literal("7L").type()).isEqualTo(AtomicType.LONG);
        assertThat(literal("-2147483648").value()).isEqualTo(Integer.MIN_VALUE);
    }

    @Test
    void typesDecimalsAsDecimalsAndExponentsAsDoubles() {
        assertThat(literal("1.50").value()).isEqualTo(new BigDecimal("1.50"));
        assertThat(literal("1.50").type()).isEqualTo(new DecimalType(3, 2));
        assertThat(literal("1.50").sql()).isEqualTo("1.50");
        // Spark prints a double literal with Scala's Double.toString: 1e3 -> 1000.0.
        assertThat(literal("1e3").sql()).isEqualTo("1000.0");
        assertThat(literal("1e3").type()).isEqualTo(AtomicType.DOUBLE);
    }

    @Test
    void unescapesStringsInEitherQuote() {
        assertThat(literal("'it\\'s'").value()).isEqualTo("it's");
        assertThat(literal("\"a\\tb\"").value()).isEqualTo("a\tb");
        assertThat(literal("TRUE").value()).isEqualTo(true);
        assertThat(literal("null").type()).isEqualTo(AtomicType.NULL);
    }

    @Test
    void recordsTheStartPositionOfEveryNode() {
        Binary sum = (Binary) ExpressionParser.parse("  a +  foo");
        assertThat(sum.position()).isEqualTo(2);
        assertThat(sum.right().position()).isEqualTo(7);
    }

    @Test
    void parsesIntervalLiteralsToMicroseconds() {
        Binary sum = (Binary) ExpressionParser.parse("ts + INTERVAL '10 minutes 30 seconds'");
        assertThat(((Literal) sum.right()).value()).isEqualTo(Duration.ofSeconds(630));
        assertThat(((Literal) sum.right()).type().simpleString()).isEqualTo("interval minute to second");
    }

    @Test
    void parsesAnOptionalAlias() {
        Expression named = ExpressionParser.parseNamed("count(*) AS count");
        assertThat(named).isInstanceOf(Expression.Alias.class);
        assertThat(((Expression.Alias) named).name()).isEqualTo("count");
        assertThat(((Expression.Alias) ExpressionParser.parseNamed("x + 1 y")).name()).isEqualTo("y");
        assertThat(((Expression.Alias) ExpressionParser.parseNamed("x AS `my col`")).name()).isEqualTo("my col");
        assertThat(ExpressionParser.parseNamed("x")).isInstanceOf(Expression.ColumnReference.class);
    }

    @Test
    void parsesKeywordsAsFieldNamesAfterADot() {
        Expression end = ExpressionParser.parse("window.end");
        assertThat(((Expression.ColumnReference) end).nameParts()).isEqualTo(List.of("window", "end"));
    }

    @Test
    void parsesLambdasWithSparksGrammarTwoOrMoreNamesInParentheses() {
        Expression call = ExpressionParser.parse("transform(headers, h -> h.key)");
        Expression.Lambda lambda = (Expression.Lambda) call.children().get(1);
        assertThat(lambda.parameters()).containsExactly("h");
        assertThat(lambda.position()).isEqualTo(19);
        assertThat(((Expression.ColumnReference) lambda.body()).nameParts()).containsExactly("h", "key");
        assertThatThrownBy(() -> ExpressionParser.parse("transform(a, (x) -> x)"))
                .isInstanceOf(ParseException.class)
                .hasMessage("[PARSE_SYNTAX_ERROR] Syntax error at or near '->' at position 17: expected ')'");
        assertThatThrownBy(() -> ExpressionParser.parse("transform(a, (x, 1) -> x)"))
                .isInstanceOf(ParseException.class);
    }

    @Test
    void reportsWhereAndWhatWasExpected() {
        assertThatThrownBy(() -> ExpressionParser.parse("(value + 1) * )"))
                .isInstanceOf(ParseException.class)
                .hasMessage("[PARSE_SYNTAX_ERROR] Syntax error at or near ')' at position 14: expected an expression")
                .extracting(e -> ((ParseException) e).position()).isEqualTo(14);
        assertThatThrownBy(() -> ExpressionParser.parse("abs(value"))
                .hasMessage("[PARSE_SYNTAX_ERROR] Syntax error at or near end of input at position 9: expected ')'");
        assertThatThrownBy(() -> ExpressionParser.parse("a b"))
                .hasMessage("[PARSE_SYNTAX_ERROR] Syntax error at or near 'b' at position 2: expected end of input");
        assertThatThrownBy(() -> ExpressionParser.parse("CAST(a AS dat)"))
                .hasMessageContaining("Unsupported data type \"DAT\" at position 10: it is not a Spark SQL type");
        assertThatThrownBy(() -> ExpressionParser.parse("CAST(a AS varchar(3))"))
                .isInstanceOfSatisfying(ParseException.class, e -> {
                    assertThat(e.errorClass()).isEqualTo("UNSUPPORTED_DATATYPE");
                    assertThat(e.position()).isEqualTo(10);
                })
                .hasMessageContaining("Unsupported data type \"VARCHAR(3)\" at position 10");
        assertThatThrownBy(() -> ExpressionParser.parse("'open"))
                .hasMessageContaining("unclosed string literal");
    }

    @Test
    void rejectsBadIntervalLiteralsWithTheIntervalMessage() {
        assertThatThrownBy(() -> ExpressionParser.parse("ts + INTERVAL '4 secs'"))
                .isInstanceOf(ParseException.class)
                .hasMessageStartingWith("[INVALID_INTERVAL_FORMAT] Error parsing the interval at position 5:"
                        + " invalid unit 'secs'");
    }

    private static Literal literal(String text) {
        return (Literal) ExpressionParser.parse(text);
    }
}
