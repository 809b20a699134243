package dev.arus.server.query;

import static dev.arus.server.query.SpecFields.knownFormat;
import static dev.arus.server.query.SpecFields.options;
import static dev.arus.server.query.SpecFields.requireText;

import dev.arus.engine.api.ArusSession;
import dev.arus.engine.api.Column;
import dev.arus.engine.api.StaticFrame;
import dev.arus.engine.api.StreamFrame;
import dev.arus.engine.api.functions;
import dev.arus.engine.source.SourceProviders;
import dev.arus.engine.streaming.AnalysisException;
import dev.arus.engine.streaming.ArusException;
import dev.arus.engine.streaming.IntervalParser;
import dev.arus.engine.streaming.InvalidOptionException;
import dev.arus.engine.table.StaticTableReader;
import dev.arus.server.query.QuerySpec.SourceSpec;
import dev.arus.server.web.JsonPointer;
import dev.arus.server.web.ProblemException;
import dev.arus.server.web.ProblemType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * A spec's frames on Arus's engine: each resolved step applied through the engine's API, as a
 * user of the DataFrame API would apply it, so that each failure is attributed to the JSON
 * pointer of the field that caused it (and, for an expression, the position in it). It reads
 * sources and static tables from {@code files}, adds each source it reads to {@code sources}, in
 * the order the engine numbers them, and keeps the rate sources within {@code rateLimits}.
 */
final class ArusFrames implements FrameBuilder<StreamFrame> {

    /** The option of the file sources, sinks and tables that names their location in the data directory. */
    static final String PATH_OPTION = "path";

    private final ArusSession session;
    private final Map<String, RateLimit> rateLimits;
    private final QueryFiles files;
    private final List<EngineProblems.SourceAt> sources;

    ArusFrames(ArusSession session, Map<String, RateLimit> rateLimits, QueryFiles files,
               List<EngineProblems.SourceAt> sources) {
        this.session = session;
        this.rateLimits = rateLimits;
        this.files = files;
        this.sources = sources;
    }

    /** The stream {@code source} reads, its source added to the query's sources. */
    @Override
    public StreamFrame source(SourceSpec source, String pointer) {
        StreamFrame frame = read(source, pointer);
        sources.add(new EngineProblems.SourceAt(pointer,
                source.options() == null ? Set.of() : source.options().keySet()));
        return frame;
    }

    /** The stream {@code source} reads, not counted among the query's sources. */
    StreamFrame read(SourceSpec source, String pointer) {
        SourceProviders providers = SourceProviders.installed();
        String format = knownFormat(source.format(), pointer + "/format", providers.formats(), "source");
        Map<String, String> options = options(source.options(), pointer + "/options", format,
                providers.of(format).options());
        Optional.ofNullable(rateLimits.get(format)).ifPresent(limit -> limit.check(options, pointer + "/options"));
        if (providers.of(format).acceptsUserSchema()) {
            for (String option : List.of(PATH_OPTION, "sourceArchiveDir")) {
                Optional<String> key = options.keySet().stream().filter(option::equalsIgnoreCase).findFirst();
                if (key.isPresent()) {
                    String at = JsonPointer.append(pointer + "/options", key.get());
                    options.put(key.get(), files.at(at).toString());
                }
            }
        }
        var reader = session.readStream().format(format).options(options);
        if (source.schema() != null) {
            try {
                reader.schema(source.schema());
            } catch (ArusException invalid) {
                throw ProblemException.at(ProblemType.INVALID_SPEC, pointer + "/schema", invalid.getMessage())
                        .causedBy(invalid);
            }
        }
        try {
            return reader.load();
        } catch (ArusException invalid) {
            if ("schema".equals(invalid instanceof InvalidOptionException option ? option.option() : null)
                    || invalid.is("USER_SPECIFIED_SCHEMA_UNSUPPORTED")) {
                throw ProblemException.at(ProblemType.INVALID_SPEC, pointer + "/schema", invalid.getMessage())
                        .causedBy(invalid);
            }
            throw EngineProblems.ofSource(invalid, pointer, options);
        }
    }

    /** A static table under the data directory, which must exist now; it is read when the query starts. */
    StaticFrame staticTable(Step.StaticTable table, String pointer) {
        String format = knownFormat(table.format(), pointer + "/format", StaticTableReader.FORMATS, "static table");
        Map<String, String> options = options(table.options(), pointer + "/options", format,
                StaticTableReader.options(format));
        Optional<String> pathKey = options.keySet().stream().filter(PATH_OPTION::equalsIgnoreCase).findFirst();
        String pathPointer = JsonPointer.append(pointer + "/options", pathKey.orElse(PATH_OPTION));
        requireText(pathKey.map(options::get).orElse(null), pathPointer);
        Path path = files.at(pathPointer);
        if (!Files.exists(path)) {
            throw ProblemException.at(ProblemType.INVALID_PATH, pathPointer, "No file or directory at '"
                    + options.get(pathKey.orElse(PATH_OPTION)) + "' in the data directory");
        }
        options.put(pathKey.orElse(PATH_OPTION), path.toString());
        StaticFrame frame;
        try {
            frame = session.read().format(format).schema(requireText(table.schema(), pointer + "/schema"))
                    .options(options).load();
        } catch (ArusException invalid) {
            throw ProblemException.at(ProblemType.INVALID_SPEC, pointer + "/schema", invalid.getMessage())
                    .causedBy(invalid);
        }
        return table.alias() == null ? frame : frame.alias(requireText(table.alias(), pointer + "/alias"));
    }

    @Override
    public StreamFrame withColumn(StreamFrame frame, ResolvedStep.WithColumn step) {
        Column value = parse(step.expr(), step.pointer() + "/expr");
        return analysed(() -> frame.withColumn(step.name(), value), step.pointer() + "/expr", List.of());
    }

    @Override
    public StreamFrame filter(StreamFrame frame, ResolvedStep.Filter step) {
        Column condition = parse(step.condition(), step.pointer());
        return analysed(() -> frame.filter(condition), step.pointer(), List.of());
    }

    @Override
    public StreamFrame select(StreamFrame frame, ResolvedStep.Select step) {
        return analysed(() -> frame.select(step.columns().toArray(String[]::new)), step.pointer(), step.columns());
    }

    @Override
    public StreamFrame selectExpr(StreamFrame frame, ResolvedStep.SelectExpr step) {
        List<String> expressions = step.expressions();
        for (int i = 0; i < expressions.size(); i++) { // a syntax error points at its own item
            if (!StreamFrame.isStar(expressions.get(i))) {
                parse(expressions.get(i), JsonPointer.append(step.pointer(), i));
            }
        }
        return analysed(() -> frame.selectExpr(expressions.toArray(String[]::new)), step.pointer(), expressions);
    }

    @Override
    public StreamFrame alias(StreamFrame frame, ResolvedStep.Alias step) {
        return frame.alias(step.name());
    }

    @Override
    public StreamFrame dropDuplicates(StreamFrame frame, ResolvedStep.DropDuplicates step) {
        return deduplicated(() -> frame.dropDuplicates(step.columns().toArray(String[]::new)), step.pointer());
    }

    @Override
    public StreamFrame dropDuplicatesWithinWatermark(StreamFrame frame,
                                                     ResolvedStep.DropDuplicatesWithinWatermark step) {
        return deduplicated(() -> frame.dropDuplicatesWithinWatermark(step.columns().toArray(String[]::new)),
                step.pointer());
    }

    @Override
    public StreamFrame withWatermark(StreamFrame frame, ResolvedStep.WithWatermark step) {
        try {
            return frame.withWatermark(step.column(), step.delay());
        } catch (AnalysisException invalid) {
            if (invalid.is(IntervalParser.INVALID_INTERVAL_FORMAT) || invalid.is("INVALID_WATERMARK_DELAY")) {
                throw ProblemException.at(ProblemType.INVALID_INTERVAL, step.pointer() + "/delay",
                        invalid.getMessage());
            }
            throw ProblemException.at(ProblemType.INVALID_EXPRESSION, step.pointer() + "/column", invalid.getMessage());
        }
    }

    @Override
    public StreamFrame limit(StreamFrame frame, ResolvedStep.Limit step) {
        try {
            return frame.limit(step.count());
        } catch (AnalysisException invalid) {
            throw ProblemException.at(ProblemType.INVALID_SPEC, step.pointer(), invalid.getMessage()).causedBy(invalid);
        }
    }

    @Override
    public StreamFrame groupBy(StreamFrame frame, ResolvedStep.GroupBy step) {
        String base = step.pointer();
        Column[] keyColumns = parseAll(step.keys(), base + "/keys");
        Column[] aggregateColumns = parseAll(step.aggregations(), base + "/aggregations");
        try {
            return frame.groupBy(keyColumns).agg(aggregateColumns[0],
                    List.of(aggregateColumns).subList(1, aggregateColumns.length).toArray(Column[]::new));
        } catch (AnalysisException invalid) {
            // An error names its expression as the parsed column prints it, which may not be as typed.
            String pointer = indexOf(printed(aggregateColumns), invalid.expression())
                    .map(i -> JsonPointer.append(base, "aggregations", i))
                    .orElseGet(() -> indexOf(printed(keyColumns), invalid.expression())
                            .map(i -> JsonPointer.append(base, "keys", i))
                            .orElse(base));
            if (invalid.is(AnalysisException.UNSUPPORTED_STREAMING_OPERATION)) {
                // a grouping Spark refuses on a stream, such as a session window alone
                throw ProblemException.at(ProblemType.UNSUPPORTED_OPERATION, pointer, invalid.getMessage());
            }
            throw expressionProblem(pointer, invalid);
        }
    }

    /** A join with another stream or with a static table under the data directory, on column names or a condition. */
    @Override
    public StreamFrame join(StreamFrame frame, ResolvedStep.Join join) {
        String how = join.how();
        try {
            if (join.other().stream() != null) {
                StreamFrame other = join.other().stream().build(this);
                return join.isCross() ? frame.crossJoin(other) : join.condition() != null
                        ? frame.join(other, parse(join.condition(), join.onPointer()), how)
                        : frame.join(other, join.using(), how);
            }
            StaticFrame table = staticTable(join.other().table(), join.other().tablePointer());
            return join.isCross() ? frame.crossJoin(table) : join.condition() != null
                    ? frame.join(table, parse(join.condition(), join.onPointer()), how)
                    : frame.join(table, join.using(), how);
        } catch (AnalysisException invalid) {
            if (invalid.is("_LEGACY_ERROR_TEMP_1181")) {
                throw ProblemException.at(ProblemType.UNSUPPORTED_OPERATION, join.onPointer(), invalid.getMessage());
            }
            if (invalid.is(AnalysisException.UNSUPPORTED_STREAMING_OPERATION) || invalid.is("UNSUPPORTED_JOIN_TYPE")) {
                throw ProblemException.at(ProblemType.UNSUPPORTED_OPERATION, join.howPointer(), invalid.getMessage());
            }
            throw expressionProblem(join.onPointer(), invalid);
        }
    }

    /** A deduplication Spark refuses on a stream (no watermark) is an unsupported operation; an unknown column, an expression's problem. */
    private static StreamFrame deduplicated(Supplier<StreamFrame> step, String pointer) {
        try {
            return step.get();
        } catch (AnalysisException invalid) {
            if (invalid.is(AnalysisException.UNSUPPORTED_STREAMING_OPERATION)) {
                throw ProblemException.at(ProblemType.UNSUPPORTED_OPERATION, pointer, invalid.getMessage());
            }
            throw expressionProblem(pointer, invalid);
        }
    }

    /** Runs one step; an analysis failure points at the expression it names, else at {@code pointer}. */
    private static StreamFrame analysed(Supplier<StreamFrame> step, String pointer, List<String> expressions) {
        try {
            return step.get();
        } catch (AnalysisException invalid) {
            String at = indexOf(expressions, invalid.expression())
                    .map(i -> JsonPointer.append(pointer, i))
                    .orElse(pointer);
            throw expressionProblem(at, invalid);
        }
    }

    private static Column parse(String expression, String pointer) {
        requireText(expression, pointer);
        try {
            return functions.expr(expression);
        } catch (AnalysisException invalid) {
            throw expressionProblem(pointer, invalid);
        }
    }

    private static Column[] parseAll(List<String> expressions, String pointer) {
        Column[] columns = new Column[expressions.size()];
        for (int i = 0; i < columns.length; i++) {
            columns[i] = parse(expressions.get(i), JsonPointer.append(pointer, i));
        }
        return columns;
    }

    private static ProblemException expressionProblem(String pointer, AnalysisException invalid) {
        Map<String, Object> properties = new LinkedHashMap<>();
        properties.put("pointer", pointer);
        if (invalid.position() >= 0) {
            properties.put("position", invalid.position());
        }
        return new ProblemException(ProblemType.INVALID_EXPRESSION, invalid.getMessage(), properties);
    }

    private static List<String> printed(Column[] columns) {
        return Stream.of(columns).map(Column::toString).toList();
    }

    private static Optional<Integer> indexOf(List<String> expressions, String expression) {
        int index = expression == null ? -1 : expressions.indexOf(expression);
        return index < 0 ? Optional.empty() : Optional.of(index);
    }

    /** The configured maximum of the option that sets how many rows a rate source makes. */
    record RateLimit(String option, long maximum, String property) {

        void check(Map<String, String> options, String pointer) {
            options.forEach((key, value) -> {
                if (key.equalsIgnoreCase(option) && exceeds(value)) {
                    throw ProblemException.at(ProblemType.INVALID_OPTION, JsonPointer.append(pointer, key),
                            "Invalid value '" + value + "'. The option '" + option + "' must be at most " + maximum
                                    + " (" + property + ")");
                }
            });
        }

        private boolean exceeds(String value) {
            try {
                return Long.parseLong(value.trim()) > maximum;
            } catch (NumberFormatException notANumber) {
                return false; // the source reports it in its own words
            }
        }
    }
}
