package dev.arus.server.stream;

import dev.arus.engine.log.EventLog;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/** Runs every stream's retention each {@code arus.streams.retention-check}. */
@Component
class RetentionSchedule {

    private static final Logger LOG = LoggerFactory.getLogger(RetentionSchedule.class);

    private final EventLog log;

    RetentionSchedule(EventLog log) {
        this.log = log;
    }

    @Scheduled(fixedDelayString = "${arus.streams.retention-check:1m}",
            initialDelayString = "${arus.streams.retention-check:1m}")
    void enforce() {
        int deleted = log.enforceRetention();
        if (deleted > 0) {
            LOG.info("Retention deleted {} segments of the event log", deleted);
        }
    }
}
