package dev.arus.engine.expr.string;

/**
 * Spark counts a string's characters as Unicode code points (its UTF8String's {@code numChars}),
 * where Java counts UTF-16 units; these convert between the two, fast when a string has no
 * surrogate pairs, as almost every string has not.
 */
final class CodePoints {

    private CodePoints() {
    }

    /** The number of characters of {@code text}, as Spark's {@code length} counts them. */
    static int count(String text) {
        return text.codePointCount(0, text.length());
    }

    /** The UTF-16 index of character {@code index} (0-based, at most {@link #count}). */
    static int offset(String text, int index) {
        return text.length() == count(text) ? index : text.offsetByCodePoints(0, index);
    }

    /** Characters {@code [start, end)} of {@code text}, clamped to it, as Spark's {@code substring}. */
    static String slice(String text, int start, int end) {
        int count = count(text);
        int from = Math.max(0, Math.min(start, count));
        int to = Math.max(from, Math.min(end, count));
        if (count == text.length()) {
            return text.substring(from, to);
        }
        int first = text.offsetByCodePoints(0, from);
        return text.substring(first, text.offsetByCodePoints(first, to - from));
    }

    /** The character index of {@code part} in {@code text} at or after character {@code from}, or -1. */
    static int indexOf(String text, String part, int from) {
        if (from > count(text)) {
            return -1;
        }
        int at = text.indexOf(part, offset(text, from));
        return at < 0 ? -1 : text.codePointCount(0, at);
    }
}
