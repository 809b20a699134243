package dev.arus.server.ops;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.turbo.TurboFilter;
import ch.qos.logback.core.spi.FilterReply;
import dev.arus.engine.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;
import org.slf4j.LoggerFactory;
import org.slf4j.Marker;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

/**
 * Shows each kind of warning of Kafka's clients at most once a minute: a client that retries (a broker that does not answer, a topic the brokers do not know) logs the same
 * warning at every retry, ten times a second at first, and the first one says all there is. A
 * kind is the logger and the message, which names the client, less the counters that change at
 * each retry (a request's correlation id, the attempts left; Kafka's clients format their
 * messages before they log them), so that each client's first warning of each kind is always
 * shown, and one that goes on shows again each minute;
 * errors, and everything of other loggers, pass untouched. The failure itself reaches the
 * query's exception and the lifecycle log whole. Installed into Logback while the service runs.
 */
@Component
class KafkaClientLogThrottle extends TurboFilter implements DisposableBean {

    private static final long INTERVAL_MS = Duration.ofMinutes(1).toMillis();
    private static final String KAFKA_LOGGERS = "org.apache.kafka.";
    /** The counters of a Kafka client's message that change at each retry of the same call. */
    private static final Pattern RETRY_COUNTERS = Pattern.compile("correlation id \\d+|\\(\\d+ attempts left\\)");
    /** Kinds remembered at once; the least recently shown is forgotten first, and then shows again. */
    private static final int REMEMBERED_KINDS = 1024;

    private final Clock clock;
    private final Map<String, Long> lastShown = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Long> eldest) {
            return size() > REMEMBERED_KINDS;
        }
    };

    KafkaClientLogThrottle(Clock clock) {
        this.clock = clock;
        setName("kafka-client-log-throttle");
        if (LoggerFactory.getILoggerFactory() instanceof LoggerContext logback) {
            logback.addTurboFilter(this);
            start();
        }
    }

    @Override
    public FilterReply decide(Marker marker, Logger logger, Level level, String format, Object[] params,
                              Throwable thrown) {
        if (format == null || level != Level.WARN || !logger.getName().startsWith(KAFKA_LOGGERS)) {
            return FilterReply.NEUTRAL;
        }
        String kind = logger.getName() + '\n' + RETRY_COUNTERS.matcher(format)
                .replaceAll(counter -> counter.group().replaceAll("\\d+", "#"));
        long now = clock.millis();
        synchronized (lastShown) {
            Long shown = lastShown.get(kind);
            if (shown != null && now - shown < INTERVAL_MS) {
                return FilterReply.DENY;
            }
            lastShown.put(kind, now);
        }
        return FilterReply.NEUTRAL;
    }

    @Override
    public void destroy() {
        stop();
        if (LoggerFactory.getILoggerFactory() instanceof LoggerContext logback) {
            logback.getTurboFilterList().remove(this);
        }
    }
}
