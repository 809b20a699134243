package dev.arus.server.query;

import dev.arus.engine.plan.RealTimeModeRules;
import dev.arus.engine.api.StreamingQueryManager;
import dev.arus.engine.streaming.AnalysisException;
import dev.arus.engine.streaming.ArusException;
import dev.arus.engine.streaming.CheckpointException;
import dev.arus.engine.streaming.InvalidOptionException;
import dev.arus.engine.streaming.StorageWriteException;
import dev.arus.server.web.JsonPointer;
import dev.arus.server.web.ProblemException;
import dev.arus.server.web.ProblemType;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The service's reading of the engine's errors: each error class is a problem type, pointing at
 * the field of the spec that caused it, and saying the error class. Decided by error class, never
 * by message text; an error class no rule names is an invalid spec.
 */
final class EngineProblems {

    private static final String SINK_OPTIONS = "/sink/options";

    /**
     * Where in the spec one of a query's sources is ({@code /source}, or the source of a join's
     * other stream), and the names of its options as the spec gives them.
     */
    record SourceAt(String pointer, Set<String> optionNames) {
        SourceAt {
            optionNames = Set.copyOf(optionNames);
        }
    }

    /** A class (and its subclasses) and the problem it is; {@code pointer} is null when no field is at fault. */
    private record Rule(String errorClass, ProblemType type, String pointer) {
    }

    /** The errors of starting a query, after its frame was built: the sink, output mode, name and checkpoint. */
    private static final List<Rule> START = List.of(
            new Rule(CheckpointException.INCOMPATIBLE, ProblemType.CHECKPOINT_INCOMPATIBLE,
                    QueryFiles.CHECKPOINT_POINTER),
            new Rule(CheckpointException.DAMAGED, ProblemType.CHECKPOINT_DAMAGED, QueryFiles.CHECKPOINT_POINTER),
            new Rule("CHECKPOINT_LOCATION_NOT_SPECIFIED", ProblemType.INVALID_SPEC, QueryFiles.CHECKPOINT_POINTER),
            new Rule("CONCURRENT_QUERY", ProblemType.LOCATION_IN_USE, QueryFiles.CHECKPOINT_POINTER),
            new Rule(StreamingQueryManager.QUERY_NAME_ALREADY_ACTIVE, ProblemType.DUPLICATE_NAME, "/name"),
            new Rule("UNSUPPORTED_DATA_TYPE_FOR_DATASOURCE", ProblemType.INVALID_SPEC, "/sink/format"),
            new Rule("_LEGACY_ERROR_TEMP_1155", ProblemType.INVALID_SPEC, QuerySpecTranslator.PARTITION_BY_POINTER),
            new Rule("ALL_PARTITION_COLUMNS_NOT_ALLOWED", ProblemType.INVALID_SPEC,
                    QuerySpecTranslator.PARTITION_BY_POINTER),
            new Rule("INVALID_PARTITION_COLUMN_DATA_TYPE", ProblemType.INVALID_SPEC,
                    QuerySpecTranslator.PARTITION_BY_POINTER),
            new Rule("COLUMN_ALREADY_EXISTS", ProblemType.INVALID_SPEC, QuerySpecTranslator.PARTITION_BY_POINTER),
            new Rule("DATA_SOURCE_NOT_FOUND", ProblemType.UNKNOWN_FORMAT, "/sink/format"),
            new Rule(RealTimeModeRules.OUTPUT_MODE_NOT_SUPPORTED, ProblemType.INVALID_OUTPUT_MODE, "/outputMode"),
            new Rule(RealTimeModeRules.INVALID_INTERVAL, ProblemType.INVALID_INTERVAL, SpecFields.REAL_TIME_POINTER),
            new Rule("STREAMING_REAL_TIME_MODE", ProblemType.UNSUPPORTED_OPERATION, SpecFields.REAL_TIME_POINTER),
            new Rule("STREAMING_OUTPUT_MODE", ProblemType.INVALID_OUTPUT_MODE, "/outputMode"),
            new Rule(AnalysisException.UNSUPPORTED_STREAMING_OPERATION, ProblemType.UNSUPPORTED_OPERATION, "/outputMode"),
            new Rule("SESSION_CLOSED", ProblemType.SHUTTING_DOWN, null),
            new Rule(StorageWriteException.FULL, ProblemType.STORAGE_FULL, null),
            new Rule(StorageWriteException.STORAGE_WRITE_FAILED, ProblemType.STORAGE_UNAVAILABLE, null));

    private EngineProblems() {
    }

    /**
     * The engine refused to start a query whose sink options are {@code sinkOptions} and whose
     * sources are {@code sources}, in the engine's order (depth first, left before right, the
     * order of the translation): an option a source refused as it was created points into that
     * source.
     */
    static ProblemException ofStart(ArusException error, Map<String, String> sinkOptions, List<SourceAt> sources) {
        if (error instanceof InvalidOptionException invalid) {
            if (invalid.source() >= 0 && invalid.source() < sources.size()) {
                SourceAt source = sources.get(invalid.source());
                return option(source.pointer() + "/options", source.optionNames(), invalid);
            }
            return option(SINK_OPTIONS, sinkOptions.keySet(), invalid);
        }
        for (Rule rule : START) {
            if (error.is(rule.errorClass())) {
                return problem(rule.type(), rule.pointer(), error);
            }
        }
        return problem(ProblemType.INVALID_SPEC, null, error);
    }

    /** The engine refused the source at {@code pointer}, of {@code options}: an option's value, or its format. */
    static ProblemException ofSource(ArusException error, String pointer, Map<String, String> options) {
        if (error instanceof InvalidOptionException invalid) {
            return option(pointer + "/options", options.keySet(), invalid);
        }
        if (error.is("DATA_SOURCE_NOT_FOUND")) {
            return problem(ProblemType.UNKNOWN_FORMAT, pointer + "/format", error);
        }
        return problem(ProblemType.INVALID_SPEC, pointer, error);
    }

    /** A checkpoint the engine cannot start on, as the problem of the spec's {@code checkpointLocation}. */
    static ProblemException ofCheckpoint(CheckpointException refused) {
        return ofStart(refused, Map.of(), List.of());
    }

    /**
     * An option error points at the option it names, matched in any case as the engine matches
     * them; one naming no given option (a missing required one) points at the options object.
     */
    private static ProblemException option(String optionsPointer, Set<String> optionNames,
            InvalidOptionException invalid) {
        String pointer = optionsPointer;
        for (String key : optionNames) {
            if (key.equalsIgnoreCase(invalid.option())) {
                pointer = JsonPointer.append(optionsPointer, key);
            }
        }
        return problem(ProblemType.INVALID_OPTION, pointer, invalid);
    }

    /** The problem of {@code type} at {@code pointer} (none when null), saying the engine's error class. */
    private static ProblemException problem(ProblemType type, String pointer, ArusException error) {
        Map<String, Object> properties = new LinkedHashMap<>();
        if (pointer != null) {
            properties.put("pointer", pointer);
        }
        properties.put("errorClass", error.errorClass());
        return new ProblemException(type, error.getMessage(), properties).causedBy(error);
    }
}
