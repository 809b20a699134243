package dev.arus.engine.sink;

import dev.arus.engine.data.Row;
import dev.arus.engine.data.Schema;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;

/**
 * Lays rows out as Spark's {@code Dataset.showString(numRows, truncate)} does (horizontal form):
 * a {@code +---+} border, the column names, a border, the rows, a border, then
 * {@code only showing top N rows} when there were more. A column is as wide as its widest cell,
 * at least 3, counting East Asian full-width characters as two. With {@code truncate > 0} cells
 * are right-aligned and those longer than {@code truncate} are cut ({@code truncate - 3}
 * characters and {@code ...}, or just {@code truncate} characters when it is under 4); with
 * {@code truncate <= 0} they are left-aligned and whole. Column names are never cut.
 * Immutable and thread-safe.
 */
public final class TableFormatter {

    /** Spark's {@code ByteArrayMethods.MAX_ROUNDED_ARRAY_LENGTH - 1}, the most rows show takes. */
    private static final int MAX_ROWS = Integer.MAX_VALUE - 15 - 1;
    private static final int MINIMUM_COLUMN_WIDTH = 3;

    private final PrettyStringFormatter values;

    public TableFormatter(ZoneId zone) {
        this.values = new PrettyStringFormatter(zone);
    }

    /**
     * The table as {@code showString} returns it, ending with a newline; {@code show} prints it
     * with {@code println}, which adds a blank line.
     *
     * @param rows     all rows; only the first {@code numRows} are shown
     * @param numRows  how many rows to show; negative counts as 0
     * @param truncate the widest a cell may be, or 0 for no limit
     */
    public String showString(Schema schema, List<Row> rows, int numRows, int truncate) {
        int shown = Math.min(Math.max(numRows, 0), MAX_ROWS);
        boolean hasMoreData = rows.size() > shown;
        int columns = schema.size();

        List<String[]> cells = new ArrayList<>();
        String[] header = new String[columns];
        for (int c = 0; c < columns; c++) {
            header[c] = escapeMetaCharacters(schema.field(c).name());
        }
        cells.add(header);
        for (int r = 0; r < Math.min(shown, rows.size()); r++) {
            Row row = rows.get(r);
            String[] line = new String[columns];
            for (int c = 0; c < columns; c++) {
                line[c] = truncate(escapeMetaCharacters(values.format(row.get(c), schema.field(c).type())), truncate);
            }
            cells.add(line);
        }

        int[] widths = new int[columns];
        int[][] halfWidths = new int[cells.size()][columns];
        for (int c = 0; c < columns; c++) {
            widths[c] = MINIMUM_COLUMN_WIDTH;
        }
        for (int r = 0; r < cells.size(); r++) {
            for (int c = 0; c < columns; c++) {
                halfWidths[r][c] = stringHalfWidth(cells.get(r)[c]);
                widths[c] = Math.max(widths[c], halfWidths[r][c]);
            }
        }

        StringBuilder separator = new StringBuilder("+");
        for (int width : widths) {
            separator.append("-".repeat(width)).append('+');
        }
        separator.append('\n');

        StringBuilder table = new StringBuilder();
        table.append(separator);
        for (int r = 0; r < cells.size(); r++) {
            table.append('|');
            for (int c = 0; c < columns; c++) {
                String cell = cells.get(r)[c];
                String padding = " ".repeat(Math.max(0, widths[c] - halfWidths[r][c]));
                if (truncate > 0) {
                    table.append(padding).append(cell);
                } else {
                    table.append(cell).append(padding);
                }
                table.append('|');
            }
            table.append('\n');
            if (r == 0) {
                table.append(separator);
            }
        }
        table.append(separator);
        if (hasMoreData) {
            table.append("only showing top ").append(shown).append(shown == 1 ? " row" : " rows").append('\n');
        }
        return table.toString();
    }

    private static String truncate(String text, int truncate) {
        if (truncate > 0 && text.length() > truncate) {
            // no ellipsis when the limit is under 4 characters
            return truncate < 4 ? text.substring(0, truncate) : text.substring(0, truncate - 3) + "...";
        }
        return text;
    }

    /** Spark's {@code SchemaUtils.escapeMetaCharacters}: control characters shown as escapes. */
    static String escapeMetaCharacters(String text) {
        StringBuilder escaped = null;
        for (int i = 0; i < text.length(); i++) {
            char ch = text.charAt(i);
            String replacement = switch (ch) {
                case '\n' -> "\\n";
                case '\r' -> "\\r";
                case '\t' -> "\\t";
                case '\f' -> "\\f";
                case '\b' -> "\\b";
                case '\u000B' -> "\\v";
                case '\u0007' -> "\\a";
                default -> null;
            };
            if (replacement != null && escaped == null) {
                escaped = new StringBuilder(text.length() + 8).append(text, 0, i);
            }
            if (escaped != null) {
                if (replacement != null) {
                    escaped.append(replacement);
                } else {
                    escaped.append(ch);
                }
            }
        }
        return escaped == null ? text : escaped.toString();
    }

    /**
     * Spark's {@code Utils.stringHalfWidth}: the length, plus one for each character in the
     * ranges Spark counts as full width.
     */
    static int stringHalfWidth(String text) {
        int width = text.length();
        for (int i = 0; i < text.length(); i++) {
            if (isFullWidth(text.charAt(i))) {
                width++;
            }
        }
        return width;
    }

    private static boolean isFullWidth(char ch) {
        return (ch >= '\u1100' && ch <= '\u115F')
                || (ch >= '\u2E80' && ch <= '\uA4CF')
                || (ch >= '\uAC00' && ch <= '\uD7A3')
                || (ch >= '\uF900' && ch <= '\uFAFF')
                || (ch >= '\uFE10' && ch <= '\uFE19')
                || (ch >= '\uFE30' && ch <= '\uFE6F')
                || (ch >= '\uFF00' && ch <= '\uFF60')
                || (ch >= '\uFFE0' && ch <= '\uFFE6');
    }
}
