package dev.arus.server.query;

import static dev.arus.server.query.SpecFields.knownFormat;
import static dev.arus.server.query.SpecFields.options;
import static dev.arus.server.query.SpecFields.required;
import static dev.arus.server.query.SpecFields.requireText;
import static dev.arus.server.query.SpecFields.trigger;

import dev.arus.engine.api.ArusSession;
import dev.arus.engine.api.SqlDefinition;
import dev.arus.engine.api.SqlTables;
import dev.arus.engine.api.StaticFrame;
import dev.arus.engine.api.StreamFrame;
import dev.arus.engine.sink.ForeachBatchSinkProvider;
import dev.arus.engine.sink.SinkProviders;
import dev.arus.engine.streaming.AnalysisException;
import dev.arus.engine.streaming.ArusException;
import dev.arus.engine.streaming.OutputMode;
import dev.arus.engine.streaming.Trigger;
import dev.arus.server.ArusProperties;
import dev.arus.server.PrintableText;
import dev.arus.server.query.QuerySpec.SinkSpec;
import dev.arus.server.query.QuerySpec.SourceSpec;
import dev.arus.server.storage.DataDirectory;
import dev.arus.server.web.JsonPointer;
import dev.arus.server.web.ProblemException;
import dev.arus.server.web.ProblemType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;

/**
 * The one translation of a {@link QuerySpec}: it checks what the service owns (the name, the
 * engine, the sink, the trigger, the conf, the locations in the data directory), resolves the
 * spec's stream once ({@link ResolvedStream}) and has the engine build it, Arus's through
 * {@link ArusFrames}, another's through its own {@link FrameBuilder}; each failure is attributed
 * to the JSON pointer of the field that caused it. It starts nothing: a spec it rejects leaves
 * nothing behind.
 */
@Component
class QuerySpecTranslator {

    /** Sinks a spec may name: every installed one but {@code foreachBatch}, which needs code, not JSON. */
    static final List<String> SINK_FORMATS = SinkProviders.installed().formats().stream()
            .filter(format -> !format.equals(ForeachBatchSinkProvider.FORMAT)).toList();

    /** The longest query name, in characters (code points). */
    private static final int MAX_NAME_LENGTH = 100;

    /** Where a spec names its sink's partition columns. */
    static final String PARTITION_BY_POINTER = "/sink/partitionBy";

    /** What a message says to a user who asks for Spark of a build without it. */
    private static final String HOW_TO_BUILD_SPARK = "Build it with Spark: ./mvnw -Pspark package, then run "
            + "target-spark/arus-<version>-spark.jar (or ./mvnw -Pspark spring-boot:run)";
    /** Where in a query's checkpoint on both engines Spark's run beside Arus's keeps its own. */
    static final String BESIDE_CHECKPOINT = "spark-beside";

    private final ArusSession session;
    private final SpecLocations locations;
    private final Map<String, ArusFrames.RateLimit> rateLimits;
    private final Map<String, QueryEngine> engines = new LinkedHashMap<>();
    private final String defaultEngine;
    private final StreamingTables streamingTables;

    QuerySpecTranslator(ArusSession session, ArusProperties properties, DataDirectory dataDirectory,
                        ObjectProvider<QueryEngine> engines, StreamingTables streamingTables) {
        this.session = session;
        this.streamingTables = streamingTables;
        this.locations = new SpecLocations(dataDirectory);
        engines.orderedStream().forEach(engine -> this.engines.put(engine.name(), engine));
        this.defaultEngine = properties.engine().defaultEngine();
        if (!defaultEngine.equals(ArusProperties.Engine.ARUS)
                && !this.engines.containsKey(ArusProperties.Engine.SPARK)) {
            throw new IllegalStateException("arus.engine.default is " + defaultEngine + ", but this build of the "
                    + "service has no Apache Spark. " + HOW_TO_BUILD_SPARK + "; or set arus.engine.default=arus");
        }
        this.rateLimits = Map.of(
                "rate", new ArusFrames.RateLimit("rowsPerSecond", properties.limits().maxRowsPerSecond(),
                        "arus.limits.max-rows-per-second"),
                "rate-micro-batch", new ArusFrames.RateLimit("rowsPerBatch", properties.limits().maxRowsPerBatch(),
                        "arus.limits.max-rows-per-batch"));
    }

    /**
     * {@code spec} as the service keeps it: naming its engine, {@code arus.engine.default} when it
     * names none, so that the query stays on that engine when the default changes.
     */
    QuerySpec namingItsEngine(QuerySpec spec) {
        return spec.engine() == null ? spec.onEngine(defaultEngine) : spec;
    }

    /**
     * @param spec a spec naming its engine, as {@link #namingItsEngine} makes it
     * @throws ProblemException naming the first field of {@code spec} that the engine rejects
     */
    TranslatedQuery translate(QuerySpec spec) {
        name(spec.name());
        String engine = engine(spec.engine());
        SqlQueries.checkExclusive(spec);
        if (spec.sql() != null && !engine.equals(ArusProperties.Engine.ARUS)
                && SqlDefinition.isStreamingTable(spec.sql())) {
            throw ProblemException.at(ProblemType.UNSUPPORTED_OPERATION, SqlQueries.SQL_POINTER, "A CREATE STREAMING "
                    + "TABLE runs on Arus's engine only: its table is a stream of the service's event log. Leave "
                    + "'engine' out, or write the query as a SELECT with a sink to run it on '" + engine + "'");
        }
        if (engine.equals(ArusProperties.Engine.BOTH)) {
            return onBoth(spec);
        }
        QueryFiles files = locations.of(spec);
        if (!engine.equals(ArusProperties.Engine.ARUS)) {
            return onEngine(engines.get(engine), spec, files);
        }
        return onArus(spec, files);
    }

    /**
     * {@code spec} on Arus's engine, its locations read as {@code files}, from which it takes every
     * path: a query, or one that fills a streaming table (its {@code sql} a {@code CREATE
     * STREAMING TABLE}, and no {@code sink} of its own).
     */
    private TranslatedQuery onArus(QuerySpec spec, QueryFiles files) {
        List<EngineProblems.SourceAt> sources = new ArrayList<>();
        SqlDefinition definition = spec.sql() != null ? sql(spec, files, sources)
                : new SqlDefinition.Query(ResolvedStream.of(spec.source(), spec.steps(), "").build(frames(files, sources)));
        if (!(definition instanceof SqlDefinition.StreamingTable table)) {
            return writing(definition.frame(), spec, files, sources);
        }
        if (spec.sink() != null) {
            throw ProblemException.at(ProblemType.INVALID_SPEC, "/sink", "A CREATE STREAMING TABLE writes its table,"
                    + " the event-log stream '" + table.name() + "': its spec has no sink. Leave 'sink' out, or write"
                    + " the query as a SELECT to send it elsewhere");
        }
        Map<String, String> sinkOptions = new LinkedHashMap<>();
        sinkOptions.put(SqlDefinition.StreamingTable.SINK_OPTION, table.name());
        ArusTranslatedQuery query = new ArusTranslatedQuery(table.frame(), sources, SpecFields.outputMode(spec.outputMode()),
                trigger(spec.trigger()), SqlDefinition.StreamingTable.SINK_FORMAT, sinkOptions, List.of(),
                SpecFields.conf(spec.conf()), files, spec.sql());
        return new StreamingTableQuery(query, new StreamingTableQuery.TableStream(table.name(), table.streamSchema()),
                streamingTables);
    }

    /** The query {@code frame} of {@code spec}, reading {@code sources}, writing to the spec's sink. */
    private ArusTranslatedQuery writing(StreamFrame frame, QuerySpec spec, QueryFiles files,
                                        List<EngineProblems.SourceAt> sources) {
        OutputMode mode = SpecFields.outputMode(spec.outputMode());
        Trigger trigger = trigger(spec.trigger());
        SinkSpec sink = required(spec.sink(), "/sink");
        String sinkFormat = knownFormat(sink.format(), "/sink/format", SINK_FORMATS, "sink");
        Map<String, String> sinkOptions = options(sink.options(), "/sink/options", sinkFormat,
                SinkProviders.installed().of(sinkFormat).options());
        List<String> partitionBy = partitionBy(sink, sinkFormat);
        sinkPath(sinkOptions, files);
        return new ArusTranslatedQuery(frame, sources, mode, trigger, sinkFormat, sinkOptions, partitionBy,
                SpecFields.conf(spec.conf()), files, spec.sql());
    }

    /**
     * The engine a spec names, in lower case, one this build has. Spark named in a build without
     * it is refused with how to build it.
     */
    private String engine(String given) {
        String engine = requireText(given, "/engine").trim().toLowerCase(Locale.ROOT);
        if (engine.equals(ArusProperties.Engine.ARUS) || engines.containsKey(engine)
                || engine.equals(ArusProperties.Engine.BOTH) && engines.containsKey(ArusProperties.Engine.SPARK)) {
            return engine;
        }
        if (engine.equals(ArusProperties.Engine.SPARK) || engine.equals(ArusProperties.Engine.BOTH)) {
            throw ProblemException.at(ProblemType.ENGINE_NOT_BUILT, "/engine", "This build of the service has no "
                    + "Apache Spark. " + HOW_TO_BUILD_SPARK + "; or leave 'engine' out to run the query on Arus's "
                    + "own engine");
        }
        throw ProblemException.at(ProblemType.INVALID_SPEC, "/engine", "Unknown engine '" + given
                + "'. Engines of this build: " + String.join(", ",
                        Stream.concat(Stream.of(ArusProperties.Engine.ARUS), engines.keySet().stream()).toList())
                + (engines.containsKey(ArusProperties.Engine.SPARK) ? ", " + ArusProperties.Engine.BOTH : ""));
    }

    /**
     * A spec on both engines: Arus's translation runs the query and writes its sink (any sink),
     * Spark's runs beside it writing nothing (noop), its outputs compared in the service. A
     * checkpointed query keeps Arus's checkpoint where the spec says and Spark's beside it, in
     * the directory {@value #BESIDE_CHECKPOINT} inside, so that after a restart both go on from
     * the same batch.
     */
    private TranslatedQuery onBoth(QuerySpec spec) {
        QueryFiles files = locations.of(spec);
        TranslatedQuery arus = onArus(spec, files);
        QuerySpec beside = spec.besideOn(ArusProperties.Engine.SPARK, new SinkSpec("noop", null));
        QueryFiles besideFiles = !files.checkpointed() ? QueryFiles.NONE : new QueryFiles(List.of(
                new QueryFiles.Location(files.checkpoint().resolve(BESIDE_CHECKPOINT), QueryFiles.Use.KEEPS,
                        QueryFiles.CHECKPOINT_POINTER, spec.checkpointLocation() + "/" + BESIDE_CHECKPOINT)));
        return new SideBySideQuery(arus, engines.get(ArusProperties.Engine.SPARK).translate(beside,
                new LinkedHashMap<>(), besideFiles));
    }

    /**
     * A spec for another engine: the service checks what it owns (the sink's format and options,
     * the locations in the data directory), the engine translates the rest.
     */
    private TranslatedQuery onEngine(QueryEngine engine, QuerySpec spec, QueryFiles files) {
        if (spec.sql() == null) {
            required(spec.source(), "/source");
        }
        SinkSpec sink = required(spec.sink(), "/sink");
        String sinkFormat = knownFormat(sink.format(), "/sink/format", SINK_FORMATS, "sink");
        Map<String, String> sinkOptions = options(sink.options(), "/sink/options", sinkFormat,
                SinkProviders.installed().of(sinkFormat).options());
        partitionBy(sink, sinkFormat);
        sinkPath(sinkOptions, files);
        if (SinkProviders.installed().of(sinkFormat).requiresCheckpoint() && !files.checkpointed()) {
            // as Arus's engine refuses it when the query starts
            throw EngineProblems.ofStart(new AnalysisException("CHECKPOINT_LOCATION_NOT_SPECIFIED",
                    "checkpointLocation must be specified either through option(\"checkpointLocation\", ...) or "
                            + "SparkSession.conf.set(\"spark.sql.streaming.checkpointLocation\", ...)"), sinkOptions, List.of());
        }
        return engine.translate(spec, sinkOptions, files);
    }

    /**
     * The sink's {@code partitionBy} (empty when absent): names, for a format that lays out
     * directories. Which names the output has is the engine's to check, when the query starts.
     */
    private static List<String> partitionBy(SinkSpec sink, String sinkFormat) {
        if (sink.partitionBy() == null) {
            return List.of();
        }
        if (!SinkProviders.installed().of(sinkFormat).supportsPartitioning()) {
            throw ProblemException.at(ProblemType.INVALID_SPEC, PARTITION_BY_POINTER, "'" + sinkFormat
                    + "' does not support partitioning: only the file sinks ("
                    + String.join(", ", SINK_FORMATS.stream()
                            .filter(f -> SinkProviders.installed().of(f).supportsPartitioning()).toList())
                    + ") write partition directories. Leave partitionBy out");
        }
        for (int i = 0; i < sink.partitionBy().size(); i++) {
            requireText(sink.partitionBy().get(i), JsonPointer.append(PARTITION_BY_POINTER, i));
        }
        return List.copyOf(sink.partitionBy());
    }

    /** Replaces the value of the sink's {@code path} option, if it has one, by the absolute path the engine is to use. */
    private static void sinkPath(Map<String, String> sinkOptions, QueryFiles files) {
        sinkOptions.keySet().stream().filter(ArusFrames.PATH_OPTION::equalsIgnoreCase).findFirst().ifPresent(key ->
                sinkOptions.put(key, files.at(JsonPointer.of("sink", "options", key)).toString()));
    }

    /**
     * What the spec's {@code sql} defines over its {@code tables}: each a stream read as
     * {@code source} is, or a static table as a join's is; the statement's errors point at their
     * line and column in it. Each table read as a stream is added to {@code sources}, in the order
     * of {@code tables}.
     */
    private SqlDefinition sql(QuerySpec spec, QueryFiles files, List<EngineProblems.SourceAt> sources) {
        String sql = requireText(spec.sql(), SqlQueries.SQL_POINTER);
        SqlTables views = SqlTables.none();
        for (Map.Entry<String, QuerySpec.TableSpec> entry : tables(spec.tables())) {
            String pointer = JsonPointer.of("tables", entry.getKey());
            QuerySpec.TableSpec table = entry.getValue();
            if (Boolean.TRUE.equals(table.isStatic())) {
                views = views.table(entry.getKey(), staticTable(table, pointer, files));
            } else {
                views = views.stream(entry.getKey(), tableSource(table, pointer, files));
                sources.add(new EngineProblems.SourceAt(pointer,
                        table.options() == null ? Set.of() : table.options().keySet()));
            }
        }
        try {
            return session.define(sql, views);
        } catch (ArusException invalid) {
            throw SqlQueries.problem(sql, invalid);
        }
    }

    /**
     * The columns of each of a query's {@code tables} in SQL, read as the query would read them,
     * their locations checked as a spec's are; nothing is started or written.
     *
     * @throws ProblemException at the first table that a query could not read
     */
    List<SqlTableView> tableColumns(Map<String, QuerySpec.TableSpec> tables) {
        QueryFiles files = locations.of(QuerySpec.ofSql(null, null, tables, null, null, null, null));
        List<SqlTableView> views = new ArrayList<>();
        for (Map.Entry<String, QuerySpec.TableSpec> entry : tables(tables)) {
            String pointer = JsonPointer.of("tables", entry.getKey());
            QuerySpec.TableSpec table = entry.getValue();
            boolean isStatic = Boolean.TRUE.equals(table.isStatic());
            views.add(SqlTableView.of(entry.getKey(), isStatic, isStatic ? staticTable(table, pointer, files).schema()
                    : tableSource(table, pointer, files).schema()));
        }
        return views;
    }

    /** The entries of {@code tables} (none when absent), each a name and a table that are given. */
    private static List<Map.Entry<String, QuerySpec.TableSpec>> tables(Map<String, QuerySpec.TableSpec> tables) {
        if (tables == null) {
            return List.of();
        }
        for (Map.Entry<String, QuerySpec.TableSpec> entry : tables.entrySet()) {
            String pointer = JsonPointer.of("tables", entry.getKey());
            required(entry.getValue(), pointer);
            requireText(entry.getKey(), pointer);
        }
        return List.copyOf(tables.entrySet());
    }

    private StaticFrame staticTable(QuerySpec.TableSpec table, String pointer, QueryFiles files) {
        return frames(files, new ArrayList<>()).staticTable(
                new Step.StaticTable(table.format(), table.schema(), table.options(), null), pointer);
    }

    private StreamFrame tableSource(QuerySpec.TableSpec table, String pointer, QueryFiles files) {
        return frames(files, new ArrayList<>()).read(new SourceSpec(table.format(), table.options(), table.schema()),
                pointer);
    }

    /** Arus's frames of one translation, reading {@code files}, each source read added to {@code sources}. */
    private ArusFrames frames(QueryFiles files, List<EngineProblems.SourceAt> sources) {
        return new ArusFrames(session, rateLimits, files, sources);
    }

    /**
     * A name goes into log lines, metric labels and the dashboard, so it is short and printable:
     * nothing in it may start a line, move the cursor or reorder the text around it.
     */
    private static void name(String name) {
        requireText(name, "/name");
        if (name.codePointCount(0, name.length()) > MAX_NAME_LENGTH || !PrintableText.isPrintable(name)) {
            throw ProblemException.at(ProblemType.INVALID_SPEC, "/name", "A query name is 1 to " + MAX_NAME_LENGTH
                    + " characters, none of them a control character (such as a newline, a tab or an escape), a format"
                    + " character (such as a bidi override or a zero-width space), a line or paragraph separator, or"
                    + " half of a surrogate pair");
        }
    }}
