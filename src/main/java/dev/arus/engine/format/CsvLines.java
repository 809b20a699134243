package dev.arus.engine.format;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a line of CSV into fields as Spark's CSV reader (univocity) does: fields separated by
 * {@code sep}; a field may be quoted with {@code quote}, inside which the separator is text and
 * {@code escape} or a doubled {@code quote} before a quote is a quote. An unquoted field equal to
 * {@code nullValue}, or empty, is {@code null} (Spark's default {@code nullValue} is the empty
 * string); a quoted empty field is the empty string.
 */
final class CsvLines {

    private CsvLines() {
    }

    static List<String> split(String line, char sep) {
        return split(line, sep, '"', '\\', "");
    }

    static List<String> split(String line, char sep, char quote, char escape, String nullValue) {
        List<String> fields = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        boolean wasQuoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if ((c == escape || c == quote) && i + 1 < line.length() && line.charAt(i + 1) == quote) {
                    field.append(quote);
                    i++;
                } else if (c == quote) {
                    quoted = false;
                } else {
                    field.append(c);
                }
            } else if (c == quote && field.length() == 0) {
                quoted = true;
                wasQuoted = true;
            } else if (c == sep) {
                fields.add(value(field, wasQuoted, nullValue));
                field.setLength(0);
                wasQuoted = false;
            } else {
                field.append(c);
            }
        }
        fields.add(value(field, wasQuoted, nullValue));
        return fields;
    }

    private static String value(StringBuilder field, boolean wasQuoted, String nullValue) {
        if (wasQuoted) {
            return field.toString();
        }
        if (field.length() == 0) {
            return null;
        }
        String text = field.toString();
        return text.equals(nullValue) ? null : text;
    }
}
