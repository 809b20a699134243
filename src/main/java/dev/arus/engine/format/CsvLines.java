package dev.arus.engine.table;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a line of CSV into fields as Spark's CSV reader does by default: fields separated by
 * {@code sep}, a field may be quoted with {@code "}, inside which {@code \"} and {@code ""} are a
 * quote and the separator is text. An empty unquoted field is {@code null} (Spark's default
 * {@code nullValue} is the empty string); a quoted empty field is the empty string.
 */
final class CsvLines {

    private CsvLines() {
    }

    static List<String> split(String line, char sep) {
        List<String> fields = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        boolean wasQuoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if ((c == '\\' || c == '"') && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    field.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    field.append(c);
                }
            } else if (c == '"' && field.length() == 0) {
                quoted = true;
                wasQuoted = true;
            } else if (c == sep) {
                fields.add(wasQuoted || field.length() > 0 ? field.toString() : null);
                field.setLength(0);
                wasQuoted = false;
            } else {
                field.append(c);
            }
        }
        fields.add(wasQuoted || field.length() > 0 ? field.toString() : null);
        return fields;
    }
}
