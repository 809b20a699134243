package dev.arus.server.query;

import dev.arus.server.storage.DataDirectory;
import dev.arus.server.web.ProblemException;
import dev.arus.server.web.ProblemType;
import java.nio.file.Path;
import java.util.List;

/**
 * Where in the data directory a query reaches, and how: each location its spec names, resolved
 * to an absolute path, with its {@link Use} and the JSON pointer of its field, the checkpoint
 * first. Two locations <em>overlap</em> when one is, contains or lies inside the other, and
 * overlapping locations <em>clash</em> when one is a checkpoint, when both write, or when one
 * cleans what the other writes. Reading what another query writes is no clash: a query may read
 * another's file sink output, as in Spark. The rule holds among one query's own locations,
 * between the locations of two registered queries, and between a query's locations and every
 * checkpoint on disk: a checkpoint is the service's, whether its query is registered or was
 * deleted keeping it, so that nothing but its own query ever reads, cleans or writes in it.
 * (The service's own directories, the event log and the saved definitions, no location reaches
 * at all: {@link DataDirectory#resolve} refuses them.)
 */
public record QueryFiles(List<Location> locations) {

    static final String CHECKPOINT_POINTER = "/checkpointLocation";

    private static final String CHECKPOINT_REASON = "a checkpoint is the service's own, and no other location may "
            + "be, contain or lie inside it";

    /** The files of a query that names no location. */
    public static final QueryFiles NONE = new QueryFiles(List.of());

    public QueryFiles {
        locations = List.copyOf(locations);
    }

    /** How a query uses a location, from the least to the most it changes there. */
    public enum Use {
        /** A file source or a static table reads the files in it. */
        READS("reads"),
        /** A file source with {@code cleanSource} reads the files in it, then deletes or moves them. */
        CLEANS("reads and cleans"),
        /** A file sink writes its output in it, or a file source moves the files it read there. */
        WRITES("writes"),
        /** The query keeps its checkpoint in it. */
        KEEPS("keeps its checkpoint");

        private final String verb;

        Use(String verb) {
            this.verb = verb;
        }

        boolean clashesWith(Use other) {
            if (this == KEEPS || other == KEEPS) {
                return true;
            }
            return (this == WRITES || other == WRITES) && this != READS && other != READS;
        }
    }

    /**
     * One location of a query.
     *
     * @param path    its absolute path inside the data directory
     * @param pointer the JSON pointer of the field that names it
     * @param given   the field's value, as the spec gives it
     */
    public record Location(Path path, Use use, String pointer, String given) {

        boolean overlaps(Location other) {
            return path.startsWith(other.path) || other.path.startsWith(path);
        }

        /** How this location stands to {@code other}, in words: "is", "lies inside" or "contains". */
        String relationTo(Path other) {
            return path.equals(other) ? "is" : path.startsWith(other) ? "lies inside" : "contains";
        }
    }

    /** The checkpoint's absolute path, {@code null} when the query keeps none. */
    public Path checkpoint() {
        return locations.stream().filter(location -> location.use() == Use.KEEPS).map(Location::path)
                .findFirst().orElse(null);
    }

    public boolean checkpointed() {
        return checkpoint() != null;
    }

    /**
     * The absolute path of the location named at {@code pointer}.
     *
     * @throws IllegalStateException when the spec names no location there: a translation that
     *                               asks reads a location the service never checked
     */
    Path at(String pointer) {
        return locations.stream().filter(location -> location.pointer().equals(pointer)).map(Location::path)
                .findFirst().orElseThrow(() -> new IllegalStateException("No location was read at " + pointer));
    }

    /**
     * Refuses the query when two of its own locations clash; the later one is named.
     *
     * @throws ProblemException {@code 400 invalid-path} at the later location's field
     */
    void checkOwn() {
        for (int later = 1; later < locations.size(); later++) {
            Location location = locations.get(later);
            for (Location earlier : locations.subList(0, later)) {
                if (location.overlaps(earlier) && location.use().clashesWith(earlier.use())) {
                    throw ProblemException.at(ProblemType.INVALID_PATH, location.pointer(),
                            describe(location, earlier, "this query", true) + ": " + reason(location, earlier, true));
                }
            }
        }
    }

    /**
     * Refuses the query when one of its locations clashes with one of {@code other}'s, the
     * locations of the registered query {@code otherName}: a location sharing the other's
     * checkpoint, a write or a clean is in use ({@code 409}); one that reaches into the other's
     * checkpoint any other way is never allowed ({@code 400}).
     */
    void checkAgainst(QueryFiles other, String otherName) {
        for (Location location : locations) {
            for (Location theirs : other.locations) {
                if (location.overlaps(theirs) && location.use().clashesWith(theirs.use())) {
                    boolean reachesCheckpoint = (location.use() == Use.KEEPS || theirs.use() == Use.KEEPS)
                            && !(location.use() == theirs.use() && location.path().equals(theirs.path()));
                    throw ProblemException.at(reachesCheckpoint ? ProblemType.INVALID_PATH : ProblemType.LOCATION_IN_USE,
                            location.pointer(), describe(location, theirs, "query '" + otherName + "'", false) + ": "
                                    + reason(location, theirs, false));
                }
            }
        }
    }

    /**
     * Refuses the query when one of its locations reaches a checkpoint on disk other than its
     * own: a registered query's, or one a deleted query left. Its own checkpoint may be one
     * already (a query created again on it continues it), but may not contain nor lie in another.
     *
     * @throws ProblemException {@code 400 invalid-path} at the location's field
     */
    void checkCheckpointsOnDisk(DataDirectory dataDirectory) {
        for (Location location : locations) {
            for (Path checkpoint : dataDirectory.checkpointsAround(location.path())) {
                if (location.use() != Use.KEEPS || !location.path().equals(checkpoint)) {
                    String where = location.path().equals(checkpoint) ? "is a checkpoint"
                            : location.relationTo(checkpoint) + " the checkpoint '" + dataDirectory.relative(checkpoint) + "'";
                    throw ProblemException.at(ProblemType.INVALID_PATH, location.pointer(), "'" + location.given()
                            + "' " + where + ": " + CHECKPOINT_REASON);
                }
            }
        }
    }

    /** "'out' lies inside 'cp', where this query keeps its checkpoint (/checkpointLocation)". */
    private static String describe(Location location, Location theirs, String whose, boolean own) {
        String where = location.path().equals(theirs.path()) ? "'" + location.given() + "' is where "
                : "'" + location.given() + "' " + location.relationTo(theirs.path()) + " '" + theirs.given() + "', where ";
        return where + whose + " " + theirs.use().verb + (own ? " (" + theirs.pointer() + ")" : "");
    }

    private static String reason(Location location, Location theirs, boolean own) {
        if (location.use() == Use.KEEPS && theirs.use() == Use.KEEPS && location.path().equals(theirs.path())) {
            return "two queries never share a checkpoint";
        }
        if (location.use() == Use.KEEPS || theirs.use() == Use.KEEPS) {
            return CHECKPOINT_REASON;
        }
        if (location.use() == Use.WRITES && theirs.use() == Use.WRITES) {
            return own ? "a query writes each directory from one place" : "two queries never write in the same place";
        }
        return "a source cleans only a directory that no query writes";
    }
}
