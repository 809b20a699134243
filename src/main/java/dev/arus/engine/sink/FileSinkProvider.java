package dev.arus.engine.sink;

import java.util.List;

/**
 * The file formats {@code json}, {@code csv} and {@code parquet}: a {@link FileSink} writing to the option
 * {@code path}. A file sink needs the query's checkpoint, as in Spark.
 */
public abstract sealed class FileSinkProvider implements SinkProvider {

    private final String format;
    private final List<String> options;

    private FileSinkProvider(String format, List<String> options) {
        this.format = format;
        this.options = options;
    }

    @Override
    public final String format() {
        return format;
    }

    @Override
    public final List<String> options() {
        return options;
    }

    @Override
    public final boolean requiresCheckpoint() {
        return true;
    }

    @Override
    public final boolean supportsPartitioning() {
        return true;
    }

    @Override
    public final Sink create(SinkContext context) {
        return new FileSink(format, context);
    }

    /** {@code json}: one JSON object per line. */
    public static final class Json extends FileSinkProvider {
        public Json() {
            super(FileSink.JSON, FileSink.JSON_OPTIONS);
        }
    }

    /** {@code parquet}: Parquet files as Spark writes them, {@code compression} snappy (default) or zstd. */
    public static final class Parquet extends FileSinkProvider {
        public Parquet() {
            super(FileSink.PARQUET, FileSink.PARQUET_OPTIONS);
        }
    }

    /** {@code csv}: comma-separated values, with Spark's {@code header} and {@code sep} options. */
    public static final class Csv extends FileSinkProvider {
        public Csv() {
            super(FileSink.CSV, FileSink.CSV_OPTIONS);
        }
    }
}
