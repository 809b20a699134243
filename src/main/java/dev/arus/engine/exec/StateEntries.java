package dev.arus.engine.exec;

import dev.arus.engine.data.Row;
import dev.arus.engine.data.StructType;
import java.util.List;

/**
 * What one state partition holds, as Spark's {@code statestore} reader shows it: each entry a key
 * and a value, structs of {@code keyType} and {@code valueType} with the field names Spark gives
 * them (an aggregation's value is its aggregation buffer, a deduplication's a placeholder).
 * Entries are in the order of their keys, so that two reads of the same version agree.
 */
public record StateEntries(StructType keyType, StructType valueType, List<Entry> entries) {

    public StateEntries {
        entries = List.copyOf(entries);
    }

    /** One key of the state and its value. */
    public record Entry(Row key, Row value) {
    }
}
