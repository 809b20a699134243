package dev.arus.server.query;

import dev.arus.server.ArusProperties;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.stereotype.Component;

/**
 * Brings back the saved checkpointed queries when the service starts, before it takes requests,
 * so that they keep their names and locations; {@code arus.restore-on-start=false} leaves them
 * saved but not registered. (A check when it runs, not a condition on the bean: the start
 * command's ahead-of-time processed context fixes its beans at build time.)
 */
@Component
class SavedQueryRestorer implements SmartInitializingSingleton {

    private final SavedQueries saved;
    private final QueryRegistry registry;
    private final boolean enabled;

    SavedQueryRestorer(SavedQueries saved, QueryRegistry registry, ArusProperties properties) {
        this.saved = saved;
        this.registry = registry;
        this.enabled = properties.restoreOnStart();
    }

    @Override
    public void afterSingletonsInstantiated() {
        if (enabled) {
            saved.all().forEach(registry::restore);
        }
    }
}
