package dev.arus.server.spark;

import dev.arus.engine.source.PartitionOffsets;
import org.apache.spark.sql.connector.read.streaming.Offset;

/**
 * A position in a stream of the event log as Spark keeps it: Arus's {@link PartitionOffsets},
 * the next offset to read per partition, in the same JSON as Spark's Kafka source writes and
 * Arus's engine writes for the same stream ({@code {"orders":{"0":23,"1":5}}}), so that the
 * offsets of a Spark query's checkpoint read as those of an Arus query's.
 */
final class EventLogOffset extends Offset {

    private final PartitionOffsets offsets;

    EventLogOffset(PartitionOffsets offsets) {
        this.offsets = offsets;
    }

    /** The offsets of {@code offset}, whichever form Spark hands it back in. */
    static PartitionOffsets of(Offset offset) {
        return offset instanceof EventLogOffset ours ? ours.offsets : PartitionOffsets.parse(offset.json());
    }

    @Override
    public String json() {
        return offsets.json();
    }
}
