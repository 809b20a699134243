package dev.arus.server.query;

import dev.arus.engine.streaming.AnalysisException;
import dev.arus.engine.streaming.ArusException;
import dev.arus.engine.streaming.TextPosition;
import dev.arus.server.web.ProblemException;
import dev.arus.server.web.ProblemType;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The service's side of a query written in SQL (DESIGN §11): a spec has {@code sql} (with its
 * {@code tables}) or {@code source} and {@code steps}, never both; and an error of the statement
 * is a problem pointing at {@code /sql} with its line and column (1-based), its 0-based
 * {@code position} in the statement and the engine's error class.
 */
public final class SqlQueries {

    /** Where a spec holds its statement. */
    public static final String SQL_POINTER = "/sql";

    /** Error classes of what a stream cannot do, or Arus not yet: the statement is valid SQL. */
    private static final Set<String> UNSUPPORTED = Set.of("UNSUPPORTED_FEATURE",
            AnalysisException.UNSUPPORTED_STREAMING_OPERATION, "NON_TIME_WINDOW_NOT_SUPPORTED_IN_STREAMING",
            "WRITE_STREAM_NOT_ALLOWED", "UNSUPPORTED_JOIN_TYPE", "MULTIPLE_TIME_WINDOWS");

    private SqlQueries() {
    }

    /** Refuses a spec with {@code sql} beside {@code source} or {@code steps}, or {@code tables} without {@code sql}. */
    static void checkExclusive(QuerySpec spec) {
        if (spec.sql() != null && (spec.source() != null || spec.steps() != null)) {
            throw ProblemException.at(ProblemType.INVALID_SPEC, SQL_POINTER, "A spec has either 'sql' (with its "
                    + "'tables') or 'source' and 'steps', not both");
        }
        if (spec.sql() == null && spec.tables() != null) {
            throw ProblemException.at(ProblemType.INVALID_SPEC, "/tables", "'tables' name the inputs of 'sql'; a spec"
                    + " without 'sql' reads its 'source'");
        }
    }

    /**
     * The statement's error as a problem at its line and column in {@code sql}; an error without a
     * place in it (an event-log stream that cannot be read) points at the statement.
     */
    static ProblemException problem(String sql, ArusException error) {
        int position = error instanceof AnalysisException located ? located.position() : -1;
        return problem(sql, error.errorClass(), error.getMessage(), position).causedBy(error);
    }

    /**
     * An error of class {@code errorClass} (none when null) in the statement {@code sql}, at the
     * 0-based {@code position} in it (nowhere in it when negative), as the problem whichever engine
     * found it answers: a construct a stream cannot run, or Arus not yet, is an unsupported
     * operation, anything else invalid SQL.
     */
    public static ProblemException problem(String sql, @Nullable String errorClass, String message, int position) {
        Map<String, Object> properties = new LinkedHashMap<>();
        properties.put("pointer", SQL_POINTER);
        if (position >= 0) {
            TextPosition at = TextPosition.of(sql, position);
            properties.put("line", at.line());
            properties.put("column", at.column());
            properties.put("position", position);
        }
        if (errorClass != null) {
            properties.put("errorClass", errorClass);
        }
        boolean unsupported = errorClass != null && UNSUPPORTED.stream()
                .anyMatch(kind -> errorClass.equals(kind) || errorClass.startsWith(kind + "."));
        return new ProblemException(unsupported ? ProblemType.UNSUPPORTED_OPERATION : ProblemType.INVALID_SQL, message,
                properties);
    }
}
