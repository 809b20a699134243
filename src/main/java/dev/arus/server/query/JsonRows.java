package dev.arus.server.query;

import dev.arus.engine.data.Row;
import dev.arus.engine.data.Schema;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * A batch's rows as JSON objects keyed by column name: timestamps as {@link Timestamps} writes
 * them, dates as {@code 2026-12-01}, day-time intervals as ISO-8601 durations ({@code PT1H30M}),
 * decimals as JSON numbers with every digit of their scale, structs (such as a window,
 * {@code {start, end}}) and maps as nested objects, arrays as arrays, binary values as base64
 * text, as the JSON writer writes bytes: a value, so that two rows of the same bytes are equal
 * (the comparison of two engines' batches compares their rows so).
 */
final class JsonRows {

    /** The names of a schema with a column name twice: its rows go into a LinkedHashMap, as before. */
    private static final String[] REPEATED_NAMES = new String[0];

    private JsonRows() {
    }

    /** The first {@code limit} rows. */
    static List<Map<String, Object>> of(List<Row> rows, int limit) {
        Conversion conversion = new Conversion();
        List<Map<String, Object>> objects = new ArrayList<>(Math.min(rows.size(), limit));
        for (Row row : rows.subList(0, Math.min(rows.size(), limit))) {
            objects.add(conversion.object(row));
        }
        return objects;
    }

    /** One row. */
    static Map<String, Object> object(Row row) {
        return new Conversion().object(row);
    }

    /** One value as a row's JSON shows it. */
    static Object value(Object value) {
        return new Conversion().value(value);
    }

    /** One conversion's rows, which share a few schemas: each schema's names are looked at once. */
    static final class Conversion {

        private final Map<Schema, String[]> names = new IdentityHashMap<>();

        Map<String, Object> object(Row row) {
            Object[] values = new Object[row.size()];
            for (int i = 0; i < values.length; i++) {
                values[i] = value(row.get(i));
            }
            return object(row.schema(), values);
        }

        /** The object of a row of {@code schema} whose values are already converted; takes {@code values}. */
        Map<String, Object> object(Schema schema, Object[] values) {
            String[] columns = names.computeIfAbsent(schema, Conversion::distinctNames);
            if (columns != REPEATED_NAMES) {
                return new JsonObject(columns, values);
            }
            // a name twice keeps its first place and its last value, as a map does
            Map<String, Object> object = new LinkedHashMap<>();
            for (int i = 0; i < values.length; i++) {
                object.put(schema.field(i).name(), values[i]);
            }
            return object;
        }

        private static String[] distinctNames(Schema schema) {
            String[] columns = schema.names().toArray(String[]::new);
            return new HashSet<>(Arrays.asList(columns)).size() == columns.length ? columns : REPEATED_NAMES;
        }

        Object value(Object value) {
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

    /**
     * A row's JSON object, read-only: its columns' names and values in order, equal to (and shown
     * as) the {@code LinkedHashMap} of them, without a hash table and an entry per column for each
     * of a batch's rows kept.
     */
    private static final class JsonObject extends AbstractMap<String, Object> {

        private final String[] names;
        private final Object[] values;

        JsonObject(String[] names, Object[] values) {
            this.names = names;
            this.values = values;
        }

        @Override
        public int size() {
            return names.length;
        }

        @Override
        public boolean containsKey(Object key) {
            return indexOf(key) >= 0;
        }

        @Override
        public Object get(Object key) {
            int index = indexOf(key);
            return index < 0 ? null : values[index];
        }

        private int indexOf(Object key) {
            for (int i = 0; i < names.length; i++) {
                if (names[i].equals(key)) {
                    return i;
                }
            }
            return -1;
        }

        @Override
        public Set<Entry<String, Object>> entrySet() {
            return new AbstractSet<>() {
                @Override
                public int size() {
                    return names.length;
                }

                @Override
                public Iterator<Entry<String, Object>> iterator() {
                    return new Iterator<>() {
                        private int next;

                        @Override
                        public boolean hasNext() {
                            return next < names.length;
                        }

                        @Override
                        public Entry<String, Object> next() {
                            if (!hasNext()) {
                                throw new NoSuchElementException();
                            }
                            int index = next++;
                            return new SimpleImmutableEntry<>(names[index], values[index]);
                        }
                    };
                }
            };
        }
    }
}
