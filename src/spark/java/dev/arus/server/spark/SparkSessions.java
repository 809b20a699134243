package dev.arus.server.spark;

import jakarta.annotation.PreDestroy;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.streaming.StreamingQuery;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * The service as Spark's driver: one Spark application ({@code SparkContext} and root session),
 * created at the first Spark query, not at startup, so a service that runs no Spark query pays
 * nothing for it, and stopped when the service stops, after the registry stopped its queries.
 * Each Spark query gets a session of its own over it ({@code newSession()}), so that its
 * per-query settings ({@code spark.sql.shuffle.partitions}) and its query listener stay its own.
 * On shutdown the queries still active are stopped before Spark itself (the registry may stop
 * them first; Spring does not order the two). Spark allows one application per JVM: a service
 * that finds one running (a second application context in the same JVM, as tests make) uses it
 * and leaves it running when it stops. Thread-safe.
 */
@Component
class SparkSessions {

    private static final Logger log = LoggerFactory.getLogger(SparkSessions.class);

    /** The service's defaults: no web UI (it would take port 4040), timestamps in UTC, Java time types in rows. */
    private static final Map<String, String> DEFAULTS = Map.of(
            "spark.ui.enabled", "false",
            "spark.sql.session.timeZone", "UTC",
            "spark.sql.datetime.java8API.enabled", "true");

    private final SparkSettings settings;
    private SparkSession root;
    private boolean owned;
    private final List<SparkSession> sessions = new ArrayList<>();

    SparkSessions(SparkSettings settings) {
        this.settings = settings;
    }

    /** A new session of the shared application, which is started on the first call. */
    synchronized SparkSession newSession() {
        if (root == null) {
            SparkSession.Builder builder = SparkSession.builder().appName("arus").master(settings.master());
            DEFAULTS.forEach(builder::config);
            settings.conf().forEach(builder::config);
            long started = System.nanoTime();
            owned = SparkSession.getDefaultSession().isEmpty();
            root = builder.getOrCreate();
            log.info("Started Spark {} with master {} in {} ms", root.version(), settings.master(),
                    (System.nanoTime() - started) / 1_000_000);
        }
        SparkSession session = root.newSession();
        sessions.add(session);
        return session;
    }

    /** The names of the Spark queries running now, in every query's session. */
    synchronized List<String> activeQueryNames() {
        List<String> names = new ArrayList<>();
        for (SparkSession session : sessions) {
            for (StreamingQuery active : session.streams().active()) {
                names.add(active.name());
            }
        }
        return names;
    }

    @PreDestroy
    synchronized void stop() {
        if (root != null) {
            for (SparkSession session : root.sparkContext().isStopped() ? List.<SparkSession>of() : sessions) {
                for (StreamingQuery active : session.streams().active()) {
                    try {
                        active.stop();
                    } catch (TimeoutException | RuntimeException stuck) {
                        log.warn("Spark query {} did not stop: {}", active.name(), stuck.toString());
                    }
                }
            }
            sessions.clear();
            if (owned) {
                root.stop();
                log.info("Stopped Spark");
            }
            root = null;
        }
    }
}
