package dev.arus.engine.jdbc;

import dev.arus.engine.data.Row;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.HexFormat;
import java.util.List;

/**
 * Rows in the text format of PostgreSQL's {@code COPY ... FROM STDIN}: one line per row, values
 * separated by tabs, {@code \N} for NULL, and a backslash, tab, newline or carriage return
 * inside a value escaped with a backslash. Timestamps are ISO-8601 instants in UTC (the column
 * keeps the instant), dates ISO-8601, booleans {@code t}/{@code f}, binary {@code \x}-hex,
 * arrays PostgreSQL's {@code {a,"b c",NULL}}. Appends to a caller's builder: no allocation per
 * value beyond the value's text.
 */
final class CopyText {

    private static final HexFormat HEX = HexFormat.of();

    private CopyText() {
    }

    /** Appends {@code row}'s line (ending in a newline) for {@code columns}. */
    static void appendRow(StringBuilder line, Row row, List<TableColumns.Column> columns) {
        for (int c = 0; c < columns.size(); c++) {
            if (c > 0) {
                line.append('\t');
            }
            Object value = columns.get(c).value(row);
            if (value == null) {
                line.append("\\N");
            } else if (value instanceof String text) {
                appendEscaped(line, text);
            } else if (value instanceof Long || value instanceof Integer || value instanceof Short
                    || value instanceof Byte) {
                line.append(((Number) value).longValue());
            } else if (value instanceof Instant instant) {
                appendInstant(line, instant);
            } else if (value instanceof Double number && Double.isFinite(number)) {
                line.append(number.doubleValue());
            } else {
                appendEscaped(line, text(value));
            }
        }
        line.append('\n');
    }

    /**
     * {@code instant} as {@code yyyy-MM-dd HH:mm:ss[.ffffff]+00}, written digit by digit: a
     * timestamp column takes two of these per row for a window, where {@link Instant#toString()}'s
     * formatter would cost more than the rest of the row. Years 1 to 9999, as PostgreSQL's
     * timestamps hold them without an era.
     */
    static void appendInstant(StringBuilder line, Instant instant) {
        long seconds = instant.getEpochSecond();
        long day = Math.floorDiv(seconds, 86_400);
        int secondOfDay = (int) Math.floorMod(seconds, 86_400);
        LocalDate date = LocalDate.ofEpochDay(day);
        if (date.getYear() < 1 || date.getYear() > 9999) {
            line.append(instant);
            return;
        }
        pad(line, date.getYear(), 4).append('-');
        pad(line, date.getMonthValue(), 2).append('-');
        pad(line, date.getDayOfMonth(), 2).append(' ');
        pad(line, secondOfDay / 3600, 2).append(':');
        pad(line, secondOfDay / 60 % 60, 2).append(':');
        pad(line, secondOfDay % 60, 2);
        int micros = instant.getNano() / 1000;
        if (micros != 0) {
            pad(line.append('.'), micros, 6);
        }
        line.append("+00");
    }

    private static StringBuilder pad(StringBuilder line, int value, int digits) {
        for (int limit = 10, d = 1; d < digits; d++, limit *= 10) {
            if (value < limit) {
                line.append('0');
            }
        }
        return line.append(value);
    }

    /** The value as PostgreSQL's input of the column type reads it. */
    static String text(Object value) {
        if (value instanceof String text) {
            return text;
        }
        if (value instanceof Boolean bool) {
            return bool ? "t" : "f";
        }
        if (value instanceof Instant instant) {
            return instant.toString();
        }
        if (value instanceof LocalDate date) {
            return date.toString();
        }
        if (value instanceof BigDecimal decimal) {
            return decimal.toPlainString();
        }
        if (value instanceof byte[] bytes) {
            return "\\x" + HEX.formatHex(bytes);
        }
        if (value instanceof List<?> elements) {
            return array(elements);
        }
        if (value instanceof Double number) {
            return floating(number);
        }
        if (value instanceof Float number) {
            return floating(number.doubleValue());
        }
        return value.toString();
    }

    /** Java's infinities are spelt as PostgreSQL reads them; {@code NaN} is the same in both. */
    private static String floating(double number) {
        if (Double.isInfinite(number)) {
            return number > 0 ? "Infinity" : "-Infinity";
        }
        return Double.toString(number);
    }

    private static String array(List<?> elements) {
        StringBuilder array = new StringBuilder("{");
        for (int i = 0; i < elements.size(); i++) {
            if (i > 0) {
                array.append(',');
            }
            Object element = elements.get(i);
            if (element == null) {
                array.append("NULL");
            } else {
                array.append('"');
                String text = text(element);
                for (int j = 0; j < text.length(); j++) {
                    char ch = text.charAt(j);
                    if (ch == '"' || ch == '\\') {
                        array.append('\\');
                    }
                    array.append(ch);
                }
                array.append('"');
            }
        }
        return array.append('}').toString();
    }

    private static void appendEscaped(StringBuilder line, String text) {
        int first = 0;
        while (first < text.length()) {
            char ch = text.charAt(first);
            if (ch == '\\' || ch == '\t' || ch == '\n' || ch == '\r') {
                break;
            }
            first++;
        }
        line.append(text, 0, first);
        for (int i = first; i < text.length(); i++) {
            char ch = text.charAt(i);
            switch (ch) {
                case '\\' -> line.append("\\\\");
                case '\t' -> line.append("\\t");
                case '\n' -> line.append("\\n");
                case '\r' -> line.append("\\r");
                default -> line.append(ch);
            }
        }
    }
}
