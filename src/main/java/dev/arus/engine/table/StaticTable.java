package dev.arus.engine.table;

import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.Schema;

/**
 * A table read once, when a query starts, and held in memory: the static side of a stream-static
 * join (a product catalogue, a store list), as Spark reads a batch DataFrame. Read-only after it
 * is read, so every task slot may read it at once.
 */
public record StaticTable(Schema schema, ColumnarBatch rows) {

    public int size() {
        return rows.size();
    }
}
