package dev.arus.server.query;

import static dev.arus.server.query.SpecFields.requireText;

import dev.arus.engine.table.StaticTableReader;
import dev.arus.server.query.QueryFiles.Location;
import dev.arus.server.query.QueryFiles.Use;
import dev.arus.server.storage.DataDirectory;
import dev.arus.server.storage.DataPathException;
import dev.arus.server.web.JsonPointer;
import dev.arus.server.web.ProblemException;
import dev.arus.server.web.ProblemType;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Reads the locations a spec names, whichever engine is to run it, before any translates it:
 * its checkpoint; the {@code path} of each file source (the main one and joined streams), with
 * its {@code sourceArchiveDir}; the {@code path} of each static table; the same of a sql spec's
 * {@code tables}; and the sink's
 * {@code path}. Each is resolved inside the data directory ({@link DataDirectory#resolve} refuses
 * what leads out of it or reaches the service's own directories) and given its use: a file
 * source whose {@code cleanSource} is other than {@code off} cleans its directory. A location
 * option given twice, in two cases, is refused, so that no engine takes a location that was not
 * read here.
 */
final class SpecLocations {

    /** The formats that read directories of files, as stream sources. */
    private static final List<String> FILE_FORMATS = StaticTableReader.FORMATS;
    private static final String PATH = "path";
    private static final String ARCHIVE = "sourceArchiveDir";
    private static final String CLEAN_SOURCE = "cleanSource";

    private final DataDirectory dataDirectory;

    SpecLocations(DataDirectory dataDirectory) {
        this.dataDirectory = dataDirectory;
    }

    /**
     * The spec's locations, its checkpoint first, each resolved and checked against the others.
     *
     * @throws ProblemException at the first location that is not a path inside the data
     *                          directory, reaches the service's own directories, or clashes
     *                          with another of the spec's
     */
    QueryFiles of(QuerySpec spec) {
        List<Location> locations = new ArrayList<>();
        if (spec.checkpointLocation() != null) {
            locations.add(location(spec.checkpointLocation(), Use.KEEPS, QueryFiles.CHECKPOINT_POINTER));
        }
        SpecStreams.walk(spec, new SpecStreams.Visitor() {
            @Override
            public void source(String format, Map<String, Object> options, String optionsPointer) {
                fileSource(format, options, optionsPointer, locations);
            }

            @Override
            public void table(Map<String, Object> options, String optionsPointer) {
                add(options, PATH, optionsPointer, Use.READS, locations);
            }
        });
        if (spec.sink() != null) {
            add(spec.sink().options(), PATH, "/sink/options", Use.WRITES, locations);
        }
        QueryFiles files = new QueryFiles(locations);
        files.checkOwn();
        return files;
    }

    /** The locations of a stream source of {@code format} whose options are at {@code at}, if it reads files. */
    private void fileSource(String format, Map<String, Object> options, String at, List<Location> locations) {
        if (format != null && FILE_FORMATS.contains(format.trim().toLowerCase(Locale.ROOT))) {
            add(options, PATH, at, cleans(options) ? Use.CLEANS : Use.READS, locations);
            add(options, ARCHIVE, at, Use.WRITES, locations);
        }
    }

    /** Whether a file source with {@code options} deletes or moves the files it has read. */
    private static boolean cleans(Map<String, Object> options) {
        return options != null && options.entrySet().stream()
                .anyMatch(option -> option.getKey().equalsIgnoreCase(CLEAN_SOURCE)
                        && !String.valueOf(option.getValue()).trim().equalsIgnoreCase("off"));
    }

    /** Adds the location that the option {@code name} (in any case) of {@code options} names, if it names one. */
    private void add(Map<String, Object> options, String name, String pointer, Use use, List<Location> locations) {
        if (options == null) {
            return;
        }
        String found = null;
        for (Map.Entry<String, Object> option : options.entrySet()) {
            if (!option.getKey().equalsIgnoreCase(name) || !isScalar(option.getValue())) {
                continue;
            }
            String at = JsonPointer.append(pointer, option.getKey());
            if (found != null) {
                throw ProblemException.at(ProblemType.INVALID_OPTION, at, "The option '" + name + "' is given twice, "
                        + "as '" + found + "' and as '" + option.getKey() + "'");
            }
            found = option.getKey();
            locations.add(location(String.valueOf(option.getValue()), use, at));
        }
    }

    /** Option values may be strings, numbers or booleans; others the translation refuses, pointing at them. */
    private static boolean isScalar(Object value) {
        return value instanceof String || value instanceof Number || value instanceof Boolean;
    }

    private Location location(String given, Use use, String pointer) {
        try {
            return new Location(dataDirectory.resolve(requireText(given, pointer)), use, pointer, given);
        } catch (DataPathException outside) {
            throw ProblemException.at(ProblemType.INVALID_PATH, pointer, outside.getMessage());
        }
    }
}
