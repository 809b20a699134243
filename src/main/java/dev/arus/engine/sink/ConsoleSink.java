package dev.arus.engine.sink;

import dev.arus.engine.streaming.InvalidOptionException;
import dev.arus.engine.streaming.ResultBatch;
import java.io.PrintStream;
import java.time.ZoneId;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Spark's {@code console} sink ({@code ConsoleWrite}): for each batch, a banner
 * <pre>
 * -------------------------------------------
 * Batch: N
 * -------------------------------------------
 * </pre>
 * then the batch as {@code Dataset.show(numRows, truncate)} prints it: the table of
 * {@link TableFormatter} followed by an empty line. Options, keys in any case:
 * {@code numRows} (an int, default 20) and {@code truncate} ({@code true} or {@code false},
 * default {@code true}, which cuts cells at 20 characters). Spark reads {@code truncate} as a
 * boolean, so a width such as {@code 30} is rejected, as Spark rejects it. Unknown options are
 * rejected too (Spark ignores them). Each batch is written with one {@code print} call.
 */
public final class ConsoleSink implements Sink {

    public static final String NUM_ROWS = "numRows";
    public static final String TRUNCATE = "truncate";

    /** The options the console sink accepts, spelled as Spark documents them. */
    public static final List<String> OPTIONS = List.of(NUM_ROWS, TRUNCATE);

    private static final String BANNER_LINE = "-------------------------------------------";
    /** The cell width {@code show(numRows, truncate = true)} uses. */
    private static final int TRUNCATE_WIDTH = 20;

    private final int numRows;
    private final boolean truncate;
    private final TableFormatter formatter;
    private final PrintStream out;

    /**
     * @param options the sink's options, as strings
     * @param zone    the session time zone timestamps are printed in
     * @param out     where to print: {@code System.out} in production
     * @throws IllegalArgumentException for an unknown option or an invalid value
     */
    public ConsoleSink(Map<String, String> options, ZoneId zone, PrintStream out) {
        Map<String, String> values = readOptions(options);
        this.numRows = parseInt(values.get(NUM_ROWS), 20);
        this.truncate = parseBoolean(values.get(TRUNCATE), true);
        this.formatter = new TableFormatter(zone);
        this.out = out;
    }

    public int numRows() {
        return numRows;
    }

    public boolean truncate() {
        return truncate;
    }

    /**
     * Spark shows {@code org.apache.spark.sql.execution.streaming.ConsoleTable$@<hash>}; Arus
     * shows the settings instead, in the form of Spark's {@code ConsoleWriter.toString}.
     */
    @Override
    public String description() {
        return "ConsoleSink[numRows=" + numRows + ", truncate=" + truncate + "]";
    }

    /** The rows it shows, and one more to know whether to say {@code only showing top N rows}. */
    @Override
    public long rowsNeeded() {
        return numRows + 1L;
    }

    @Override
    public void addBatch(long batchId, ResultBatch batch) {
        out.print(render(batchId, batch));
        out.flush();
    }

    /** What {@link #addBatch} prints for a batch. */
    public String render(long batchId, ResultBatch batch) {
        String table = formatter.showString(batch.schema(), batch.rows(), numRows, truncate ? TRUNCATE_WIDTH : 0);
        return BANNER_LINE + "\n" + "Batch: " + batchId + "\n" + BANNER_LINE + "\n" + table + "\n";
    }

    private static Map<String, String> readOptions(Map<String, String> options) {
        Map<String, String> values = new HashMap<>();
        for (Map.Entry<String, String> option : options.entrySet()) {
            String name = null;
            for (String known : OPTIONS) {
                if (known.equalsIgnoreCase(option.getKey())) {
                    name = known;
                }
            }
            if (name == null) {
                throw new InvalidOptionException(option.getKey(), "Unknown option '" + option.getKey()
                        + "' for format 'console'. Allowed options: " + String.join(", ", OPTIONS));
            }
            if (values.containsKey(name)) {
                throw new InvalidOptionException(name, "Option '" + name + "' of format 'console' is given twice");
            }
            if (option.getValue() == null) {
                throw new InvalidOptionException(name, "Option '" + name + "' of format 'console' has no value");
            }
            values.put(name, option.getValue());
        }
        return values;
    }

    private static int parseInt(String value, int defaultValue) {
        if (value == null) {
            return defaultValue;
        }
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new InvalidOptionException(NUM_ROWS,
                    "Invalid value '" + value + "'. The option '" + NUM_ROWS + "' must be a whole number", e);
        }
    }

    /** As Spark's {@code CaseInsensitiveStringMap.getBoolean}: only true or false, any case. */
    private static boolean parseBoolean(String value, boolean defaultValue) {
        if (value == null) {
            return defaultValue;
        }
        return switch (value.toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new InvalidOptionException(TRUNCATE, "Invalid value '" + value + "'. The option '"
                    + TRUNCATE + "' must be true or false (Spark: " + value + " is not a boolean string.)");
        };
    }
}
