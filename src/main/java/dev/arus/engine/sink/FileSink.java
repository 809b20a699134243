package dev.arus.engine.sink;

import dev.arus.engine.data.DataType;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.Row;
import dev.arus.engine.data.Schema;
import dev.arus.engine.expr.ValueText;
import dev.arus.engine.expr.json.JsonValueWriter;
import dev.arus.engine.files.AtomicFiles;
import dev.arus.engine.streaming.AnalysisException;
import dev.arus.engine.streaming.InvalidOptionException;
import dev.arus.engine.streaming.OutputMode;
import dev.arus.engine.streaming.ResultBatch;
import dev.arus.engine.streaming.StorageWriteException;
import dev.arus.engine.time.Clock;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Spark's file sink ({@code FileStreamSink}) for {@code json}, {@code csv} and {@code parquet}: each batch's rows
 * go to a part file under {@code path}, and the batch is made visible by its entry in the sink's
 * log, {@code path/_spark_metadata/<batchId>}, listing the batch's files. A reader that follows
 * the log sees each batch exactly once. The steps of {@link #addBatch}:
 * <ol>
 *   <li>if the log already has an entry for this batch id or a later one, do nothing: the batch
 *       was written by a run that crashed before its commit, and is being re-run;</li>
 *   <li>write the rows to {@code part-00000-b<batchId>-c000.<format>} (none for an empty batch),
 *       atomically; a re-run replaces a part file that a crash left unlisted. With partition
 *       columns ({@code partitionBy}, {@link PartitionLayout}) there is one such file in each
 *       {@code col=value/} directory the batch has rows for, holding the other columns. A
 *       {@code parquet} sink splits a directory's rows, when there are at least twice
 *       {@value #ROWS_PER_TASK}, into consecutive pieces of at least that many, at most one per
 *       engine task slot ({@link SinkTasks}), and writes every piece of the batch (of every
 *       directory) at once on the task slots, as Spark's tasks each write their own file:
 *       {@code part-00000-...}, {@code part-00001-...}; each is written whole to a hidden
 *       temporary file, synced and renamed before the next step, whichever task wrote it;</li>
 *   <li>write the log entry {@code _spark_metadata/<batchId>}: {@code v1}, then one JSON line per
 *       file (its absolute URI, partition directories included, as Spark's
 *       {@code ManifestFileCommitProtocol} lists them; a directory's pieces in order), atomically. This is the moment the batch becomes visible. Every tenth batch
 *       compacts the log as Spark's does ({@link FileSinkLog}).</li>
 * </ol>
 * Only append mode is allowed, as in Spark. Timestamps are written in Spark's default format,
 * {@code yyyy-MM-dd'T'HH:mm:ss.SSSXXX}, in the session time zone. JSON lines are written as
 * {@code to_json} writes a struct ({@link JsonValueWriter}: binary as base64, arrays, maps and
 * structs nested); CSV refuses structs, arrays and maps as Spark's CSV source does.
 */
public final class FileSink implements Sink {

    public static final String JSON = "json";
    public static final String CSV = "csv";
    public static final String PARQUET = "parquet";
    public static final String METADATA_DIRECTORY = "_spark_metadata";

    static final List<String> JSON_OPTIONS = List.of("path");
    private static final HexFormat HEX = HexFormat.ofDelimiter(" ").withUpperCase();
    static final List<String> CSV_OPTIONS = List.of("path", "header", "sep");
    static final List<String> PARQUET_OPTIONS = List.of("path", "compression");
    /** The fewest rows a parquet part file is split off for: below, a task's start costs more than it saves. */
    static final int ROWS_PER_TASK = 250_000;

    private final String format;
    private final Path path;
    private final Path log;
    private final boolean header;
    private final String separator;
    private final DateTimeFormatter timestamps;
    private final JsonValueWriter json;
    private final Clock clock;
    private final String compression;
    private final PartitionLayout layout;
    private final SinkTasks tasks;
    private FileSinkLog sinkLog;
    private long latestLoggedBatch;

    /** A sink of {@code format} for one run, writing a batch's pieces on {@code tasks} (JSON and CSV: inline, one file a directory). */
    FileSink(String format, SinkContext context, SinkTasks tasks) {
        this.format = format;
        OutputMode mode = context.mode();
        Schema schema = context.schema();
        String location = context.option("path");
        if (location == null || location.isBlank()) {
            throw new InvalidOptionException("path", "'path' is not specified");
        }
        if (mode != OutputMode.APPEND) {
            throw new AnalysisException("STREAMING_OUTPUT_MODE.UNSUPPORTED_DATASOURCE",
                    "Data source " + format + " does not support " + mode.sparkName()
                    + " output mode");
        }
        this.layout = PartitionLayout.of(context.partitionColumns(), schema, context.timeZone());
        Schema dataSchema = layout.dataSchema();
        if (format.equals(CSV)) {
            for (Field field : dataSchema.fields()) {
                // Spark's CSVFileFormat.supportDataType: atomic types only (binary included)
                if (field.type().isComplex()) {
                    throw new AnalysisException("UNSUPPORTED_DATA_TYPE_FOR_DATASOURCE",
                            "[UNSUPPORTED_DATA_TYPE_FOR_DATASOURCE] The CSV datasource doesn't "
                            + "support the column `" + field.name() + "` of the type \""
                            + field.type().sql() + "\". SQLSTATE: 0A000");
                }
            }
        }
        this.path = Path.of(location);
        this.log = path.resolve(METADATA_DIRECTORY);
        this.header = Boolean.parseBoolean(context.option("header"));
        String sep = context.option("sep");
        this.separator = sep == null ? "," : sep;
        this.timestamps = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSXXX", Locale.ROOT)
                .withZone(context.timeZone());
        this.json = format.equals(JSON) ? new JsonValueWriter(context.timeZone()) : null;
        this.clock = context.clock();
        this.compression = format.equals(PARQUET) ? ParquetPartFiles.compression(context.option("compression"), dataSchema)
                : null;
        this.tasks = tasks;
    }

    public Path path() {
        return path;
    }

    /** Spark's {@code FileSink[path]}. */
    @Override
    public String description() {
        return "FileSink[" + path + "]";
    }

    @Override
    public void addBatch(long batchId, ResultBatch batch) {
        if (sinkLog == null) {
            sinkLog = new FileSinkLog(log, clock, FileSinkLog.DEFAULT_COMPACT_INTERVAL,
                    FileSinkLog.DEFAULT_CLEANUP_DELAY, FileSinkLog.DEFAULT_MIN_BATCHES_TO_RETAIN);
            latestLoggedBatch = sinkLog.latestBatchId();
        }
        if (batchId <= latestLoggedBatch) {
            return;
        }
        List<Piece> pieces = pieces(byDirectory(batch.rows()));
        String[] entries = new String[pieces.size()];
        tasks.run(pieces.size(), t -> {
            Piece piece = pieces.get(t);
            entries[t] = entry(writePart(path.resolve(piece.directory()), batchId, piece.number(), piece.rows()));
        });
        sinkLog.add(batchId, List.of(entries));
        latestLoggedBatch = batchId;
    }

    /** One part file of a batch: its directory under the root, its number there, its rows. */
    private record Piece(String directory, int number, List<Row> rows) {
    }

    /**
     * Each directory's rows as consecutive pieces of at least {@value #ROWS_PER_TASK} rows, at most
     * one per task slot; one piece when the sink has one slot.
     */
    private List<Piece> pieces(Map<String, List<Row>> directories) {
        List<Piece> pieces = new ArrayList<>();
        for (Map.Entry<String, List<Row>> directory : directories.entrySet()) {
            List<Row> rows = directory.getValue();
            int count = (int) Math.max(1, Math.min(tasks.parallelism(), (long) rows.size() / ROWS_PER_TASK));
            for (int i = 0; i < count; i++) {
                pieces.add(new Piece(directory.getKey(), i,
                        rows.subList((int) ((long) rows.size() * i / count), (int) ((long) rows.size() * (i + 1) / count))));
            }
        }
        return pieces;
    }

    /**
     * The batch's rows by the directory they go to under the root, each without its partition
     * columns; the directories in the order of their first row, as Spark's writer opens them.
     */
    private Map<String, List<Row>> byDirectory(List<Row> rows) {
        if (rows.isEmpty()) {
            return Map.of();
        }
        if (!layout.partitioned()) {
            return Map.of("", rows);
        }
        Map<String, List<Row>> directories = new LinkedHashMap<>();
        for (Row row : rows) {
            directories.computeIfAbsent(layout.directoryOf(row), d -> new ArrayList<>()).add(layout.dataRow(row));
        }
        return directories;
    }

    /** Writes {@code rows} to this batch's part file {@code number} in {@code directory}, atomically; returns the file. */
    private Path writePart(Path directory, long batchId, int number, List<Row> rows) {
        Schema schema = layout.dataSchema();
        createDirectories(directory);
        Path part;
        if (format.equals(PARQUET)) {
            part = directory.resolve(String.format(Locale.ROOT, "part-%05d-b%d-c000%s.parquet", number, batchId,
                    ParquetPartFiles.extension(compression)));
            ParquetPartFiles.write(part, schema, rows, compression);
        } else {
            part = directory.resolve(String.format(Locale.ROOT, "part-00000-b%d-c000.%s", batchId, format));
            byte[] bytes = render(schema, rows).getBytes(StandardCharsets.UTF_8);
            AtomicFiles.write(part, bytes, bytes.length);
        }
        return part;
    }

    /** Spark's {@code SinkFileStatus} of a part file, as a line of the sink's log. */
    private static String entry(Path part) {
        try {
            return "{\"path\":\"" + part.toAbsolutePath().toUri() + "\",\"size\":" + Files.size(part)
                    + ",\"isDir\":false,\"modificationTime\":" + Files.getLastModifiedTime(part).toMillis()
                    + ",\"blockReplication\":1,\"blockSize\":33554432,\"action\":\"add\"}";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void createDirectories(Path directory) {
        try {
            Files.createDirectories(directory);
        } catch (IOException e) {
            throw StorageWriteException.of("Cannot create directory " + directory, e);
        }
    }

    private String render(Schema schema, List<Row> rows) {
        StringBuilder out = new StringBuilder();
        if (format.equals(CSV) && header) {
            for (int i = 0; i < schema.size(); i++) {
                out.append(i == 0 ? "" : separator).append(csvValue(schema.field(i).name()));
            }
            out.append('\n');
        }
        for (Row row : rows) {
            if (format.equals(JSON)) {
                out.append(json.write(row));
            } else {
                for (int i = 0; i < row.size(); i++) {
                    Object value = row.get(i);
                    out.append(i == 0 ? "" : separator)
                            .append(value == null ? "" : csvValue(text(value, schema.field(i).type())));
                }
            }
            out.append('\n');
        }
        return out.toString();
    }

    /**
     * A CSV cell as Spark's UnivocityGenerator writes it: binary as hex bytes, {@code [41 42]},
     * timestamps in the default format, intervals in the ANSI style, decimals as
     * {@code BigDecimal.toString}, dates as {@code yyyy-MM-dd}.
     */
    private String text(Object value, DataType type) {
        if (value instanceof byte[] bytes) {
            return "[" + HEX.formatHex(bytes) + "]";
        }
        if (value instanceof Duration) {
            return ValueText.of(value, type, timestamps.getZone());
        }
        return value instanceof Instant instant ? timestamps.format(instant) : String.valueOf(value);
    }

    private String csvValue(String text) {
        boolean quote = text.contains(separator) || text.contains("\"") || text.contains("\n")
                || text.contains("\r") || text.isEmpty();
        return quote ? '"' + text.replace("\"", "\\\"") + '"' : text;
    }
}
