package dev.arus.server.query;

import dev.arus.engine.data.Schema;
import dev.arus.engine.streaming.ResultBatch;
import java.util.AbstractList;
import java.util.List;
import java.util.Map;

/**
 * A batch's kept rows as the JSON objects {@link JsonRows} makes, converted when first read: most
 * kept batches are never read (no client watches the query, nobody asks for its batches), so the
 * query's thread keeps only the batch's first rows as the engine handed them (its columns, which
 * hold a timestamp as a {@code long}), and the first reader converts them all, once, and drops
 * the batch. Written by the query's thread, read by any: thread-safe.
 */
final class KeptRows extends AbstractList<Map<String, Object>> {

    private final int size;
    /** The rows not converted yet; null once converted. */
    private ResultBatch kept;
    private volatile List<Map<String, Object>> objects;

    private KeptRows(ResultBatch kept) {
        this.kept = kept;
        this.size = kept.size();
    }

    /** The first {@code rows} rows of {@code batch}, to convert when read. */
    static KeptRows of(ResultBatch batch, int rows) {
        return new KeptRows(batch.first(rows));
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public Map<String, Object> get(int index) {
        return objects().get(index);
    }

    private List<Map<String, Object>> objects() {
        List<Map<String, Object>> read = objects;
        if (read != null) {
            return read;
        }
        synchronized (this) {
            if (objects == null) {
                objects = convert(kept);
                kept = null;
            }
            return objects;
        }
    }

    private List<Map<String, Object>> convert(ResultBatch batch) {
        JsonRows.Conversion conversion = new JsonRows.Conversion();
        Schema schema = batch.schema();
        Map<String, Object>[] rows = newObjects(size);
        for (int r = 0; r < size; r++) {
            Object[] values = new Object[schema.size()];
            for (int c = 0; c < values.length; c++) {
                values[c] = conversion.value(batch.value(r, c));
            }
            rows[r] = conversion.object(schema, values);
        }
        return List.of(rows);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object>[] newObjects(int size) {
        return new Map[size];
    }
}
