package dev.arus.server.spark;

import dev.arus.engine.log.EventLog;
import dev.arus.engine.streaming.ArusException;
import dev.arus.engine.time.Clock;
import dev.arus.server.query.EventLogStreams;
import dev.arus.server.web.ProblemException;
import dev.arus.server.web.ProblemType;
import jakarta.annotation.PreDestroy;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.springframework.stereotype.Component;

/**
 * The service's event log as a Spark query reads it: through {@link EventLogSource}, a source of
 * Spark's DataSource V2 whose driver side (offsets, the starting point, the reader registration)
 * is Arus's own {@code stream} source and whose tasks read the log's partitions in the service's
 * JVM. Spark makes the source's objects itself, from a class name and string options, so the log
 * is found by a key that this registration puts in the options: one per service, as two services
 * (two application contexts, as tests make) may share one JVM and one Spark application. Tasks run
 * in the same JVM only with a local master; on a cluster's executors the log is out of reach, so
 * a Spark query on a cluster cannot read it ({@value #UNREACHABLE}). Thread-safe.
 */
@Component
class SparkEventLog {

    /** The error class of a stream source on a Spark master whose executors are other JVMs. */
    static final String UNREACHABLE = "EVENT_LOG_UNREACHABLE_FROM_EXECUTORS";

    /** Spark's masters that run every task in the driver's JVM: {@code local}, {@code local[4]}, {@code local[*, 2]}. */
    private static final Pattern IN_THE_DRIVER = Pattern.compile("local(\\[[^\\]]*\\])?");

    private static final Map<String, Registered> LOGS = new ConcurrentHashMap<>();

    /** A service's log and clock, as its key finds them. */
    record Registered(EventLog log, Clock clock) {
    }

    private final String key = UUID.randomUUID().toString();
    private final SparkSettings settings;
    private final EventLogStreams streams;

    SparkEventLog(EventLog log, Clock clock, SparkSettings settings, EventLogStreams streams) {
        this.settings = settings;
        this.streams = streams;
        LOGS.put(key, new Registered(log, clock));
    }

    /**
     * The log registered under {@code key}, in this JVM.
     *
     * @throws ArusException {@value #UNREACHABLE} when none is: a task on an executor of a cluster,
     *         or a service that has stopped
     */
    static Registered find(String key) {
        Registered registered = key == null ? null : LOGS.get(key);
        if (registered == null) {
            throw new ArusException(UNREACHABLE, "[" + UNREACHABLE + "] This JVM holds no event log of the service "
                    + "(registration " + key + "): the stream source is read by Spark's tasks in the service's own "
                    + "JVM, with a local master, and the service must be running");
        }
        return registered;
    }

    /**
     * The streaming DataFrame of the {@code stream} source of {@code options} and the user's
     * {@code schema} (null: none, as it must be), at {@code pointer} in the spec, for the query
     * called {@code reader}, in its {@code session}; the source is checked as Arus's engine checks it.
     *
     * @throws ProblemException at the option Arus's engine refuses, or at {@code format} when
     *         Spark's master is a cluster's
     */
    Dataset<Row> stream(SparkSession session, Map<String, String> options, String schema, String reader,
                        String pointer) {
        if (!IN_THE_DRIVER.matcher(settings.master().trim()).matches()) {
            Map<String, Object> properties = new LinkedHashMap<>();
            properties.put("pointer", pointer + "/format");
            properties.put("engine", "spark");
            properties.put("errorClass", UNREACHABLE);
            throw new ProblemException(ProblemType.UNSUPPORTED_OPERATION, "The stream source reads the service's "
                    + "event log, which lives in the service's JVM; Spark's master '" + settings.master() + "' runs "
                    + "tasks on executors of their own, which cannot reach it. Run the query on Arus's engine, on "
                    + "Spark with a local master (arus.spark.master=local[*]), or read Kafka or files", properties);
        }
        streams.check(options, schema, pointer);
        Map<String, String> all = new LinkedHashMap<>(options);
        all.put(EventLogSource.LOG_OPTION, key);
        all.put(EventLogSource.READER_OPTION, reader);
        return session.readStream().format(EventLogSource.class.getName()).options(all).load();
    }

    @PreDestroy
    void unregister() {
        LOGS.remove(key);
    }
}
