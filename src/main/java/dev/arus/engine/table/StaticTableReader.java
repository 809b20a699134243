package dev.arus.engine.table;

import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.Schema;
import dev.arus.engine.expr.sql.DataTypeParser;
import dev.arus.engine.format.FileFormat;
import dev.arus.engine.format.FileReader;
import dev.arus.engine.streaming.ArusException;
import dev.arus.engine.streaming.InvalidOptionException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Reads a static table from files, as Spark's batch readers read {@code json} and {@code csv}
 * with a given schema, through the same readers as the file stream sources ({@link FileFormat}):
 * {@code path} is a file, or a directory whose files (but for hidden ones, starting with
 * {@code .} or {@code _}) are read in name order, with the format's reading options (csv
 * {@code header}, {@code sep}, ...; json {@code multiLine}; {@code mode}).
 */
public final class StaticTableReader {

    /** The formats a static table may have, in alphabetical order. */
    public static final List<String> FORMATS = java.util.Arrays.stream(FileFormat.values())
            .map(FileFormat::formatName).sorted().toList();

    public static final List<String> JSON_OPTIONS = options(FileFormat.JSON);
    public static final List<String> CSV_OPTIONS = options(FileFormat.CSV);

    private StaticTableReader() {
    }

    private static List<String> options(FileFormat format) {
        List<String> names = new ArrayList<>();
        names.add("path");
        names.addAll(format.readOptions());
        return List.copyOf(names);
    }

    /** The options a static table of {@code format} takes. */
    public static List<String> options(String format) {
        return options(FileFormat.of(format));
    }

    /**
     * The schema of a table of {@code format} with these options, checked now.
     *
     * @throws ArusException for an unknown format, a bad schema, or an unknown or missing option
     */
    public static Schema schema(String format, String ddl, Map<String, String> options) {
        FileFormat fileFormat = FileFormat.of(format);
        List<String> allowed = options(fileFormat);
        options.keySet().forEach(key -> {
            if (allowed.stream().noneMatch(name -> name.equalsIgnoreCase(key))) {
                throw new InvalidOptionException(key, "Unknown option '" + key + "' for a static " + format
                        + " table. Allowed options: " + String.join(", ", allowed));
            }
        });
        if (option(options, "path") == null) {
            throw new InvalidOptionException("path", "'path' is not specified");
        }
        Schema schema = DataTypeParser.parseSchema(ddl);
        fileFormat.reader(schema, options, ZoneId.of("UTC"));
        return schema;
    }

    private static String option(Map<String, String> options, String name) {
        return options.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(name))
                .map(Map.Entry::getValue).findFirst().orElse(null);
    }

    /**
     * Reads the whole table.
     *
     * @throws ArusException {@code PATH_NOT_FOUND}, or {@code FAILED_READ_FILE.*} for a file that
     *         cannot be read or (FAILFAST) holds a malformed record
     */
    public static StaticTable read(String format, Schema schema, Map<String, String> options, ZoneId zone) {
        FileReader reader = FileFormat.of(format).reader(schema, options, zone);
        ColumnarBatch table = ColumnarBatch.allocate(schema, ColumnarBatch.CHUNK_SIZE);
        for (Path file : files(Path.of(option(options, "path")))) {
            reader.read(file, chunk -> append(table, chunk));
        }
        return new StaticTable(schema, table);
    }

    private static void append(ColumnarBatch table, ColumnarBatch chunk) {
        int at = table.size();
        for (int c = 0; c < table.schema().size(); c++) {
            ColumnVector column = table.column(c);
            column.ensureCapacity(at + chunk.size());
            for (int row = 0; row < chunk.size(); row++) {
                chunk.column(c).copyRow(row, column, at + row);
            }
        }
        table.setSize(at + chunk.size());
    }

    private static List<Path> files(Path path) {
        if (Files.isRegularFile(path)) {
            return List.of(path);
        }
        if (!Files.isDirectory(path)) {
            throw new ArusException("PATH_NOT_FOUND", "[PATH_NOT_FOUND] Path does not exist: "
                    + path.toAbsolutePath().toUri() + ".");
        }
        try (Stream<Path> entries = Files.list(path)) {
            return entries.filter(Files::isRegularFile)
                    .filter(file -> !file.getFileName().toString().startsWith(".")
                            && !file.getFileName().toString().startsWith("_"))
                    .sorted().toList();
        } catch (IOException e) {
            throw new ArusException("FAILED_READ_FILE", "[FAILED_READ_FILE] Cannot list " + path + ": "
                    + e.getMessage(), e);
        }
    }
}
