package dev.arus.server.demo;

import dev.arus.engine.api.ArusSession;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/** Starts the chapter's query when the service is ready, unless {@code arus.demo.enabled=false}. */
@Component
@ConditionalOnProperty(name = "arus.demo.enabled", havingValue = "true", matchIfMissing = true)
class ChapterQueryRunner {

    private static final Logger log = LoggerFactory.getLogger(ChapterQueryRunner.class);

    private final ArusSession session;

    ChapterQueryRunner(ArusSession session) {
        this.session = session;
    }

    @EventListener(ApplicationReadyEvent.class)
    void startChapterQuery() {
        var query = ChapterQuery.start(session);
        log.info("Started query {} (id {})", query.name(), query.id());
    }
}
