package dev.arus.engine.files;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The one-line JSON objects of checkpoint files, as Spark's offset-log metadata lines: string or
 * integer values, and objects of them, such as the {@code conf} of an offsets entry. Parsing is
 * strict; any deviation is an {@link IllegalArgumentException} saying where. {@link #quote} also
 * serves the file sink's JSON lines.
 */
public final class FlatJson {

    private FlatJson() {
    }

    public static String write(Map<String, ?> values) {
        StringBuilder out = new StringBuilder("{");
        for (Map.Entry<String, ?> entry : values.entrySet()) {
            if (out.length() > 1) {
                out.append(',');
            }
            quote(out, entry.getKey());
            out.append(':');
            Object value = entry.getValue();
            if (value instanceof Number number) {
                out.append(number.longValue());
            } else if (value instanceof Map<?, ?> nested) {
                @SuppressWarnings("unchecked")
                Map<String, ?> object = (Map<String, ?>) nested;
                out.append(write(object));
            } else {
                quote(out, String.valueOf(value));
            }
        }
        return out.append('}').toString();
    }

    /** Appends {@code text} as a JSON string, quoted and escaped. */
    public static void quote(StringBuilder out, String text) {
        out.append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }

    /** The object's values: {@link String}, {@link Long}, or a {@code Map} of these for a nested object. */
    public static Map<String, Object> parse(String text) {
        int[] at = {0};
        Map<String, Object> values = object(text, at);
        if (skip(text, at[0]) != text.length()) {
            throw new IllegalArgumentException("unexpected text after the object at position " + at[0]);
        }
        return values;
    }

    private static Map<String, Object> object(String text, int[] at) {
        Map<String, Object> values = new LinkedHashMap<>();
        expect(text, at, '{');
        if (peek(text, at) == '}') {
            at[0]++;
            return values;
        }
        while (true) {
            String key = string(text, at);
            expect(text, at, ':');
            char next = peek(text, at);
            values.put(key, next == '"' ? string(text, at) : next == '{' ? object(text, at) : number(text, at));
            char separator = peek(text, at);
            at[0]++;
            if (separator == '}') {
                return values;
            }
            if (separator != ',') {
                throw new IllegalArgumentException("expected ',' or '}' at position " + (at[0] - 1));
            }
        }
    }

    private static int skip(String text, int at) {
        while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
            at++;
        }
        return at;
    }

    private static char peek(String text, int[] at) {
        at[0] = skip(text, at[0]);
        if (at[0] >= text.length()) {
            throw new IllegalArgumentException("the object ends early, at position " + at[0]);
        }
        return text.charAt(at[0]);
    }

    private static void expect(String text, int[] at, char c) {
        if (peek(text, at) != c) {
            throw new IllegalArgumentException("expected '" + c + "' at position " + at[0]);
        }
        at[0]++;
    }

    private static String string(String text, int[] at) {
        expect(text, at, '"');
        StringBuilder out = new StringBuilder();
        while (true) {
            if (at[0] >= text.length()) {
                throw new IllegalArgumentException("a string is not closed");
            }
            char c = text.charAt(at[0]++);
            if (c == '"') {
                return out.toString();
            }
            if (c == '\\') {
                if (at[0] >= text.length()) {
                    throw new IllegalArgumentException("a string is not closed");
                }
                char escaped = text.charAt(at[0]++);
                switch (escaped) {
                    case 'n' -> out.append('\n');
                    case 'r' -> out.append('\r');
                    case 't' -> out.append('\t');
                    case 'u' -> {
                        if (at[0] + 4 > text.length()) {
                            throw new IllegalArgumentException("a string is not closed");
                        }
                        out.append((char) Integer.parseInt(text.substring(at[0], at[0] + 4), 16));
                        at[0] += 4;
                    }
                    default -> out.append(escaped);
                }
            } else {
                out.append(c);
            }
        }
    }

    private static Long number(String text, int[] at) {
        int start = at[0];
        if (at[0] < text.length() && text.charAt(at[0]) == '-') {
            at[0]++;
        }
        while (at[0] < text.length() && Character.isDigit(text.charAt(at[0]))) {
            at[0]++;
        }
        try {
            return Long.parseLong(text.substring(start, at[0]));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("expected a number at position " + start);
        }
    }
}
