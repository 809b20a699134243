package dev.arus.engine.sink;

import java.util.List;

/**
 * The file formats {@code json}, {@code csv} and {@code parquet}: a {@link FileSink} writing to the option
 * {@code path}. A file sink needs the query's checkpoint, as in Spark. Parquet writes a large batch's part
 * files on the session's task slots, which the session binds into its own provider
 * ({@link SinkProviders#with}); JSON and CSV write on the calling thread.
 */
public abstract sealed class FileSinkProvider implements SinkProvider {

    private final String format;
    private final List<String> options;
    private final SinkTasks tasks;

    private FileSinkProvider(String format, List<String> options, SinkTasks tasks) {
        this.format = format;
        this.options = options;
        this.tasks = tasks;
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
        return new FileSink(format, context, tasks);
    }

    /** {@code json}: one JSON object per line. */
    public static final class Json extends FileSinkProvider {
        public Json() {
            super(FileSink.JSON, FileSink.JSON_OPTIONS, SinkTasks.INLINE);
        }
    }

    /** {@code parquet}: Parquet files as Spark writes them, {@code compression} snappy (default) or zstd. */
    public static final class Parquet extends FileSinkProvider {
        /** The provider {@link java.util.ServiceLoader} finds: its part files written on the calling thread. */
        public Parquet() {
            this(SinkTasks.INLINE);
        }

        /** The provider of a session whose task slots are {@code tasks}. */
        public Parquet(SinkTasks tasks) {
            super(FileSink.PARQUET, FileSink.PARQUET_OPTIONS, tasks);
        }
    }

    /** {@code csv}: comma-separated values, with Spark's {@code header} and {@code sep} options. */
    public static final class Csv extends FileSinkProvider {
        public Csv() {
            super(FileSink.CSV, FileSink.CSV_OPTIONS, SinkTasks.INLINE);
        }
    }
}
