package dev.arus.server.query;

import dev.arus.engine.data.Row;
import dev.arus.engine.data.Schema;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A batch's rows as JSON objects keyed by column name: timestamps as {@link Timestamps} writes
 * them, dates as {@code 2026-12-01}, day-time intervals as ISO-8601 durations ({@code PT1H30M}),
 * decimals as JSON numbers with every digit of their scale, structs (such as a window,
 * {@code {start, end}}) and maps as nested objects, arrays as arrays, binary values as base64
 * text, as the JSON writer writes bytes: a value, so that two rows of the same bytes are equal
 * (the comparison of two engines' batches compares their rows so).
 */
final class JsonRows {

    private JsonRows() {
    }

    /** The first {@code limit} rows. */
    static List<Map<String, Object>> of(List<Row> rows, int limit) {
        List<Map<String, Object>> objects = new ArrayList<>(Math.min(rows.size(), limit));
        for (Row row : rows.subList(0, Math.min(rows.size(), limit))) {
            objects.add(object(row));
        }
        return objects;
    }

    /** One row. */
    static Map<String, Object> object(Row row) {
        Schema schema = row.schema();
        Map<String, Object> object = new LinkedHashMap<>();
        for (int i = 0; i < row.size(); i++) {
            object.put(schema.field(i).name(), value(row.get(i)));
        }
        return object;
    }

    /** One value as a row's JSON shows it. */
    static Object value(Object value) {
        if (value instanceof Instant instant) {
            return Timestamps.format(instant);
        }
        if (value instanceof LocalDate || value instanceof Duration) {
            return value.toString();
        }
        if (value instanceof Row struct) {
            return object(struct);
        }
        if (value instanceof byte[] bytes) {
            return Base64.getEncoder().encodeToString(bytes);
        }
        if (value instanceof List<?> array) {
            List<Object> values = new ArrayList<>(array.size());
            array.forEach(element -> values.add(value(element)));
            return values;
        }
        if (value instanceof Map<?, ?> map) {
            Map<String, Object> entries = new LinkedHashMap<>();
            map.forEach((key, entry) -> entries.put(String.valueOf(value(key)), value(entry)));
            return entries;
        }
        return value;
    }
}
