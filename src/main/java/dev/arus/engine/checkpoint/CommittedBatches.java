package dev.arus.engine.checkpoint;

import dev.arus.engine.files.FlatJson;
import dev.arus.engine.streaming.CheckpointException;
import java.nio.file.Path;
import java.util.Map;
import java.util.NavigableSet;
import java.util.OptionalInt;
import java.util.TreeSet;

/**
 * The batches a checkpoint has committed, as a reader of its state sees them, writing nothing:
 * the ids its commit log holds (the last {@code minBatchesToRetain} at most), and the number of
 * state partitions its offsets entry of the last one keeps. A committed batch's state is whole on
 * disk before its commit entry is written ({@link Checkpoint}'s steps 3 and 5), so a reader that
 * takes its versions from this list never sees a batch in flight.
 */
public record CommittedBatches(NavigableSet<Long> batchIds, OptionalInt shufflePartitions) {

    public CommittedBatches {
        batchIds = new TreeSet<>(batchIds);
    }

    /**
     * Reads the commit log of the checkpoint at {@code root} and the offsets entry of its last batch.
     *
     * @throws CheckpointException when a file read is damaged
     */
    public static CommittedBatches of(Path root) {
        TreeSet<Long> ids = new BatchLog(root.resolve("commits"), 1).batchIds();
        if (ids.isEmpty()) {
            return new CommittedBatches(ids, OptionalInt.empty());
        }
        Path offsets = root.resolve("offsets").resolve(Long.toString(ids.last()));
        String text = BatchLog.readText(offsets);
        String first = text.startsWith(BatchLog.VERSION_LINE + "\n") ? text.substring(3) : "";
        int end = first.indexOf('\n');
        if (end < 0) {
            throw CheckpointException.damaged(offsets, "it has no metadata line after the version line");
        }
        Object conf;
        try {
            conf = FlatJson.parse(first.substring(0, end)).get("conf");
        } catch (IllegalArgumentException e) {
            throw CheckpointException.damaged(offsets, "its metadata line is not a JSON object: " + e.getMessage());
        }
        Object partitions = conf instanceof Map<?, ?> settings ? settings.get(Checkpoint.SHUFFLE_PARTITIONS) : "1";
        try {
            return new CommittedBatches(ids, OptionalInt.of(Integer.parseInt(String.valueOf(partitions))));
        } catch (NumberFormatException e) {
            throw CheckpointException.damaged(offsets, "its conf has no number '" + Checkpoint.SHUFFLE_PARTITIONS + "'");
        }
    }

    /** The last committed batch, or -1. */
    public long last() {
        return batchIds.isEmpty() ? -1 : batchIds.last();
    }

    /** The first batch the commit log still holds, or -1. */
    public long first() {
        return batchIds.isEmpty() ? -1 : batchIds.first();
    }
}
