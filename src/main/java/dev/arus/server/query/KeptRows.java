package dev.arus.server.query;

import dev.arus.engine.data.ArrayType;
import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.MapType;
import dev.arus.engine.data.Row;
import dev.arus.engine.data.Schema;
import dev.arus.engine.data.StructType;
import java.time.Instant;
import java.util.AbstractList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A batch's kept rows as the JSON objects {@link JsonRows} makes, converted when first read: most
 * kept batches are never read (no client watches the query, nobody asks for its batches), so the
 * query's thread only copies the rows' values into columns, and the first reader converts them
 * all, once, and drops the columns. A column is held more compactly than its objects (a
 * timestamp as its milliseconds, the text the JSON shows); a struct, array or map column is
 * converted when kept, as its instants (a window's bounds) would each hold an object where the
 * converted text is shared. Written by the query's thread, read by any: thread-safe.
 */
final class KeptRows extends AbstractList<Map<String, Object>> {

    private final Schema schema;
    private final int size;
    /** Per column: a {@code long[]} of a timestamp column's milliseconds, else an {@code Object[]} of values; null once converted. */
    private final AtomicReference<Object[]> columns;
    /** Whether a column's values are kept converted already. */
    private final boolean[] converted;
    private volatile List<Map<String, Object>> objects;

    private KeptRows(Schema schema, int size, Object[] columns, boolean[] converted) {
        this.schema = schema;
        this.size = size;
        this.columns = new AtomicReference<>(columns);
        this.converted = converted;
    }

    /** {@code rows}, which share one schema's names (a batch's rows), to convert when read. */
    static KeptRows of(List<Row> rows) {
        if (rows.isEmpty()) {
            return new KeptRows(null, 0, new Object[0], new boolean[0]);
        }
        Schema schema = rows.get(0).schema();
        int size = rows.size();
        Object[] columns = new Object[schema.size()];
        boolean[] converted = new boolean[schema.size()];
        JsonRows.Conversion conversion = new JsonRows.Conversion();
        for (int c = 0; c < columns.length; c++) {
            DataType type = schema.field(c).type();
            long[] millis = type == AtomicType.TIMESTAMP ? millisOf(rows, c) : null;
            if (millis != null) {
                columns[c] = millis;
                continue;
            }
            converted[c] = type instanceof StructType || type instanceof ArrayType || type instanceof MapType;
            Object[] values = new Object[size];
            for (int r = 0; r < size; r++) {
                values[r] = converted[c] ? conversion.value(rows.get(r).get(c)) : rows.get(r).get(c);
            }
            columns[c] = values;
        }
        return new KeptRows(schema, size, columns, converted);
    }

    /** Column {@code c}'s instants as milliseconds; null when one is NULL. */
    private static long[] millisOf(List<Row> rows, int c) {
        long[] millis = new long[rows.size()];
        for (int r = 0; r < millis.length; r++) {
            if (!(rows.get(r).get(c) instanceof Instant instant)) {
                return null;
            }
            millis[r] = instant.toEpochMilli();
        }
        return millis;
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
                objects = convert(columns.getAndSet(null));
            }
            return objects;
        }
    }

    private List<Map<String, Object>> convert(Object[] held) {
        JsonRows.Conversion conversion = new JsonRows.Conversion();
        Map<String, Object>[] rows = newObjects(size);
        for (int r = 0; r < size; r++) {
            Object[] values = new Object[held.length];
            for (int c = 0; c < held.length; c++) {
                values[c] = held[c] instanceof long[] millis ? Timestamps.format(millis[r])
                        : converted[c] ? ((Object[]) held[c])[r] : conversion.value(((Object[]) held[c])[r]);
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
