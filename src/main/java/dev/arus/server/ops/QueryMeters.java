package dev.arus.server.ops;

import dev.arus.engine.api.ArusSession;
import dev.arus.engine.streaming.StreamingQueryListener;
import dev.arus.server.query.QueryRegistry;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.stereotype.Component;

/**
 * Keeps each query's Micrometer meters (see {@link QueryInstruments} for their names) up to date
 * from the engine's listener events. Meters belong to the query's lasting id, not to a run: a
 * restarted query continues its counters, and a deleted query's meters are removed. Thread-safe.
 */
@Component
class QueryMeters implements StreamingQueryListener {

    private final MeterRegistry meterRegistry;
    private final QueryConditions conditions;
    private final ArusSession session;
    private final Map<UUID, QueryInstruments> byId = new ConcurrentHashMap<>();

    QueryMeters(ArusSession session, MeterRegistry meterRegistry, QueryRegistry registry,
                QueryConditions conditions) {
        this.session = session;
        this.meterRegistry = meterRegistry;
        this.conditions = conditions;
        session.streams().addListener(this);
        registry.addDeletionListener((id, name) -> {
            QueryInstruments removed = byId.remove(id);
            if (removed != null) {
                removed.remove();
            }
        });
    }

    @Override
    public void onQueryStarted(QueryStartedEvent event) {
        instruments(event.id(), event.name()).resetRates();
    }

    @Override
    public void onQueryProgress(QueryProgressEvent event) {
        instruments(event.progress().id(), event.progress().name()).record(event.progress());
    }

    @Override
    public void onQueryTerminated(QueryTerminatedEvent event) {
        QueryInstruments instruments = byId.get(event.id());
        if (instruments != null) {
            instruments.resetRates();
        }
    }

    private QueryInstruments instruments(UUID id, String name) {
        return byId.computeIfAbsent(id, key -> new QueryInstruments(name == null ? id.toString() : name,
                meterRegistry, session.clock(), () -> conditions.condition(id)));
    }
}
