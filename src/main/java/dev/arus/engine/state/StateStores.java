package dev.arus.engine.state;

/**
 * Where a query's stateful operators keep their state: one versioned {@link StateStore} per
 * operator and partition, in memory, or on disk under a checkpoint's
 * {@code state/<operatorId>/<partition>}.
 */
@FunctionalInterface
public interface StateStores {

    StateStore open(int operatorId, int partition);

    /** Stores that only count versions, for a query without a checkpoint. */
    static StateStores inMemory() {
        return (operatorId, partition) -> StateStore.inMemory();
    }
}
