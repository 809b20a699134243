package dev.arus.engine.source;

import dev.arus.engine.streaming.InvalidOptionException;
import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A file source's options, Spark's {@code FileStreamOptions} with its names, defaults and
 * messages: {@code path} (required), {@code maxFilesPerTrigger} or {@code maxBytesPerTrigger},
 * {@code maxFileAge} (default a week; ignored with {@code latestFirst} and a limit, as in
 * Spark), {@code latestFirst}, {@code fileNameOnly}, {@code cleanSource} ({@code off},
 * {@code archive} with {@code sourceArchiveDir}, {@code delete}), {@code maxCachedFiles},
 * {@code discardCachedInputRatio} and {@code pathGlobFilter}; the format's reading options pass
 * through to its reader.
 */
record FileStreamSourceOptions(Path path, Integer maxFilesPerTrigger, Long maxBytesPerTrigger, long maxFileAgeMs,
                               boolean latestFirst, boolean fileNameOnly, CleanSource cleanSource,
                               Path sourceArchiveDir, int maxCachedFiles, float discardCachedInputRatio,
                               PathMatcher pathGlobFilter) {

    /** Spark's {@code CleanSourceMode}; off by default, as nothing should vanish from a user's directory unasked. */
    enum CleanSource { ARCHIVE, DELETE, OFF }

    static final List<String> NAMES = List.of("path", "maxFilesPerTrigger", "maxBytesPerTrigger", "maxFileAge",
            "latestFirst", "fileNameOnly", "cleanSource", "sourceArchiveDir", "maxCachedFiles",
            "discardCachedInputRatio", "pathGlobFilter");

    /** What a checkpointed query may change between runs: how much a batch takes and what happens to read files. */
    static final List<String> CHANGEABLE = List.of("maxFilesPerTrigger", "maxBytesPerTrigger", "maxFileAge",
            "latestFirst", "cleanSource", "sourceArchiveDir", "maxCachedFiles", "discardCachedInputRatio");

    static List<String> names(List<String> readOptions) {
        List<String> names = new ArrayList<>(NAMES);
        names.addAll(readOptions);
        return List.copyOf(names);
    }

    static FileStreamSourceOptions parse(String format, List<String> allowed, Map<String, String> given) {
        SourceOptions options = new SourceOptions(format, allowed, given);
        for (String disallowed : List.of("modifiedBefore", "modifiedAfter")) {
            if (given.keySet().stream().anyMatch(disallowed::equalsIgnoreCase)) {
                throw new InvalidOptionException(disallowed, "option '" + disallowed
                        + "' is not allowed in file stream sources");
            }
        }
        String location = options.raw("path");
        if (location == null || location.isBlank()) {
            throw new InvalidOptionException("path", "'path' is not specified");
        }
        Integer maxFiles = options.raw("maxFilesPerTrigger") == null ? null
                : positive(options.raw("maxFilesPerTrigger"), "maxFilesPerTrigger");
        Long maxBytes = null;
        if (options.raw("maxBytesPerTrigger") != null) {
            maxBytes = positiveLong(options.raw("maxBytesPerTrigger"), "maxBytesPerTrigger");
            if (maxFiles != null) {
                throw new InvalidOptionException("maxBytesPerTrigger", "Options 'maxFilesPerTrigger' and "
                        + "'maxBytesPerTrigger' can't be both set at the same time");
            }
        }
        long maxFileAge = options.getMillis("maxFileAge", 7L * 24 * 60 * 60 * 1000);
        boolean latestFirst = bool(options, "latestFirst");
        boolean fileNameOnly = bool(options, "fileNameOnly");
        String archive = options.raw("sourceArchiveDir");
        CleanSource clean = cleanSource(options.raw("cleanSource"));
        if (clean == CleanSource.ARCHIVE && archive == null) {
            throw new InvalidOptionException("cleanSource", "Archive mode must be used with 'sourceArchiveDir' option.");
        }
        int maxCached = 10000;
        if (options.raw("maxCachedFiles") != null) {
            try {
                maxCached = Integer.parseInt(options.raw("maxCachedFiles").trim());
            } catch (NumberFormatException e) {
                maxCached = -1;
            }
            if (maxCached < 0) {
                throw new InvalidOptionException("maxCachedFiles", "Invalid value '" + options.raw("maxCachedFiles")
                        + "' for option 'maxCachedFiles', must be an integer greater than or equal to 0");
            }
        }
        float ratio = 0.2f;
        if (options.raw("discardCachedInputRatio") != null) {
            try {
                ratio = Float.parseFloat(options.raw("discardCachedInputRatio").trim());
            } catch (NumberFormatException e) {
                ratio = -1;
            }
            if (!(ratio >= 0 && ratio <= 1)) {
                throw new InvalidOptionException("discardCachedInputRatio", "Invalid value '"
                        + options.raw("discardCachedInputRatio") + "' for option 'discardCachedInputRatio', must be "
                        + "a positive float between 0 and 1");
            }
        }
        String glob = options.raw("pathGlobFilter");
        PathMatcher filter = glob == null ? null : FileSystems.getDefault().getPathMatcher("glob:" + glob);
        Path path = Path.of(location).toAbsolutePath().normalize();
        Path archiveDir = archive == null ? null : Path.of(archive).toAbsolutePath().normalize();
        if (clean == CleanSource.ARCHIVE && archiveDir.startsWith(path)) {
            throw new InvalidOptionException("sourceArchiveDir", "Base archive path cannot be set to the path where "
                    + "archived path can possibly match with source pattern. Ensure the base archive path doesn't "
                    + "match with source pattern in depth, where the depth is minimum of depth on both paths.");
        }
        return new FileStreamSourceOptions(path, maxFiles, maxBytes, maxFileAge, latestFirst, fileNameOnly, clean,
                archiveDir, maxCached, ratio, filter);
    }

    private static int positive(String value, String name) {
        try {
            int parsed = Integer.parseInt(value.trim());
            if (parsed > 0) {
                return parsed;
            }
        } catch (NumberFormatException e) {
            // the message below
        }
        throw new InvalidOptionException(name, "Invalid value '" + value + "' for option '" + name
                + "', must be a positive integer");
    }

    private static long positiveLong(String value, String name) {
        try {
            long parsed = Long.parseLong(value.trim());
            if (parsed > 0) {
                return parsed;
            }
        } catch (NumberFormatException e) {
            // the message below
        }
        throw new InvalidOptionException(name, "Invalid value '" + value + "' for option '" + name
                + "', must be a positive integer");
    }

    private static boolean bool(SourceOptions options, String name) {
        String value = options.raw(name);
        if (value == null) {
            return false;
        }
        return switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new InvalidOptionException(name, "Invalid value '" + value + "' for option '" + name
                    + "', must be 'true' or 'false'");
        };
    }

    private static CleanSource cleanSource(String value) {
        if (value == null) {
            return CleanSource.OFF;
        }
        for (CleanSource mode : CleanSource.values()) {
            if (mode.name().equals(value.toUpperCase(Locale.ROOT))) {
                return mode;
            }
        }
        throw new InvalidOptionException("cleanSource", "Invalid mode for clean source option Some(" + value + ")."
                + " Must be one of ARCHIVE,DELETE,OFF");
    }

    /** The limit a batch takes files under, Spark's {@code getDefaultReadLimit}. */
    boolean limited() {
        return maxFilesPerTrigger != null || maxBytesPerTrigger != null;
    }

    /** Spark ignores {@code maxFileAge} when the latest files go first under a limit (SPARK-19813). */
    long effectiveMaxFileAgeMs() {
        return latestFirst && limited() ? Long.MAX_VALUE : maxFileAgeMs;
    }
}
