package dev.arus.server.spark;

import dev.arus.engine.streaming.BatchFunction;
import dev.arus.engine.streaming.OutputMode;
import dev.arus.engine.streaming.QueryStateReader;
import dev.arus.engine.streaming.StreamingQuery;
import dev.arus.server.query.QueryEndpoint;
import dev.arus.server.query.QueryFiles;
import dev.arus.server.query.RunEvents;
import dev.arus.server.query.TranslatedQuery;
import dev.arus.server.web.ProblemException;
import dev.arus.server.web.ProblemType;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeoutException;
import org.apache.spark.sql.AnalysisException;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.streaming.DataStreamWriter;
import org.apache.spark.sql.streaming.Trigger;

/**
 * A spec translated to Spark: the analysed Dataset of its own session, how to write it, and
 * where. Starting a run:
 * <ol>
 *   <li>claims the checkpoint for the query's id (a temporary one for a query without its own);</li>
 *   <li>expects the run on the session's listener, which tells the registered query its events;</li>
 *   <li>starts Spark's query, named after the query, writing through {@link SparkBatchWriter};
 *       Spark's started event reaches the registered query before this returns;</li>
 *   <li>a start Spark refuses is a problem at {@code /outputMode}; for a query in SQL, a refusal
 *       other than of the output mode (a distinct aggregate, a sort, a window function) is the
 *       statement's problem, as Arus's engine reports it.</li>
 * </ol>
 */
final class SparkTranslatedQuery implements TranslatedQuery {

    /** The error classes of an output mode Spark's checker refuses for the query. */
    private static final String OUTPUT_MODE_ERRORS = "STREAMING_OUTPUT_MODE";

    private final Dataset<Row> frame;
    private final String sql;
    private final OutputMode outputMode;
    private final Trigger trigger;
    private final Duration triggerInterval;
    private final SparkSinks sinks;
    private final QueryFiles files;
    private final List<QueryEndpoint> inputs;
    private SparkEvents events;
    // The memory table of the latest run, when the sink is memory.
    private volatile SparkMemorySink memoryTable;

    /** @param sql the spec's statement, or null for a spec of steps */
    SparkTranslatedQuery(Dataset<Row> frame, String sql, OutputMode outputMode, Trigger trigger, Duration triggerInterval,
                         SparkSinks sinks, QueryFiles files, List<QueryEndpoint> inputs) {
        this.frame = frame;
        this.sql = sql;
        this.outputMode = outputMode;
        this.trigger = trigger;
        this.triggerInterval = triggerInterval;
        this.sinks = sinks;
        this.files = files;
        this.inputs = List.copyOf(inputs);
    }

    @Override
    public List<QueryEndpoint> inputs() {
        return inputs;
    }

    @Override
    public QueryEndpoint output() {
        return new QueryEndpoint(sinks.format(), sinks.options());
    }

    @Override
    public OutputMode outputMode() {
        return outputMode;
    }

    /** The spec's last groupBy keys as Spark names them in the output, as Arus's sinks upsert by them. */
    @Override
    public List<String> resultKey() {
        return sinks.groupingColumns();
    }

    @Override
    public QueryFiles files() {
        return files;
    }

    @Override
    public boolean writesMemoryTable() {
        return sinks.format().equals("memory");
    }

    /** The table Spark's memory sink holds for the latest run; none before the first. */
    @Override
    public List<dev.arus.engine.data.Row> memoryTable(String name) {
        SparkMemorySink table = memoryTable;
        return table == null ? List.of() : table.rows();
    }

    /** Spark's own state sources over the query's checkpoint; none for a query without one. */
    @Override
    public Optional<QueryStateReader> stateReader() {
        return files.checkpointed() ? Optional.of(new SparkStateReader(frame.sparkSession(), files.checkpoint()))
                : Optional.empty();
    }

    @Override
    public Duration triggerInterval() {
        return triggerInterval;
    }

    @Override
    public synchronized StreamingQuery start(String name, UUID id, BatchFunction observer, int observedRows,
                                             RunEvents runEvents) {
        if (events == null) {
            events = new SparkEvents(runEvents);
            frame.sparkSession().streams().addListener(events);
        }
        SparkSink sink;
        try (ActiveSession active = ActiveSession.of(frame.sparkSession())) {
            sink = sinks.open(frame.sparkSession(), name, id, files.checkpointed(), SparkRows.schema(frame.schema()));
        }
        if (sink instanceof SparkMemorySink table) {
            memoryTable = table;
        }
        Path checkpoint = files.checkpointed() ? files.checkpoint() : SparkCheckpoints.temporary();
        SparkCheckpoints.claim(checkpoint, id);
        SparkRun run = new SparkRun(id, name, files.checkpointed() ? null : checkpoint, sink);
        events.expect(run);
        try (ActiveSession active = ActiveSession.of(frame.sparkSession())) {
            DataStreamWriter<Row> writer = frame.writeStream()
                    .queryName(name)
                    .outputMode(outputMode.sparkName())
                    .option("checkpointLocation", checkpoint.toString())
                    .foreachBatch(new SparkBatchWriter(sink, observer, observedRows, run));
            if (trigger != null) {
                writer.trigger(trigger);
            }
            run.attach(writer.start());
            return run;
        } catch (TimeoutException stuck) {
            run.end();
            throw new IllegalStateException("Spark did not start query " + name + " in time", stuck);
        } catch (Exception thrown) { // Spark's AnalysisException is checked in Java's eyes, and thrown unchecked
            run.end();
            if (!(thrown instanceof AnalysisException refused)) {
                throw thrown;
            }
            String condition = refused.getCondition();
            if (sql != null && (condition == null || !condition.startsWith(OUTPUT_MODE_ERRORS))) {
                throw SparkProblems.ofStatement(sql, refused);
            }
            Map<String, Object> properties = new LinkedHashMap<>();
            properties.put("pointer", "/outputMode");
            properties.put("engine", "spark");
            if (condition != null) {
                properties.put("errorClass", condition);
            }
            throw new ProblemException(ProblemType.INVALID_OUTPUT_MODE, SparkProblems.message(refused), properties)
                    .causedBy(refused);
        }
    }
}
