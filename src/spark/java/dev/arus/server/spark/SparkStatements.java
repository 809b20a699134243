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
import dev.arus.server.web.ProblemType;
import java.util.LinkedHashMap;
import java.util.Map;
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
 * without an entry that is a stream of the event log is found as Arus finds it, and refused:
 * Spark cannot read the event log.
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
        tables.forEach((name, table) -> register(session, name, table));
        Dataset<Row> frame;
        try {
            frame = analysedStatement(() -> session.sql(sql), sql);
        } catch (ProblemException refused) {
            if (refused.getCause() instanceof AnalysisException missing
                    && TABLE_OR_VIEW_NOT_FOUND.equals(missing.getCondition())) {
                throw ifEventLogStream(missing, refused);
            }
            throw refused;
        }
        analysedStatement(frame::writeStream, sql); // a statement over static tables alone is no stream
        return frame;
    }

    /** Registers {@code table} as the view {@code name}, quoted so that any name a statement can quote is one. */
    private void register(SparkSession session, String name, TableSpec given) {
        String pointer = JsonPointer.of("tables", name);
        TableSpec table = required(given, pointer);
        requireText(name, pointer);
        Dataset<Row> frame = Boolean.TRUE.equals(table.isStatic())
                ? inputs.table(session, new Step.StaticTable(table.format(), table.schema(), table.options(), null),
                        pointer)
                : inputs.stream(session, new SourceSpec(table.format(), table.options(), table.schema()), pointer);
        analysed(() -> {
            frame.createOrReplaceTempView("`" + name.replace("`", "``") + "`");
            return frame;
        }, pointer);
    }

    /**
     * A name Spark did not find: when it is a stream of the event log, the refusal says that a
     * Spark query cannot read one, at the name; otherwise Spark's own problem stands.
     */
    private ProblemException ifEventLogStream(AnalysisException missing, ProblemException refused) {
        String quoted = String.valueOf(missing.getMessageParameters().get("relationName"));
        if (quoted.length() < 2 || !quoted.startsWith("`") || !quoted.endsWith("`")
                || quoted.substring(1, quoted.length() - 1).replace("``", "").contains("`")) {
            return refused; // not one name: the log's streams have one-part names
        }
        String name = quoted.substring(1, quoted.length() - 1).replace("``", "`");
        if (!eventLogStreams.has(name)) {
            return refused;
        }
        Map<String, Object> properties = new LinkedHashMap<>(refused.properties());
        properties.remove("errorClass");
        return new ProblemException(ProblemType.UNSUPPORTED_OPERATION, "'" + name + "' is a stream of the event "
                + "log. " + SparkInputs.NO_EVENT_LOG + "; give it an entry in 'tables'", properties)
                .causedBy(missing);
    }
}
