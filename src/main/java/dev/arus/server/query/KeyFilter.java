package dev.arus.server.query;

import dev.arus.server.web.ProblemException;
import dev.arus.server.web.ProblemType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A key filter of the state and result views: {@code path=value} on the wire, the field at
 * {@code path} (dot-separated into structs, {@code window.start}) shown as {@code value}, as the
 * JSON rows show it; a row matches when every filter does.
 *
 * @param path  the field's names, from the outermost
 * @param value the field's value as the JSON rows show it ({@code null} for a null field)
 */
record KeyFilter(List<String> path, String value) {

    KeyFilter {
        path = List.copyOf(path);
    }

    /** Each {@code path=value} of {@code keys} as a filter; {@code 400 invalid-parameter} for one without {@code =}. */
    static List<KeyFilter> parse(List<String> keys) {
        List<KeyFilter> filters = new ArrayList<>();
        for (String key : keys == null ? List.<String>of() : keys) {
            int equals = key.indexOf('=');
            if (equals <= 0) {
                throw new ProblemException(ProblemType.INVALID_PARAMETER, "key must be <field>=<value>, a field of "
                        + "the key (window.start for a window's start), was '" + key + "'");
            }
            filters.add(new KeyFilter(List.of(key.substring(0, equals).split("\\.")), key.substring(equals + 1)));
        }
        return filters;
    }

    /** The first name of the path: the column or key field it starts at. */
    String column() {
        return path.get(0);
    }

    /** Whether the field at {@code path} of {@code struct} is shown as {@code value}. */
    boolean matches(Map<String, Object> struct) {
        Object field = struct;
        for (String name : path) {
            if (!(field instanceof Map<?, ?> inner)) {
                return false;
            }
            field = inner.get(name);
        }
        return String.valueOf(field).equals(value);
    }
}
