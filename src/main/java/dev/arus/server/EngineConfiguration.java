package dev.arus.server;

import dev.arus.engine.api.ArusSession;
import dev.arus.engine.log.EventLog;
import dev.arus.engine.time.Clock;
import dev.arus.engine.time.SystemClock;
import dev.arus.server.storage.DataDirectory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The one engine session of the service and its event log; closing the session stops every
 * query when the context closes.
 */
@Configuration(proxyBeanMethods = false)
class EngineConfiguration {

    /** The engine's time: the system clock; a test may declare a {@code @Primary} clock of its own. */
    @Bean
    Clock engineClock() {
        return SystemClock.INSTANCE;
    }

    /**
     * The streams of {@code arus.data-dir/streams}, recovered at startup; closed after the session,
     * which needs it, so that every append in flight completes first.
     */
    @Bean(destroyMethod = "close")
    EventLog eventLog(Clock clock, ArusProperties properties, DataDirectory dataDirectory) {
        return EventLog.open(dataDirectory.eventLogDirectory(), clock, properties.streams().segmentSize().toBytes());
    }

    /**
     * Each query's buffers are bounded: its state by {@code arus.limits.max-state-rows}, its memory
     * table by {@code max-memory-table-rows}, a batch's rows by {@code max-output-rows-per-batch},
     * its progress history by {@code arus.engine.recent-progress}; batches run on
     * {@code arus.engine.task-threads} task slots, state in {@code arus.engine.shuffle-partitions}
     * partitions unless a query says otherwise (0: one per core, the engine's own default); a Kafka
     * source or sink waits {@code arus.kafka.connect-timeout} for its brokers when its query starts;
     * the sinks to other systems read their connections and allowed hosts ({@link SinkProperties})
     * from the session's configuration.
     */
    @Bean(destroyMethod = "close")
    ArusSession arusSession(Clock clock, EventLog eventLog, ArusProperties properties, SinkProperties sinks) {
        ArusProperties.Limits limits = properties.limits();
        ArusSession.Builder session = ArusSession.builder().clock(clock).eventLog(eventLog)
                .maxStateRows(limits.maxStateRows())
                .maxMemoryTableRows(limits.maxMemoryTableRows())
                .maxBatchOutputRows(limits.maxOutputRowsPerBatch())
                .connectTimeout(properties.kafka().connectTimeout());
        sinks.sessionConf().forEach(session::conf);
        ArusProperties.Engine engine = properties.engine();
        session.recentProgress(engine.recentProgress());
        if (engine.taskThreads() > 0) {
            session.parallelism(engine.taskThreads());
        }
        session.shufflePartitions(engine.statePartitions());
        return session.build();
    }
}
