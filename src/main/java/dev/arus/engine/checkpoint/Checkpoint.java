package dev.arus.engine.checkpoint;

import dev.arus.engine.files.AtomicFiles;
import dev.arus.engine.files.CheckpointMaintenance;
import dev.arus.engine.files.FlatJson;
import dev.arus.engine.files.ProtocolProbe;
import dev.arus.engine.files.ReservedFiles;
import dev.arus.engine.source.Offset;
import dev.arus.engine.source.Source;
import dev.arus.engine.source.SourceMetadata;
import dev.arus.engine.source.SourceOffsets;
import dev.arus.engine.streaming.CheckpointException;
import dev.arus.engine.streaming.CommittedBatch;
import dev.arus.engine.time.WatermarkTracker;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;

/**
 * A query's checkpoint directory, laid out as Spark's: {@code metadata} (the query id, and
 * Arus's description of the plan), {@code offsets/<batchId>}, {@code commits/<batchId>},
 * {@code state/<operator>/<partition>/<version>.delta|.snapshot} and {@code sources/<n>/0}. An
 * offsets entry carries, as Spark's, the settings a query must keep for its whole life in
 * {@code conf}: {@value #SHUFFLE_PARTITIONS}, the number of state partitions, and
 * {@value #MULTIPLE_WATERMARK_POLICY}, how several watermarks make one.
 * A batch is <em>planned</em> when its offsets entry exists and <em>committed</em> when its
 * commit entry exists; at most the last planned batch is uncommitted. As a run ends
 * ({@link #settle}), the files it reserved ahead and did not write are deleted.
 *
 * <p>Each batch takes these steps, in this order (the runner drives them):
 * <ol>
 *   <li>write {@code offsets/N}: the end offset of the batch, its watermark, its timestamp and
 *       the query's {@code conf}, synced to disk before any row is read ({@link #writeOffsets}),
 *       in place into a file the maintenance reserved ahead ({@link ReservedFiles});</li>
 *   <li>run the batch over the state of version N (the state after batch N-1);</li>
 *   <li>commit the state of each operator's partitions as version N+1
 *       ({@code state/<operator>/<partition>/N+1.delta}, synced, in place into a reserved
 *       file as the offsets; plus a snapshot every {@code minDeltasForSnapshot} versions, written
 *       by the maintenance);</li>
 *   <li>hand the rows to the sink, which must ignore a batch id it already has;</li>
 *   <li>write {@code commits/N} with the watermark for the next batch ({@link #writeCommit}),
 *       leaving its content and rename to the file system, as a lost entry costs only a re-run:
 *       the offsets and the state it needs are durable. Should a power cut take the entry or
 *       cut it short, recovery re-runs the batch, as it does one never committed
 *       ({@link #settle} syncs the last entry as a run ends);</li>
 *   <li>hand the deletion of the offsets and commits entries older than
 *       {@code minBatchesToRetain} batches to the run's {@link CheckpointMaintenance}, as Spark
 *       purges its logs asynchronously.</li>
 * </ol>
 *
 * <p>Starting on an existing directory ({@link #open}, then {@link Recovery#resume} and
 * {@link Recovery#begin}) takes these steps, and writes nothing before the last:
 * <ol>
 *   <li>read {@code metadata}: keep its query id (the run gets a new run id); fail when the
 *       plan's description differs from the stored one, naming the part (a checkpoint a query
 *       moved from Spark wrote describes no plan: as Spark, nothing is checked);</li>
 *   <li>find the last whole offsets entry L and the last commit entry C: an empty or cut short
 *       entry above L is a reserved file never written or one a crash interrupted, and its
 *       batch, which read no row, is planned again;</li>
 *   <li>if C = L, continue with batch L+1 from L's end offset, with state version L+1 and the
 *       commit's next watermark;</li>
 *   <li>if C is below L (or there is no commit), re-run batch L with L's end offset,
 *       watermark and timestamp, from L-1's end offset and state version L: it produces the
 *       same rows as the run that did not finish it. C is L-1 unless the power failed before
 *       the file system wrote the last commit entries to disk (step 5 leaves them to it); then,
 *       as Spark, a warning names the gap and batch L is re-run all the same. A commit entry of
 *       L or L-1 that is empty or cut short counts as missing, with a warning: it is what a
 *       power cut leaves of an entry written without a sync;</li>
 *   <li>a commit above L, or any other file that cannot be read, fails naming the file;</li>
 *   <li>load every operator's state at the version of step 3 or 4 (on the query's own thread,
 *       when its run begins), then write what a new checkpoint lacks: {@code metadata} and the
 *       source's own metadata in {@code sources/0/0} (the {@code rate} source's creation time).</li>
 * </ol>
 */
public final class Checkpoint {

    private static final System.Logger LOG = System.getLogger(Checkpoint.class.getName());

    /** Spark's {@code spark.sql.streaming.minBatchesToRetain}. */
    public static final int DEFAULT_MIN_BATCHES_TO_RETAIN = 100;

    /** Spark's setting for the number of state partitions, kept in every offsets entry's {@code conf}. */
    public static final String SHUFFLE_PARTITIONS = "spark.sql.shuffle.partitions";

    /** Spark's setting for how a query's several watermarks make its one, kept in {@code conf} as Spark keeps it. */
    public static final String MULTIPLE_WATERMARK_POLICY = "spark.sql.streaming.multipleWatermarkPolicy";

    /**
     * Spark's mark, in {@code conf}, that stateful operators hash-partition their state by exactly
     * their keys ({@code "true"}), as Arus does since it places keys as Spark does; a checkpoint
     * without it was written by an earlier Arus, whose state partitions hold other keys.
     */
    public static final String STRICT_DISTRIBUTION = "spark.sql.streaming.statefulOperator.useStrictDistribution";

    /**
     * Spark's settings that a Spark query pins in {@code conf} from its first batch on, with the
     * values Spark 4.2 gives a new query, and which Spark reads from an entry without them as an
     * old checkpoint's (other state formats, filters that may prune a streaming source away):
     * kept in Arus's entries too, so that a query moved to Spark runs there as one born there.
     */
    public static final Map<String, String> SPARK_NEW_QUERY_CONF = Collections.unmodifiableSortedMap(
            new TreeMap<>(Map.of(
            "spark.sql.streaming.aggregation.stateFormatVersion", "2",
            "spark.sql.streaming.join.stateFormatVersion", "2",
            "spark.sql.streaming.flatMapGroupsWithState.stateFormatVersion", "2",
            "spark.sql.streaming.stateStore.rocksdb.mergeOperatorVersion", "2",
            "spark.sql.optimizer.pruneFiltersCanPruneStreamingSubplan", "false")));

    private final Path root;
    private final BatchLog offsets;
    private final BatchLog commits;
    private final int minBatchesToRetain;
    private final CheckpointMaintenance maintenance;
    // Read and written by the maintenance's work alone, one piece at a time.
    private boolean purgedOnce;
    // The query's thread alone: the commit entry settle() makes durable.
    private long lastCommitWritten = -1;

    private Checkpoint(Path root, int minBatchesToRetain, int sources, CheckpointMaintenance maintenance) {
        this.root = root;
        this.offsets = new BatchLog(root.resolve("offsets"), 1 + sources, maintenance);
        this.commits = new BatchLog(root.resolve("commits"), 1);
        this.minBatchesToRetain = minBatchesToRetain;
        this.maintenance = maintenance;
    }

    public Path root() {
        return root;
    }

    /** The state directory of one operator's partition. */
    public Path stateDirectory(int operator, int partition) {
        return stateDirectory(root, operator, partition);
    }

    /** The state directory of one operator's partition in the checkpoint at {@code root}. */
    public static Path stateDirectory(Path root, int operator, int partition) {
        return root.resolve("state").resolve(Integer.toString(operator)).resolve(Integer.toString(partition));
    }

    public int minBatchesToRetain() {
        return minBatchesToRetain;
    }

    /** Where the run's file work that no batch waits for goes: state snapshots, purges. */
    public CheckpointMaintenance maintenance() {
        return maintenance;
    }

    /**
     * Step 1 of a batch: its end offsets, one line per source ({@code -} for none); {@code conf}
     * holds the query's lasting settings, such as {@value #SHUFFLE_PARTITIONS}.
     */
    public void writeOffsets(long batchId, SourceOffsets ends, long batchWatermarkMicros, long batchTimestampMs,
                             Map<String, String> conf) {
        Map<String, Object> meta = new LinkedHashMap<>();
        meta.put("batchWatermarkMs", Math.floorDiv(batchWatermarkMicros, 1000));
        meta.put("batchTimestampMs", batchTimestampMs);
        meta.put("batchWatermarkMicros", batchWatermarkMicros);
        meta.put("conf", conf);
        String[] lines = new String[1 + ends.size()];
        lines[0] = FlatJson.write(meta);
        for (int source = 0; source < ends.size(); source++) {
            lines[1 + source] = ends.get(source) == null ? "-" : ends.json(source);
        }
        offsets.write(batchId, lines);
        ProtocolProbe.reached(ProtocolProbe.Step.OFFSETS_WRITTEN, batchId);
    }

    /** Steps 5 and 6 of a batch. */
    public void writeCommit(long batchId, long nextBatchWatermarkMicros) {
        Map<String, Object> meta = new LinkedHashMap<>();
        meta.put("nextBatchWatermarkMs", Math.floorDiv(nextBatchWatermarkMicros, 1000));
        meta.put("nextBatchWatermarkMicros", nextBatchWatermarkMicros);
        commits.writeUnsynced(batchId, FlatJson.write(meta));
        lastCommitWritten = batchId;
        ProtocolProbe.reached(ProtocolProbe.Step.COMMIT_WRITTEN, batchId);
        long keepFrom = batchId - minBatchesToRetain + 1;
        if (keepFrom > 0) {
            maintenance.submit("purge of the entries below batch " + keepFrom + " in " + root,
                    () -> purgeBelow(keepFrom));
        }
    }

    private void purgeBelow(long keepFrom) {
        if (purgedOnce) {
            offsets.delete(keepFrom - 1);
            commits.delete(keepFrom - 1);
        } else {
            offsets.purgeBelow(keepFrom);
            commits.purgeBelow(keepFrom);
            purgedOnce = true;
        }
    }

    /**
     * Settles the checkpoint as a run ends: waits for the work handed to {@link #maintenance()},
     * and makes the last commit entry durable, which {@link #writeCommit} leaves to the file
     * system.
     */
    public void settle() {
        maintenance.settle();
        if (lastCommitWritten >= 0) {
            AtomicFiles.syncFile(commits.fileOf(lastCommitWritten));
            AtomicFiles.syncDirectory(commits.directory());
        }
    }

    /**
     * Reads the checkpoint at {@code root}, writing nothing: the first recovery steps.
     *
     * @param requestedId the id the caller wants the query to have, or {@code null}
     * @param sources     how many sources the query reads
     * @param maintenance where the run's checkpoint work that no batch waits for goes
     * @throws CheckpointException when the checkpoint belongs to another plan or is damaged
     */
    public static Recovery open(Path root, PlanDescription plan, UUID requestedId, int minBatchesToRetain,
                                int sources, CheckpointMaintenance maintenance) {
        Checkpoint checkpoint = new Checkpoint(root, minBatchesToRetain, sources, maintenance);
        Path metadataFile = root.resolve("metadata");
        TreeSet<Long> offsetIds = checkpoint.offsets.batchIds();
        TreeSet<Long> commitIds = checkpoint.commits.batchIds();
        if (!Files.exists(metadataFile)) {
            if (!offsetIds.isEmpty() || !commitIds.isEmpty() || Files.exists(root.resolve("state"))) {
                throw CheckpointException.damaged(metadataFile, "the file is missing, though the checkpoint has batches");
            }
            UUID id = requestedId != null ? requestedId : UUID.randomUUID();
            return new Recovery(checkpoint, id, plan, true, new String[sources], null, null, null, null);
        }
        UUID id = checkedIdentity(root, plan, requestedId);
        boolean describesPlan = readMetadata(metadataFile).keySet().stream().anyMatch(key -> key.startsWith("plan."));
        String[] sourceMetadata = new String[sources];
        Long planned = null;
        List<String> lastEntry = null;
        for (long candidate : offsetIds.descendingSet()) {
            Optional<List<String>> entry = checkpoint.offsets.readUnlessCut(candidate);
            if (entry.isPresent()) {
                planned = candidate;
                lastEntry = entry.get();
                break;
            }
            warnIfWritten(checkpoint.offsets.fileOf(candidate), "cut short by a crash as it was written: batch "
                    + candidate + " is planned again");
        }
        if (!commitIds.isEmpty() && (planned == null || commitIds.last() > planned)) {
            long committed = commitIds.last();
            if (offsetIds.contains(committed)) {
                checkpoint.offsets.read(committed); // throws, naming what is wrong with it
            }
            throw CheckpointException.damaged(checkpoint.commits.fileOf(committed), planned == null
                    ? "it commits a batch that has no offsets entry"
                    : "it commits batch " + committed + " but the last offsets entry is batch " + planned);
        }
        if (planned == null) {
            return new Recovery(checkpoint, id, plan, !describesPlan, sourceMetadata, null, null, null, null);
        }
        long last = planned;
        List<String> commitEntry = checkpoint.commits.readUnlessCut(last).orElse(null);
        if (commitEntry == null && commitIds.contains(last)) {
            LOG.log(System.Logger.Level.WARNING, "Ignoring " + checkpoint.commits.fileOf(last) + ", empty or cut "
                    + "short, as a power cut leaves an entry written without a sync: batch " + last + " is re-run");
        }
        List<String> previousEntry = null;
        if (commitEntry == null && last > 0) {
            if (!offsetIds.contains(last - 1)) {
                throw CheckpointException.damaged(checkpoint.offsets.fileOf(last - 1),
                        "the file is missing; batch " + last + " must be re-run from its end offset");
            }
            previousEntry = checkpoint.offsets.read(last - 1);
            if (checkpoint.commits.readUnlessCut(last - 1).isEmpty()) {
                LOG.log(System.Logger.Level.WARNING, "Batch completion log latest batch id is "
                        + commitIds.lower(last - 1) + ", which is not trailing batchid " + last
                        + " by one: re-running batch " + last + " of " + root);
            }
        }
        return new Recovery(checkpoint, id, plan, !describesPlan, sourceMetadata, last, lastEntry, previousEntry,
                commitEntry);
    }

    /**
     * Recovery step 1 alone, reading {@code metadata} and nothing else, so that it may run while
     * another run of the query writes the checkpoint: whether a query of {@code plan} (with the id
     * {@code requestedId}, unless {@code null}) may start on the checkpoint at {@code root}.
     * Returns the checkpoint's query id, or {@code null} when it has no {@code metadata} yet (a
     * new checkpoint: any query may start there).
     *
     * @throws CheckpointException when the checkpoint belongs to another query or plan, naming
     *                             what differs, or its {@code metadata} is damaged
     */
    public static UUID checkedIdentity(Path root, PlanDescription plan, UUID requestedId) {
        Path metadataFile = root.resolve("metadata");
        if (!Files.exists(metadataFile)) {
            return null;
        }
        Map<String, Object> metadata = readMetadata(metadataFile);
        UUID id;
        try {
            id = UUID.fromString(String.valueOf(metadata.get("id")));
        } catch (IllegalArgumentException e) {
            throw CheckpointException.damaged(metadataFile, "its id '" + metadata.get("id") + "' is not a UUID");
        }
        if (requestedId != null && !requestedId.equals(id)) {
            throw CheckpointException.incompatible(root, "Checkpoint " + root
                    + " belongs to query " + id + ", not to query " + requestedId);
        }
        Map<String, String> stored = new LinkedHashMap<>();
        metadata.forEach((k, v) -> {
            if (k.startsWith("plan.")) {
                stored.put(k.substring(5), String.valueOf(v));
            }
        });
        if (stored.isEmpty()) {
            // Spark's metadata holds the id alone (a query moved from Spark): as Spark, check no plan.
            return id;
        }
        String difference = plan.firstDifference(new PlanDescription(stored));
        if (difference != null) {
            throw CheckpointException.incompatible(root, "Cannot start the query on "
                    + "checkpoint " + root + ", written by a different query: " + difference);
        }
        return id;
    }

    /**
     * The last batch committed in the checkpoint at {@code root}, as its {@code commits} and
     * {@code offsets} logs tell it (Spark's layout, which Arus's shares): empty when none is.
     * Reads only, and may run while a run writes the checkpoint: an entry that is not whole yet
     * is passed over for the one before it.
     */
    public static Optional<CommittedBatch> lastCommitted(Path root) {
        BatchLog commits = new BatchLog(root.resolve("commits"), 1);
        Path offsets = root.resolve("offsets");
        for (long batchId : commits.batchIds().descendingSet()) {
            Map<String, Object> commit = firstLineOf(commits.fileOf(batchId));
            Map<String, Object> planned = firstLineOf(offsets.resolve(Long.toString(batchId)));
            if (commit.get("nextBatchWatermarkMs") instanceof Long watermark
                    && planned.get("batchTimestampMs") instanceof Long timestamp) {
                return Optional.of(new CommittedBatch(batchId, Instant.ofEpochMilli(timestamp),
                        Instant.ofEpochMilli(watermark)));
            }
        }
        return Optional.empty();
    }

    /** The JSON object on the line after a log file's version line; empty when the file is missing or not whole. */
    private static Map<String, Object> firstLineOf(Path file) {
        try {
            String[] lines = Files.readString(file, StandardCharsets.UTF_8).split("\n", -1);
            return lines.length < 2 || !lines[0].equals(BatchLog.VERSION_LINE) ? Map.of() : FlatJson.parse(lines[1]);
        } catch (IOException | IllegalArgumentException | UncheckedIOException notWhole) {
            return Map.of();
        }
    }

    /** Logs why {@code file} is ignored, unless it is empty: a {@link ReservedFiles reserved} file never written. */
    private static void warnIfWritten(Path file, String why) {
        try {
            if (Files.size(file) > 0) {
                LOG.log(System.Logger.Level.WARNING, "Ignoring " + file + ", " + why);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The id of the query the checkpoint at {@code root} belongs to (recovery step 1 alone),
     * empty when it has no {@code metadata} yet. Writes nothing.
     *
     * @throws CheckpointException when {@code metadata} is damaged
     */
    public static Optional<UUID> queryIdAt(Path root) {
        Path metadataFile = root.resolve("metadata");
        if (!Files.exists(metadataFile)) {
            return Optional.empty();
        }
        Object id = readMetadata(metadataFile).get("id");
        try {
            return Optional.of(UUID.fromString(String.valueOf(id)));
        } catch (IllegalArgumentException e) {
            throw CheckpointException.damaged(metadataFile, "its id '" + id + "' is not a UUID");
        }
    }

    private static Map<String, Object> readMetadata(Path file) {
        String text = BatchLog.readText(file);
        if (text.isEmpty()) {
            throw CheckpointException.damaged(file, "the file is empty");
        }
        if (!text.endsWith("\n")) {
            throw CheckpointException.damaged(file, "it is truncated (its line does not end)");
        }
        try {
            Map<String, Object> values = FlatJson.parse(text.substring(0, text.length() - 1));
            if (!values.containsKey("id")) {
                throw CheckpointException.damaged(file, "it has no query id");
            }
            return values;
        } catch (IllegalArgumentException e) {
            throw CheckpointException.damaged(file, "it is not a JSON object: " + e.getMessage());
        }
    }

    /** Where source {@code source} keeps its own metadata: Spark's {@code sources/<source>/0}. */
    public static Path sourceMetadataFile(Path root, int source) {
        return sourceDirectory(root, source).resolve("0");
    }

    /**
     * Source {@code source}'s own directory, Spark's {@code sources/<source>}: a file source keeps
     * its seen-files log there, in place of the one metadata file of the others.
     */
    public static Path sourceDirectory(Path root, int source) {
        return root.resolve("sources").resolve(Integer.toString(source));
    }

    /**
     * What {@link #open} found; {@link #resume} reads the offsets with the source's own format,
     * then {@link #begin} writes what a new checkpoint lacks and hands the checkpoint over.
     */
    public static final class Recovery {
        private final Checkpoint checkpoint;
        private final UUID queryId;
        private final PlanDescription plan;
        // Whether begin() writes metadata: a new checkpoint's, or one describing no plan (Spark's).
        private final boolean describe;
        private final String[] sourceMetadata;
        private final Long lastBatchId;
        private final List<String> lastOffsets;
        private final List<String> previousOffsets;
        private final List<String> lastCommit;

        private Recovery(Checkpoint checkpoint, UUID queryId, PlanDescription plan, boolean describe,
                         String[] sourceMetadata, Long lastBatchId, List<String> lastOffsets,
                         List<String> previousOffsets, List<String> lastCommit) {
            this.checkpoint = checkpoint;
            this.queryId = queryId;
            this.plan = plan;
            this.describe = describe;
            this.sourceMetadata = sourceMetadata;
            this.lastBatchId = lastBatchId;
            this.lastOffsets = lastOffsets;
            this.previousOffsets = previousOffsets;
            this.lastCommit = lastCommit;
        }

        public UUID queryId() {
            return queryId;
        }

        public Checkpoint checkpoint() {
            return checkpoint;
        }

        /**
         * Source {@code source}'s own metadata kept in {@code sources/<source>/0}, or {@code null};
         * read when first asked, so that a source keeping a log of its own there (a file source)
         * is never asked.
         *
         * @throws CheckpointException when the file is damaged
         */
        public String sourceMetadata(int source) {
            if (sourceMetadata[source] == null) {
                sourceMetadata[source] = SourceMetadata.read(sourceMetadataFile(checkpoint.root, source));
            }
            return sourceMetadata[source];
        }

        /**
         * The number of state partitions the query was started with, from the last offsets
         * entry's {@code conf}; empty for a query that has run no batch, and 1 for a checkpoint
         * written before Arus partitioned state.
         */
        public OptionalInt shufflePartitions() {
            if (lastBatchId == null) {
                return OptionalInt.empty();
            }
            Path file = checkpoint.offsets.fileOf(lastBatchId);
            Object conf = offsetMetadata(file, lastOffsets).get("conf");
            if (conf == null) {
                return OptionalInt.of(1);
            }
            Object partitions = conf instanceof Map<?, ?> settings ? settings.get(SHUFFLE_PARTITIONS) : null;
            try {
                int value = Integer.parseInt(String.valueOf(partitions));
                if (value < 1) {
                    throw new NumberFormatException();
                }
                return OptionalInt.of(value);
            } catch (NumberFormatException e) {
                throw CheckpointException.damaged(file, "its conf has no positive number '" + SHUFFLE_PARTITIONS
                        + "'");
            }
        }

        /**
         * The watermark policy the query was started with, from the last offsets entry's
         * {@code conf}; empty for a query that has run no batch, and {@code min} for a checkpoint
         * written before Arus kept it, as Spark reads its own old checkpoints.
         */
        public Optional<WatermarkTracker.Policy> watermarkPolicy() {
            if (lastBatchId == null) {
                return Optional.empty();
            }
            Path file = checkpoint.offsets.fileOf(lastBatchId);
            Object conf = offsetMetadata(file, lastOffsets).get("conf");
            Object policy = conf instanceof Map<?, ?> settings ? settings.get(MULTIPLE_WATERMARK_POLICY) : null;
            try {
                return Optional.of(policy == null ? WatermarkTracker.Policy.MIN
                        : WatermarkTracker.Policy.of(String.valueOf(policy)));
            } catch (IllegalArgumentException unknown) {
                throw CheckpointException.damaged(file, "its conf has an unknown '" + MULTIPLE_WATERMARK_POLICY
                        + "': " + policy);
            }
        }

        /**
         * Whether the query's state partitions hold the keys Spark's hash partitioning gives them,
         * as the last offsets entry's {@code conf} says ({@link #STRICT_DISTRIBUTION}); true for a
         * query that has run no batch.
         */
        public boolean partitionsStateAsSpark() {
            if (lastBatchId == null) {
                return true;
            }
            Object conf = offsetMetadata(checkpoint.offsets.fileOf(lastBatchId), lastOffsets).get("conf");
            return conf instanceof Map<?, ?> settings && "true".equals(settings.get(STRICT_DISTRIBUTION));
        }

        /** Where the query goes on (recovery steps 3 and 4), with each source's offsets read by that source. */
        public ResumePoint resume(List<Source> sources) {
            if (lastBatchId == null) {
                return ResumePoint.fresh(sources.size());
            }
            long last = lastBatchId;
            Path lastFile = checkpoint.offsets.fileOf(last);
            Map<String, Object> lastMeta = offsetMetadata(lastFile, lastOffsets);
            SourceOffsets lastEnd = offsets(sources, lastFile, lastOffsets);
            long lastWatermark = micros(lastFile, lastMeta, "batchWatermark");
            if (lastCommit != null) {
                Path commitFile = checkpoint.commits.fileOf(last);
                Map<String, Object> commitMeta = parse(commitFile, lastCommit.get(0));
                long next = micros(commitFile, commitMeta, "nextBatchWatermark");
                return new ResumePoint(last + 1, lastEnd, lastWatermark, Math.max(lastWatermark, next), null);
            }
            SourceOffsets previousEnd = SourceOffsets.none(sources.size());
            long previousWatermark = 0;
            if (previousOffsets != null) {
                Path previousFile = checkpoint.offsets.fileOf(last - 1);
                previousEnd = offsets(sources, previousFile, previousOffsets);
                previousWatermark = micros(previousFile, offsetMetadata(previousFile, previousOffsets),
                        "batchWatermark");
            }
            return new ResumePoint(last, previousEnd, previousWatermark, lastWatermark,
                    new ResumePoint.Replay(lastEnd, number(lastFile, lastMeta, "batchTimestampMs")));
        }

        /**
         * Recovery step 6: writes {@code metadata} and each source's metadata ({@code null} for
         * none), when missing; {@code metadata} also when it describes no plan (Spark wrote it,
         * with the query's id alone, which Spark reads alone), so that later restarts are checked.
         */
        public Checkpoint begin(List<String> newSourceMetadata) {
            AtomicFiles.createDirectories(checkpoint.offsets.directory());
            AtomicFiles.createDirectories(checkpoint.commits.directory());
            if (describe) {
                Map<String, Object> metadata = new LinkedHashMap<>();
                metadata.put("id", queryId.toString());
                plan.parts().forEach((k, v) -> metadata.put("plan." + k, v));
                byte[] bytes = (FlatJson.write(metadata) + "\n").getBytes(StandardCharsets.UTF_8);
                AtomicFiles.write(checkpoint.root.resolve("metadata"), bytes, bytes.length);
            }
            for (int source = 0; source < newSourceMetadata.size(); source++) {
                String metadata = newSourceMetadata.get(source);
                Path file = sourceMetadataFile(checkpoint.root, source);
                if (metadata != null && !Files.exists(file)) {
                    SourceMetadata.write(file, metadata);
                }
            }
            return checkpoint;
        }

        private static Map<String, Object> offsetMetadata(Path file, List<String> entry) {
            return parse(file, entry.get(0));
        }

        private static Map<String, Object> parse(Path file, String line) {
            try {
                return FlatJson.parse(line);
            } catch (IllegalArgumentException e) {
                throw CheckpointException.damaged(file, "its metadata line is not a JSON object: " + e.getMessage());
            }
        }

        /**
         * A watermark: {@code <name>Micros} as Arus writes it, else {@code <name>Ms} as Spark
         * writes it alone (an entry of a query moved from Spark), in microseconds.
         */
        private static long micros(Path file, Map<String, Object> values, String name) {
            if (!values.containsKey(name + "Micros") && values.get(name + "Ms") instanceof Long millis) {
                return Math.multiplyExact(millis, 1000L);
            }
            return number(file, values, name + "Micros");
        }

        private static long number(Path file, Map<String, Object> values, String key) {
            if (!(values.get(key) instanceof Long value)) {
                throw CheckpointException.damaged(file, "its metadata has no number '" + key + "'");
            }
            return value;
        }

        private static SourceOffsets offsets(List<Source> sources, Path file, List<String> entry) {
            List<Offset> offsets = new ArrayList<>();
            for (int source = 0; source < sources.size(); source++) {
                offsets.add(offset(sources.get(source), file, entry.get(1 + source)));
            }
            return new SourceOffsets(offsets);
        }

        private static Offset offset(Source source, Path file, String json) {
            if (json.equals("-")) {
                return null;
            }
            try {
                return source.deserializeOffset(json);
            } catch (RuntimeException e) {
                throw CheckpointException.damaged(file, "its offset '" + BatchLog.abbreviate(json)
                        + "' is not an offset of " + source.description() + ": " + e.getMessage());
            }
        }
    }
}
