package dev.arus.server.spark;

import static dev.arus.server.query.SpecFields.required;
import static dev.arus.server.query.SpecFields.requireText;
import static dev.arus.server.spark.SparkProblems.analysed;
import static dev.arus.server.spark.SparkProblems.analysedStatement;

import dev.arus.server.query.EventLogStreams;
import dev.arus.server.query.QuerySpec;
import dev.arus.server.query.QuerySpec.SourceSpec;
import dev.arus.server.query.QuerySpec.TableSpec;
import dev.arus.server.query.SqlQueries;
import dev.arus.server.query.Step;
import dev.arus.server.web.JsonPointer;
import dev.arus.server.web.ProblemException;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.spark.sql.AnalysisException;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * A spec's statement on Spark (DESIGN §11): each entry of its {@code tables} is registered as a
 * temporary view of the query's session (a stream as a streaming DataFrame, a static table as a
 * batch one, each read as the steps' source and join table are), then the statement goes to
 * {@code spark.sql} as written. A temporary view belongs to its session and every query has a
 * session of its own, so the views of two queries never meet, whatever their names. A name
 * without an entry that is a stream of the event log is found as Arus finds it, and read as a
 * {@code stream} source of that stream with the default options, registered under its name.
 */
final class SparkStatements {

    /** Spark's error class of a name that is neither a view nor a table. */
    private static final String TABLE_OR_VIEW_NOT_FOUND = "TABLE_OR_VIEW_NOT_FOUND";

    private final SparkInputs inputs;
    private final EventLogStreams eventLogStreams;

    SparkStatements(SparkInputs inputs, EventLogStreams eventLogStreams) {
        this.inputs = inputs;
        this.eventLogStreams = eventLogStreams;
    }

    /**
     * The streaming DataFrame of {@code spec}'s statement over its tables, analysed in
     * {@code session}, which must be the query's own; an error of the statement is the problem
     * of {@code /sql} at its line and column.
     */
    Dataset<Row> frame(SparkSession session, QuerySpec spec) {
        String sql = requireText(spec.sql(), SqlQueries.SQL_POINTER);
        Map<String, TableSpec> tables = spec.tables() == null ? Map.of() : spec.tables();
        tables.forEach((name, table) -> register(session, spec.name(), name, table));
        Set<String> found = new HashSet<>();
        Dataset<Row> frame = null;
        while (frame == null) {
            try {
                frame = analysedStatement(() -> session.sql(sql), sql);
            } catch (ProblemException refused) {
                String stream = eventLogStream(refused).orElse(null);
                if (stream == null || !found.add(stream)) {
                    throw refused;
                }
                register(session, spec.name(), stream, SqlQueries.SQL_POINTER,
                        new SourceSpec("stream", Map.of("stream", stream), null));
            }
        }
        Dataset<Row> statement = frame;
        analysedStatement(statement::writeStream, sql); // a statement over static tables alone is no stream
        return frame;
    }

    /** Registers {@code table} as the view {@code name}, quoted so that any name a statement can quote is one. */
    private void register(SparkSession session, String query, String name, TableSpec given) {
        String pointer = JsonPointer.of("tables", name);
        TableSpec table = required(given, pointer);
        requireText(name, pointer);
        if (Boolean.TRUE.equals(table.isStatic())) {
            view(inputs.table(session, new Step.StaticTable(table.format(), table.schema(), table.options(), null),
                    pointer), name, pointer);
        } else {
            register(session, query, name, pointer, new SourceSpec(table.format(), table.options(), table.schema()));
        }
    }

    /** Registers the stream of {@code source}, at {@code pointer} in the spec, as the view {@code name}. */
    private void register(SparkSession session, String query, String name, String pointer, SourceSpec source) {
        view(inputs.stream(session, source, pointer, query), name, pointer);
    }

    private static void view(Dataset<Row> frame, String name, String pointer) {
        analysed(() -> {
            frame.createOrReplaceTempView("`" + name.replace("`", "``") + "`");
            return frame;
        }, pointer);
    }

    /**
     * The name Spark did not find in {@code refused}, when it is one stream of the event log: a
     * statement reads it by its name without an entry in {@code tables}, as on Arus's engine.
     */
    private Optional<String> eventLogStream(ProblemException refused) {
        if (!(refused.getCause() instanceof AnalysisException missing)
                || !TABLE_OR_VIEW_NOT_FOUND.equals(missing.getCondition())) {
            return Optional.empty();
        }
        String quoted = String.valueOf(missing.getMessageParameters().get("relationName"));
        if (quoted.length() < 2 || !quoted.startsWith("`") || !quoted.endsWith("`")
                || quoted.substring(1, quoted.length() - 1).replace("``", "").contains("`")) {
            return Optional.empty(); // not one name: the log's streams have one-part names
        }
        String name = quoted.substring(1, quoted.length() - 1).replace("``", "`");
        return eventLogStreams.has(name) ? Optional.of(name) : Optional.empty();
    }
}
