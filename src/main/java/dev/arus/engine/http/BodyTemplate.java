package dev.arus.engine.http;

import dev.arus.engine.data.Row;
import dev.arus.engine.data.Schema;
import dev.arus.engine.data.StructType;
import dev.arus.engine.streaming.InvalidOptionException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A request body written around a row's values, for a chat webhook that wants its own JSON
 * ({@code {"text": "{{category}} sold {{revenue}}"}}): each {@code {{column}}} (or
 * {@code {{column.field}}} of a struct, {@code {{window.start}}}) is replaced by the value's text
 * escaped as the inside of a JSON string, so that a value can neither end the string nor add
 * JSON of its own; NULL is the text {@code null}. Nothing else is evaluated: no loops, no
 * expressions, no access beyond the row. Every placeholder must name a column, checked when the
 * query starts. Immutable.
 */
final class BodyTemplate {

    private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\{\\s*([A-Za-z_][A-Za-z0-9_]*)"
            + "(?:\\.([A-Za-z_][A-Za-z0-9_]*))?\\s*}}");

    /** Literal text and placeholders, alternately: text, column, field (-1: none), text, ... */
    private final List<String> texts;
    private final int[] columns;
    private final int[] fields;

    private BodyTemplate(List<String> texts, int[] columns, int[] fields) {
        this.texts = List.copyOf(texts);
        this.columns = columns;
        this.fields = fields;
    }

    /**
     * The template {@code text} over rows of {@code schema}.
     *
     * @throws InvalidOptionException for a placeholder naming no column
     */
    static BodyTemplate parse(String text, Schema schema) {
        List<String> texts = new ArrayList<>();
        List<int[]> places = new ArrayList<>();
        Matcher matcher = PLACEHOLDER.matcher(text);
        int at = 0;
        while (matcher.find()) {
            texts.add(text.substring(at, matcher.start()));
            int column = schema.indexOf(matcher.group(1));
            int field = -1;
            if (column >= 0 && matcher.group(2) != null) {
                field = schema.field(column).type() instanceof StructType struct ? struct.indexOf(matcher.group(2)) : -1;
                if (field < 0) {
                    column = -1;
                }
            }
            if (column < 0) {
                throw new InvalidOptionException("template", "Placeholder " + matcher.group()
                        + " names no column of the query's output: " + schema.names());
            }
            places.add(new int[] {column, field});
            at = matcher.end();
        }
        texts.add(text.substring(at));
        return new BodyTemplate(texts, places.stream().mapToInt(place -> place[0]).toArray(),
                places.stream().mapToInt(place -> place[1]).toArray());
    }

    /** The body for {@code row}. */
    String render(Row row) {
        StringBuilder body = new StringBuilder(texts.get(0));
        for (int p = 0; p < columns.length; p++) {
            Object value = row.get(columns[p]);
            if (value != null && fields[p] >= 0) {
                value = ((Row) value).get(fields[p]);
            }
            escape(body, value == null ? "null" : value instanceof Row || value instanceof byte[]
                    ? String.valueOf(value) : value.toString());
            body.append(texts.get(p + 1));
        }
        return body.toString();
    }

    /** {@code text} as the inside of a JSON string (RFC 8259: quote, backslash and control characters escaped). */
    static void escape(StringBuilder out, String text) {
        for (int i = 0; i < text.length(); i++) {
            char ch = text.charAt(i);
            switch (ch) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (ch < 0x20 || ch == '\u2028' || ch == '\u2029') {
                        out.append(String.format("\\u%04x", (int) ch));
                    } else {
                        out.append(ch);
                    }
                }
            }
        }
    }
}
