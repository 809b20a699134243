package dev.arus.server.query;

import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.stereotype.Component;

/**
 * Brings back the saved checkpointed queries when the service starts, before it takes requests,
 * so that they keep their names and locations; {@code arus.restore-on-start=false} leaves them
 * saved but not registered.
 */
@Component
@ConditionalOnProperty(name = "arus.restore-on-start", havingValue = "true", matchIfMissing = true)
class SavedQueryRestorer implements SmartInitializingSingleton {

    private final SavedQueries saved;
    private final QueryRegistry registry;

    SavedQueryRestorer(SavedQueries saved, QueryRegistry registry) {
        this.saved = saved;
        this.registry = registry;
    }

    @Override
    public void afterSingletonsInstantiated() {
        saved.all().forEach(registry::restore);
    }
}
