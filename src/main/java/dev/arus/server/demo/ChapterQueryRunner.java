package dev.arus.server.demo;

import dev.arus.server.ArusProperties;
import dev.arus.server.query.QueryRegistry;
import dev.arus.server.query.QuerySpec;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * Creates the chapter's query when the service is ready, through the same registry as the REST
 * API, so it can be watched, stopped and deleted like any other; {@code arus.demo.enabled=false}
 * starts the service empty. (The demo's settings are checked when they apply, not as conditions
 * on the beans: the start command's ahead-of-time processed context fixes its beans at build time.)
 */
@Component
class ChapterQueryRunner {

    private final QueryRegistry registry;
    private final JsonMapper json;
    private final boolean enabled;

    ChapterQueryRunner(QueryRegistry registry, JsonMapper json, ArusProperties properties) {
        this.registry = registry;
        this.json = json;
        this.enabled = properties.demo().enabled();
    }

    /**
     * Unless a restored query took its name. First of the ready listeners: the shop's demo and
     * others do work (HTTP requests to the service itself) that need not delay the first batch.
     */
    @EventListener(ApplicationReadyEvent.class)
    @Order(Ordered.HIGHEST_PRECEDENCE)
    void createChapterQuery() {
        if (enabled && registry.handles().stream().noneMatch(query -> query.name().equals(ChapterQuery.NAME))) {
            registry.create(json.readValue(ChapterQuery.SPEC_JSON, QuerySpec.class));
        }
    }
}
