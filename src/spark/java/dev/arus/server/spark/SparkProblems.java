package dev.arus.server.spark;

import dev.arus.server.query.SqlQueries;
import dev.arus.server.web.ProblemException;
import dev.arus.server.web.ProblemType;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.spark.QueryContext;
import org.apache.spark.QueryContextType;
import org.apache.spark.sql.AnalysisException;
import org.apache.spark.sql.catalyst.parser.ParseException;

/**
 * Spark's refusals as the service's problems. Spark analyses eagerly: a step applied, a view
 * registered or a statement given to {@code spark.sql} is checked on the spot, and what Spark
 * refuses (an {@link AnalysisException}, a {@link ParseException} among them) becomes a problem
 * with Spark's error class, at the spec's field, or in a statement at its place in the text.
 */
final class SparkProblems {

    /** Where Spark's parser ends its message and begins to quote the statement. */
    private static final String QUOTED_STATEMENT = "\n\n== SQL ==";

    private SparkProblems() {
    }

    /**
     * Runs one step of Spark's eager analysis; Spark's refusal (a parse error, an unknown column, an
     * operation a stream does not allow) is a problem at {@code pointer} in Spark's words.
     */
    static <T> T analysed(Supplier<T> step, String pointer) {
        try {
            return step.get();
        } catch (Exception thrown) { // Spark's AnalysisException is checked in Java's eyes, and thrown unchecked
            if (thrown instanceof AnalysisException invalid) {
                String condition = invalid.getCondition();
                ProblemType type = condition != null && condition.startsWith("UNSUPPORTED")
                        ? ProblemType.UNSUPPORTED_OPERATION : ProblemType.INVALID_EXPRESSION;
                Map<String, Object> properties = new LinkedHashMap<>();
                properties.put("pointer", pointer);
                properties.put("engine", "spark");
                if (condition != null) {
                    properties.put("errorClass", condition);
                }
                throw new ProblemException(type, invalid.getMessage(), properties).causedBy(invalid);
            }
            throw otherwise(thrown, pointer);
        }
    }

    /**
     * Runs {@code step}, which analyses the statement {@code sql}; Spark's refusal is the problem
     * of the statement at its line and column, in Spark's words without the plan or the quoted
     * statement, as Arus's engine reports the same error.
     */
    static <T> T analysedStatement(Supplier<T> step, String sql) {
        try {
            return step.get();
        } catch (Exception thrown) { // as above
            if (thrown instanceof AnalysisException invalid) {
                throw ofStatement(sql, invalid);
            }
            throw otherwise(thrown, SqlQueries.SQL_POINTER);
        }
    }

    /**
     * Spark's refusal of the statement {@code sql} as the problem of the statement at its line and
     * column (when Spark names them), in Spark's words without the plan or the quoted statement, as
     * Arus's engine reports the same error.
     */
    static ProblemException ofStatement(String sql, AnalysisException invalid) {
        ProblemException problem = SqlQueries.problem(sql, invalid.getCondition(), message(invalid),
                position(sql, invalid));
        Map<String, Object> properties = new LinkedHashMap<>(problem.properties());
        properties.put("engine", "spark");
        return new ProblemException(problem.type(), problem.getMessage(), properties).causedBy(invalid);
    }

    /** A refusal of an argument outside Spark's analysis is an invalid spec at {@code pointer}; the rest go on. */
    private static RuntimeException otherwise(Exception thrown, String pointer) {
        if (thrown instanceof IllegalArgumentException || thrown instanceof UnsupportedOperationException) {
            return ProblemException.at(ProblemType.INVALID_SPEC, pointer, String.valueOf(thrown.getMessage()))
                    .causedBy(thrown);
        }
        return (RuntimeException) thrown;
    }

    /** Spark's message without the plan: a parse error's place in it, an analysis error's after it. */
    static String message(AnalysisException invalid) {
        if (invalid instanceof ParseException) {
            String message = invalid.getMessage();
            int quoted = message.indexOf(QUOTED_STATEMENT);
            return (quoted < 0 ? message : message.substring(0, quoted)).strip();
        }
        return invalid.getSimpleMessage();
    }

    /**
     * The 0-based place in {@code sql} (in chars) where Spark found the error: the start of the
     * fragment its context quotes, else its line and position in the line; -1 when it names none.
     * Spark counts code points.
     */
    static int position(String sql, AnalysisException invalid) {
        for (QueryContext context : invalid.getQueryContext()) {
            if (context.contextType() == QueryContextType.SQL && context.startIndex() >= 0) {
                return chars(sql, 0, context.startIndex());
            }
        }
        if (invalid.line().isEmpty() || invalid.startPosition().isEmpty()) {
            return -1;
        }
        int line = (Integer) invalid.line().get();
        int lineStart = 0;
        for (int seen = 1; seen < line; seen++) {
            int end = sql.indexOf('\n', lineStart);
            if (end < 0) {
                return -1;
            }
            lineStart = end + 1;
        }
        return chars(sql, lineStart, (Integer) invalid.startPosition().get());
    }

    /** The char offset {@code codePoints} code points after {@code from} in {@code text}, at most its end. */
    private static int chars(String text, int from, int codePoints) {
        int available = text.codePointCount(from, text.length());
        return text.offsetByCodePoints(from, Math.min(codePoints, available));
    }
}
