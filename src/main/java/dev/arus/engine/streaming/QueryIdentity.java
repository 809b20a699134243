package dev.arus.engine.streaming;

import java.util.UUID;

/** Who a run is: the query's lasting {@code id}, this run's {@code runId}, and its name (may be null). */
public record QueryIdentity(UUID id, UUID runId, String name) {
}
