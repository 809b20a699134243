package dev.arus.engine.api;

import dev.arus.engine.data.Schema;
import dev.arus.engine.expr.sql.SqlParser;
import dev.arus.engine.expr.sql.SqlStatement;
import dev.arus.engine.log.EventLog;
import dev.arus.engine.log.StreamColumns;
import dev.arus.engine.log.StreamDefinition;
import dev.arus.engine.plan.LogicalPlan;
import dev.arus.engine.plan.SqlPlanner;
import dev.arus.engine.runtime.ExecutorTriggerScheduler;
import dev.arus.engine.runtime.QueryEnvironment;
import dev.arus.engine.runtime.QueryLauncher;
import dev.arus.engine.runtime.TaskSlots;
import dev.arus.engine.runtime.TriggerScheduler;
import dev.arus.engine.sink.ConsoleSinkProvider;
import dev.arus.engine.sink.FileSinkProvider;
import dev.arus.engine.sink.MemorySinkProvider;
import dev.arus.engine.sink.MemoryTables;
import dev.arus.engine.sink.SinkProviders;
import dev.arus.engine.sink.StreamSinkProvider;
import dev.arus.engine.source.SourceContext;
import dev.arus.engine.source.SourceProvider;
import dev.arus.engine.source.SourceProviders;
import dev.arus.engine.source.StreamSourceProvider;
import dev.arus.engine.streaming.AnalysisException;
import dev.arus.engine.streaming.ConnectTimeout;
import dev.arus.engine.streaming.ParseException;
import dev.arus.engine.streaming.TextPosition;
import dev.arus.engine.time.Clock;
import dev.arus.engine.time.SystemClock;
import java.io.PrintStream;
import java.time.Duration;
import java.time.ZoneId;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The entry point, as Spark's {@code SparkSession}: reads streams and owns the queries started
 * from them, the clock they run on, the scheduler their triggers share and the task slots their
 * batches run on. The session time zone (the JVM's by default, as Spark's) is used to show and
 * parse timestamps.
 */
public final class ArusSession implements AutoCloseable {

    /** Progress reports a query keeps, as Spark's {@code spark.sql.streaming.numRecentProgressUpdates}. */
    public static final int DEFAULT_RECENT_PROGRESS = 100;

    /** No limit on the rows (groups) of an aggregation's state, as Spark; a service sets one. */
    public static final int UNLIMITED_STATE_ROWS = Integer.MAX_VALUE;

    private final QueryEnvironment environment;
    private final SourceProviders sources;
    private final SinkProviders sinks;
    private final StreamingQueryManager streams;

    private ArusSession(Builder builder) {
        TriggerScheduler scheduler = builder.scheduler != null ? builder.scheduler
                : new ExecutorTriggerScheduler(builder.clock, ExecutorTriggerScheduler.defaultThreads());
        this.environment = new QueryEnvironment(builder.clock, scheduler, new TaskSlots(builder.parallelism),
                QueryEnvironment.newCheckpointMaintenanceExecutor(), builder.timeZone,
                new MemoryTables(builder.maxMemoryTableRows), builder.eventLog, builder.recentProgress,
                builder.maxStateRows, builder.maxBatchOutputRows,
                builder.shufflePartitions, builder.connectTimeout, builder.conf);
        this.sources = SourceProviders.installed().with(new StreamSourceProvider(builder.eventLog));
        this.sinks = SinkProviders.installed().with(new StreamSinkProvider(builder.eventLog),
                new ConsoleSinkProvider(builder.console), new MemorySinkProvider(environment.memoryTables()),
                new FileSinkProvider.Parquet(environment.taskSlots().forSinks()));
        this.streams = new StreamingQueryManager(new QueryLauncher(environment, sources, sinks),
                environment.memoryTables());
    }

    public static Builder builder() {
        return new Builder();
    }

    public DataStreamReader readStream() {
        return new DataStreamReader(this);
    }

    /** A reader of static tables, for joining streams with. */
    public DataFrameReader read() {
        return new DataFrameReader(this);
    }

    /**
     * A Spark SQL query over the session's event-log streams, by their names: Spark's
     * {@code spark.sql} over a streaming view.
     *
     * @see #sql(String, SqlTables)
     */
    public StreamFrame sql(String sqlText) {
        return sql(sqlText, SqlTables.none());
    }

    /**
     * A Spark SQL query ({@code SELECT ...}, {@code WITH ... SELECT ...}) over {@code tables},
     * as Spark's {@code spark.sql} over temporary views, as a stream. A name that no view has is
     * the event-log stream of that name, read from its latest offsets. The frame is the one the
     * same query written as DataFrame steps would give: same plan, same batches.
     *
     * @throws dev.arus.engine.streaming.ParseException for a statement that does not parse
     *         ({@code PARSE_SYNTAX_ERROR}) or that Arus does not run ({@code UNSUPPORTED_FEATURE.SQL_CONSTRUCT})
     * @throws AnalysisException for a mistake of meaning ({@code TABLE_OR_VIEW_NOT_FOUND},
     *         {@code UNRESOLVED_COLUMN.WITH_SUGGESTION}, ...); either's position is the 0-based
     *         offset in {@code sqlText}, and its message ends with Spark's line and position
     */
    public StreamFrame sql(String sqlText, SqlTables tables) {
        SqlStatement statement = SqlParser.parse(sqlText);
        if (statement instanceof SqlStatement.CreateStreamingTable create) {
            throw new ParseException(SqlParser.UNSUPPORTED, "[" + SqlParser.UNSUPPORTED + "] The feature is not"
                    + " supported: CREATE STREAMING TABLE as a query: it defines a pipeline's table, not a stream"
                    + " to start; define it with ArusSession.define. SQLSTATE: 0A000", create.position(), sqlText);
        }
        return plan(sqlText, statement, tables);
    }

    /**
     * What a Spark SQL statement over {@code tables} defines: a query, as {@link #sql} reads it,
     * or a streaming table, {@code CREATE STREAMING TABLE [IF NOT EXISTS] name [COMMENT '...'] AS
     * query}, Spark Declarative Pipelines' statement: the event-log stream {@code name} with the
     * query's columns (see {@link StreamColumns}), filled by the query. Nothing is created.
     *
     * @throws dev.arus.engine.streaming.ParseException for a statement that does not parse, or
     *         a table named with a catalog or schema ({@code UNSUPPORTED_FEATURE.SQL_CONSTRUCT})
     * @throws AnalysisException for a mistake of the query, as {@link #sql}'s; a table name that is
     *         no stream name ({@code INVALID_STREAM_NAME}), a query that reads the table it fills
     *         ({@code STREAMING_TABLE_READS_ITSELF}) or an output column no stream holds
     *         ({@code UNSUPPORTED_STREAM_COLUMN_TYPE})
     */
    public SqlDefinition define(String sqlText, SqlTables tables) {
        SqlStatement statement = SqlParser.parse(sqlText);
        if (!(statement instanceof SqlStatement.CreateStreamingTable create)) {
            return new SqlDefinition.Query(plan(sqlText, statement, tables));
        }
        String name = tableName(sqlText, create);
        StreamFrame frame = plan(sqlText, statement, tables);
        boolean readsItself = frame.plan().streamSources().stream().anyMatch(source ->
                source.format().equalsIgnoreCase(SqlDefinition.StreamingTable.SINK_FORMAT)
                        && source.options().entrySet().stream().anyMatch(option -> option.getKey()
                                .equalsIgnoreCase(SqlDefinition.StreamingTable.SINK_OPTION)
                                && name.equals(option.getValue().trim())));
        if (readsItself) {
            throw located(sqlText, create.namePosition(), "STREAMING_TABLE_READS_ITSELF", "[STREAMING_TABLE_READS_ITSELF]"
                    + " The streaming table `" + name + "` reads the stream it fills: a pipeline's tables form no"
                    + " cycle. Read the stream this one is made from");
        }
        Schema columns;
        try {
            columns = StreamColumns.of(frame.schema());
        } catch (AnalysisException unstorable) {
            throw located(sqlText, create.query().position(), unstorable.errorClass(), unstorable.getMessage());
        }
        return new SqlDefinition.StreamingTable(name, frame, StreamColumns.ddl(columns));
    }

    /** A streaming table's name: one identifier, a stream's name. */
    private static String tableName(String sqlText, SqlStatement.CreateStreamingTable create) {
        if (create.name().size() != 1) {
            TextPosition at = TextPosition.of(sqlText, create.namePosition());
            throw new ParseException(SqlParser.UNSUPPORTED, "[" + SqlParser.UNSUPPORTED + "] The feature is not"
                    + " supported: a streaming table named with a catalog or schema (" + String.join(".",
                    create.name().stream().map(part -> "`" + part.replace("`", "``") + "`").toList())
                    + "): a table is a stream of the event log, named by one identifier. SQLSTATE: 0A000 (line "
                    + at.line() + ", pos " + (at.column() - 1) + ")", create.namePosition(), sqlText);
        }
        String name = create.name().get(0);
        try {
            StreamDefinition.checkName(name);
        } catch (AnalysisException invalid) {
            throw located(sqlText, create.namePosition(), invalid.errorClass(), "[" + invalid.errorClass() + "] "
                    + invalid.getMessage());
        }
        return name;
    }

    /** An analysis error at {@code position} of the statement, its message ending as Spark's, {@code ; line L pos P}. */
    private static AnalysisException located(String sqlText, int position, String errorClass, String message) {
        TextPosition at = TextPosition.of(sqlText, position);
        return new AnalysisException(errorClass, message + "; line " + at.line() + " pos " + (at.column() - 1),
                position, sqlText);
    }

    private StreamFrame plan(String sqlText, SqlStatement statement, SqlTables tables) {
        return new StreamFrame(this, SqlPlanner.plan(sqlText, statement.query(), name -> name.size() != 1
                ? Optional.empty()
                : tables.find(name.get(0)).or(() -> eventLogStream(name.get(0)))));
    }

    /** The plan of the event-log stream {@code name}, when the session's log has one. */
    private Optional<LogicalPlan> eventLogStream(String name) {
        EventLog log = environment.eventLog();
        if (log == null || log.find(name).isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(readStream().format("stream").option("stream", name).load().plan());
    }

    /**
     * The columns a source of {@code format} with {@code options} gives.
     *
     * @throws ArusException for an unknown format or option, a bad value, or a stream that does not exist
     */
    Schema sourceSchema(String format, Map<String, String> options, Schema userSchema) {
        SourceProvider provider = sources.of(format);
        if (userSchema != null && !provider.acceptsUserSchema()) {
            throw new AnalysisException("USER_SPECIFIED_SCHEMA_UNSUPPORTED", provider.format()
                    + " does not support user specified schema. Please don't specify the schema.");
        }
        return provider.schema(SourceContext.describing(options, userSchema, environment.clock(),
                environment.timeZone()));
    }

    /**
     * The formats this session writes: those on the class path, its {@code stream} sink bound to its
     * event log, its {@code console} to its console and its {@code memory} to its tables.
     */
    public SinkProviders sinks() {
        return sinks;
    }

    /** The event log that {@code stream} sources and sinks use; null when the session has none. */
    public EventLog eventLog() {
        return environment.eventLog();
    }

    /** The queries of this session and its listeners. */
    public StreamingQueryManager streams() {
        return streams;
    }

    public Clock clock() {
        return environment.clock();
    }

    public ZoneId timeZone() {
        return environment.timeZone();
    }

    /** The most rows (groups) one aggregation of a query may hold in its state. */
    public int maxStateRows() {
        return environment.maxStateRows();
    }

    /** How many tasks of a batch run at once: the task slots every query shares. */
    public int parallelism() {
        return environment.taskSlots().parallelism();
    }

    /** The number of state partitions of a query that sets none ({@code spark.sql.shuffle.partitions}). */
    public int shufflePartitions() {
        return environment.shufflePartitions();
    }

    /**
     * Stops every active query (each lets its batch in flight and its checkpoint's maintenance
     * finish), then the scheduler, the task slots and the checkpoint maintenance, whose threads
     * then end. Starting a query afterwards fails with {@code SESSION_CLOSED}. Idempotent.
     */
    @Override
    public void close() {
        streams.stopAll();
        environment.scheduler().close();
        environment.taskSlots().close();
        environment.checkpointMaintenance().shutdown();
    }

    public static final class Builder {
        private Clock clock = SystemClock.INSTANCE;
        private TriggerScheduler scheduler;
        private ZoneId timeZone = ZoneId.systemDefault();
        private PrintStream console = System.out;
        private int recentProgress = DEFAULT_RECENT_PROGRESS;
        private int maxStateRows = UNLIMITED_STATE_ROWS;
        private int parallelism = TaskSlots.defaultParallelism();
        private int shufflePartitions = TaskSlots.defaultParallelism();
        private long maxMemoryTableRows = MemoryTables.UNLIMITED_ROWS;
        private long maxBatchOutputRows = Long.MAX_VALUE;
        private EventLog eventLog;
        private Duration connectTimeout = ConnectTimeout.DEFAULT;
        private final Map<String, String> conf = new LinkedHashMap<>();

        private Builder() {
        }

        /**
         * Sets the session's configuration {@code key} to {@code value}, as Spark's
         * {@code spark.conf.set}: settings a sink reads that no query gives, such as a named
         * database connection ({@code arus.jdbc.connections.<name>.url}, {@code .user},
         * {@code .password}) or the hosts an {@code http} sink may call
         * ({@code arus.http-sink.allowed-hosts}).
         */
        public Builder conf(String key, String value) {
            conf.put(Objects.requireNonNull(key), Objects.requireNonNull(value));
            return this;
        }

        public Builder clock(Clock clock) {
            this.clock = Objects.requireNonNull(clock);
            return this;
        }

        /** Where triggers run; by default a shared pool with one thread per core (at least two). */
        public Builder scheduler(TriggerScheduler scheduler) {
            this.scheduler = Objects.requireNonNull(scheduler);
            return this;
        }

        /**
         * How long a source or sink waits for the system it reads or writes (Kafka's brokers) when
         * a query starts, before the start is refused: {@link ConnectTimeout#DEFAULT} unless set.
         */
        public Builder connectTimeout(Duration timeout) {
            this.connectTimeout = ConnectTimeout.check(timeout);
            return this;
        }

        public Builder timeZone(ZoneId timeZone) {
            this.timeZone = Objects.requireNonNull(timeZone);
            return this;
        }

        /** Where console sinks print; standard output by default. */
        public Builder console(PrintStream console) {
            this.console = Objects.requireNonNull(console);
            return this;
        }

        public Builder recentProgress(int count) {
            if (count < 1) {
                throw new IllegalArgumentException("recentProgress must be at least 1, was " + count);
            }
            this.recentProgress = count;
            return this;
        }

        /**
         * The most rows (groups) one aggregation may hold in its state: a query that would hold
         * more fails with {@code STATE_ROWS_LIMIT_EXCEEDED}, and only that query. Unlimited by default.
         */
        public Builder maxStateRows(int limit) {
            if (limit < 1) {
                throw new IllegalArgumentException("maxStateRows must be at least 1, was " + limit);
            }
            this.maxStateRows = limit;
            return this;
        }

        /**
         * The most rows a memory sink's table may hold: a query whose table would hold more fails
         * with {@code MEMORY_SINK_ROWS_LIMIT_EXCEEDED}, and only that query. Unlimited by default.
         */
        public Builder maxMemoryTableRows(long limit) {
            if (limit < 1) {
                throw new IllegalArgumentException("maxMemoryTableRows must be at least 1, was " + limit);
            }
            this.maxMemoryTableRows = limit;
            return this;
        }

        /**
         * The most rows one batch may hand a sink that takes every row (memory, files,
         * foreachBatch): a batch with more fails its query with {@code OUTPUT_ROWS_LIMIT_EXCEEDED},
         * and only that query. Sinks that look at a few rows (console) are never refused. Unlimited
         * by default.
         */
        public Builder maxBatchOutputRows(long limit) {
            if (limit < 1) {
                throw new IllegalArgumentException("maxBatchOutputRows must be at least 1, was " + limit);
            }
            this.maxBatchOutputRows = limit;
            return this;
        }

        /** How many tasks of a batch run at once; one per core by default. */
        public Builder parallelism(int slots) {
            if (slots < 1) {
                throw new IllegalArgumentException("parallelism must be at least 1, was " + slots);
            }
            this.parallelism = slots;
            return this;
        }

        /**
         * The number of state partitions of a query that sets none, Spark's
         * {@code spark.sql.shuffle.partitions}; one per core by default (Spark's default of 200 is
         * meant for clusters, and each partition costs a file per batch in a checkpoint).
         */
        public Builder shufflePartitions(int partitions) {
            if (partitions < 1) {
                throw new IllegalArgumentException("shufflePartitions must be at least 1, was " + partitions);
            }
            this.shufflePartitions = partitions;
            return this;
        }

        /**
         * The event log whose streams {@code stream} sources read and {@code stream} sinks write;
         * none by default. The session uses it but does not close it.
         */
        public Builder eventLog(EventLog eventLog) {
            this.eventLog = Objects.requireNonNull(eventLog);
            return this;
        }

        public ArusSession build() {
            return new ArusSession(this);
        }
    }
}
