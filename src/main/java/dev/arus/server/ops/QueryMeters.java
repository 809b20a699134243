package dev.arus.server.ops;

import dev.arus.engine.streaming.StreamingQueryProgress;
import dev.arus.engine.time.Clock;
import dev.arus.server.ArusProperties;
import dev.arus.server.query.QueryListener;
import dev.arus.server.query.QueryRegistry;
import dev.arus.server.query.QueryView;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.stereotype.Component;

/**
 * Keeps each query's Micrometer meters (see {@link QueryInstruments} for their names) up to date
 * from the registry's events. Meters belong to the query's lasting id, not to a run: a
 * restarted query continues its counters, and a deleted query's meters are removed. Thread-safe.
 */
@Component
class QueryMeters implements QueryListener {

    private final MeterRegistry meterRegistry;
    private final QueryConditions conditions;
    private final Clock clock;
    private final long maxStateRows;
    private final Map<UUID, QueryInstruments> byId = new ConcurrentHashMap<>();

    QueryMeters(QueryRegistry registry, MeterRegistry meterRegistry, QueryConditions conditions, Clock clock,
                ArusProperties properties) {
        this.meterRegistry = meterRegistry;
        this.conditions = conditions;
        this.clock = clock;
        this.maxStateRows = properties.limits().maxStateRows();
        registry.addListener(this);
    }

    @Override
    public void runStarted(QueryView query, Instant at) {
        QueryInstruments instruments = instruments(query);
        instruments.resetRates();
        instruments.restarts(query.restarts());
    }

    /** A restart attempt the engine refused is counted too. */
    @Override
    public void stateChanged(QueryView query) {
        instruments(query).restarts(query.restarts());
    }

    @Override
    public void progress(QueryView query, StreamingQueryProgress progress) {
        QueryInstruments instruments = instruments(query);
        instruments.record(progress);
        instruments.compared(query.comparison());
    }

    @Override
    public void runEnded(QueryView query) {
        QueryInstruments instruments = byId.get(query.id());
        if (instruments != null) {
            instruments.resetRates();
        }
    }

    @Override
    public void deleted(UUID id, String name) {
        QueryInstruments removed = byId.remove(id);
        if (removed != null) {
            removed.remove();
        }
    }

    private QueryInstruments instruments(QueryView query) {
        return byId.computeIfAbsent(query.id(), id -> new QueryInstruments(query.name(), meterRegistry, clock,
                () -> conditions.condition(id), maxStateRows));
    }
}
