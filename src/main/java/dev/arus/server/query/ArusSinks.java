package dev.arus.server.query;

import dev.arus.engine.api.ArusSession;
import dev.arus.engine.data.Schema;
import dev.arus.engine.sink.Sink;
import dev.arus.engine.sink.SinkContext;
import dev.arus.engine.streaming.ArusException;
import dev.arus.engine.streaming.OutputMode;
import dev.arus.engine.streaming.QueryIdentity;
import dev.arus.engine.streaming.ResultBatch;
import dev.arus.server.ArusProperties;
import dev.arus.server.SinkProperties;
import dev.arus.server.web.ProblemException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.springframework.stereotype.Component;

/**
 * Arus's own sinks for a query that another engine runs (Spark's {@code foreachBatch}): the
 * {@code jdbc} and {@code http} sinks, and the {@code stream} sink into the service's event log,
 * created as Arus's engine creates them, with the service's connections, allowed hosts and event
 * log, so that a batch is written by the same code, in the same
 * transaction and with the same idempotency, whichever engine computed it. The engine hands each
 * batch's rows, in Arus's rows, to the sink on its driver.
 */
@Component
public class ArusSinks {

    /**
     * The formats another engine writes through Arus's sinks; Spark writes the {@code kafka} sink
     * through Arus's too in its {@code exactlyOnce} mode.
     */
    public static final Set<String> FORMATS = Set.of("jdbc", "http", "stream");

    private final Map<String, String> conf;
    private final ArusSession session;
    private final ArusProperties properties;

    ArusSinks(SinkProperties sinks, ArusSession session, ArusProperties properties) {
        this.conf = sinks.sessionConf();
        this.session = session;
        this.properties = properties;
    }

    /** One run's sink, as another engine's driver uses it: one batch at a time, then closed when the run ends. */
    public static final class Writer implements AutoCloseable {

        private final Sink sink;

        private Writer(Sink sink) {
            this.sink = sink;
        }

        /** Writes batch {@code batchId}, all its rows; a failure fails the batch, with the sink's error class. */
        public void write(long batchId, ResultBatch batch) {
            sink.addBatch(batchId, batch);
        }

        /** The sink's own figures after its latest batch (Spark's {@code SinkProgress.metrics}). */
        public Map<String, String> metrics() {
            return sink.metrics();
        }

        @Override
        public void close() {
            sink.close();
        }
    }

    /**
     * A sink of {@code format} for one run of query {@code queryId} called {@code name}, whose output has
     * {@code schema}; {@code groupingColumns} are the output's key columns where the engine knows
     * them (empty otherwise: an upsert then needs the {@code keys} option).
     *
     * @throws ProblemException when the sink refuses to start (its table, connection, URL), at the option at fault
     */
    public Writer open(String format, Map<String, String> options, String outputMode, UUID queryId, String name,
                       boolean checkpointed, Schema schema, List<String> groupingColumns) {
        try {
            return new Writer(session.sinks().create(format, new SinkContext(options,
                    OutputMode.of(outputMode), new QueryIdentity(queryId, UUID.randomUUID(), name), checkpointed,
                    schema, session.clock(), session.timeZone(), List.of(), properties.kafka().connectTimeout(),
                    groupingColumns, conf)));
        } catch (ArusException refused) {
            throw EngineProblems.ofStart(refused, options, List.of());
        }
    }
}
