package dev.arus.engine.expr.json;

import java.util.ArrayList;
import java.util.List;

/**
 * A path of {@code get_json_object}, as Spark's {@code JsonPathParser} reads it: {@code $}, then
 * steps {@code .name} or {@code ['name']} (a field), {@code [3]} (an array element),
 * {@code [*]} (every element) and {@code .*} or {@code ['*']}, which parses but, as in Spark,
 * never matches (Spark's evaluator only reaches fields through a named step). Whitespace before
 * a step is skipped, as Spark's parser combinators skip it. Immutable.
 */
record JsonPath(List<Step> steps) {

    sealed interface Step {
    }

    /** A field by name. */
    record Named(String name) implements Step {
    }

    /** {@code .*}: any field of an object. */
    record AnyField() implements Step {
    }

    /** {@code [n]}: an array element. */
    record Index(long index) implements Step {
    }

    /** {@code [*]}: every array element. */
    record AnyElement() implements Step {
    }

    JsonPath {
        steps = List.copyOf(steps);
    }

    /** The path of this text, or null when it is not one (get_json_object then gives NULL). */
    static JsonPath parse(String text) {
        int at = skipWhitespace(text, 0);
        if (at >= text.length() || text.charAt(at) != '$') {
            return null;
        }
        at++;
        List<Step> steps = new ArrayList<>();
        while (true) {
            at = skipWhitespace(text, at);
            if (at >= text.length()) {
                return new JsonPath(steps);
            }
            if (text.startsWith(".*", at) || text.startsWith("['*']", at)) {
                steps.add(new AnyField());
                at += text.startsWith(".*", at) ? 2 : 5;
            } else if (text.charAt(at) == '.') {
                int start = skipWhitespace(text, at + 1);
                int end = start;
                while (end < text.length() && text.charAt(end) != '.' && text.charAt(end) != '[') {
                    end++;
                }
                if (end == start) {
                    return null;
                }
                steps.add(new Named(text.substring(start, end)));
                at = end;
            } else if (text.startsWith("['", at)) {
                int end = text.indexOf('\'', at + 2);
                if (end <= at + 2 || !text.startsWith("']", end)) {
                    return null;
                }
                steps.add(new Named(text.substring(at + 2, end)));
                at = end + 2;
            } else if (text.charAt(at) == '[') {
                int start = skipWhitespace(text, at + 1);
                if (text.startsWith("*", start)) {
                    at = skipWhitespace(text, start + 1);
                    steps.add(new AnyElement());
                } else {
                    int end = start;
                    while (end < text.length() && Character.isDigit(text.charAt(end))) {
                        end++;
                    }
                    if (end == start) {
                        return null;
                    }
                    try {
                        steps.add(new Index(Long.parseLong(text.substring(start, end))));
                    } catch (NumberFormatException e) {
                        return null;
                    }
                    at = skipWhitespace(text, end);
                }
                if (at >= text.length() || text.charAt(at) != ']') {
                    return null;
                }
                at++;
            } else {
                return null;
            }
        }
    }

    private static int skipWhitespace(String text, int at) {
        while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
            at++;
        }
        return at;
    }
}
