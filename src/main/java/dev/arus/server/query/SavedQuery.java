package dev.arus.server.query;

import java.util.UUID;

/**
 * A checkpointed query as the service saves it in {@code <data-dir>/queries/<id>.json}, to bring
 * it back when it starts again.
 *
 * @param state what the user last asked for: {@code ACTIVE} (created or started) or
 *              {@code STOPPED}; a run that failed on its own is still wanted {@code ACTIVE}
 */
record SavedQuery(UUID id, QueryState state, QuerySpec spec) {
}
