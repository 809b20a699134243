package dev.arus.engine.source;

import dev.arus.engine.data.Schema;
import dev.arus.engine.format.FileFormat;
import dev.arus.engine.streaming.InvalidOptionException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The file formats as stream sources, {@code json}, {@code csv} and {@code parquet}: a {@link FileStreamSource}
 * over the directory {@code path}, with the schema the user gives, required as Spark requires it
 * for streaming file sources.
 */
public abstract sealed class FileSourceProvider implements SourceProvider {

    private final FileFormat format;
    private final List<String> options;

    private FileSourceProvider(FileFormat format) {
        this.format = format;
        this.options = FileStreamSourceOptions.names(format.readOptions());
    }

    @Override
    public final String format() {
        return format.formatName();
    }

    @Override
    public final List<String> options() {
        return options;
    }

    @Override
    public final Set<String> changeableOptions() {
        return Set.copyOf(FileStreamSourceOptions.CHANGEABLE);
    }

    @Override
    public final boolean acceptsUserSchema() {
        return true;
    }

    @Override
    public final boolean keepsOwnLog() {
        return true;
    }

    @Override
    public final Schema schema(SourceContext context) {
        FileStreamSourceOptions.parse(format(), options, context.options());
        Schema schema = requireSchema(context);
        format.reader(schema, readOptions(context.options()), context.timeZone());
        return schema;
    }

    @Override
    public final Source create(SourceContext context) {
        FileStreamSourceOptions parsed = FileStreamSourceOptions.parse(format(), options, context.options());
        Schema schema = requireSchema(context);
        return new FileStreamSource(schema, parsed, format.reader(schema, readOptions(context.options()),
                context.timeZone()), new FileStreamSourceLog(context.directory(), context.clock()));
    }

    /** Spark's words when a streaming file source has no schema. */
    private static Schema requireSchema(SourceContext context) {
        if (context.userSchema() == null) {
            throw new InvalidOptionException("schema", "Schema must be specified when creating a streaming source "
                    + "DataFrame. If some files already exist in the directory, then depending on the file format you "
                    + "may be able to create a static DataFrame on that directory with 'spark.read.load(directory)' "
                    + "and infer schema from it.");
        }
        return context.userSchema();
    }

    private Map<String, String> readOptions(Map<String, String> given) {
        Map<String, String> read = new HashMap<>();
        given.forEach((key, value) -> {
            if (format.readOptions().stream().anyMatch(key::equalsIgnoreCase)) {
                read.put(key, value);
            }
        });
        return read;
    }

    /** {@code json}: one JSON object per line, or with {@code multiLine} one document per file. */
    public static final class Json extends FileSourceProvider {
        public Json() {
            super(FileFormat.JSON);
        }
    }

    /** {@code csv}: comma-separated values, with Spark's CSV options. */
    public static final class Csv extends FileSourceProvider {
        public Csv() {
            super(FileFormat.CSV);
        }
    }

    /** {@code parquet}: Parquet files, columns matched to the schema by name. */
    public static final class Parquet extends FileSourceProvider {
        public Parquet() {
            super(FileFormat.PARQUET);
        }
    }
}
