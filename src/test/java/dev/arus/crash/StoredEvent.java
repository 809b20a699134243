package dev.arus.crash;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.Schema;
import dev.arus.engine.log.EventLog;
import dev.arus.engine.log.LogStream;
import dev.arus.engine.time.SystemClock;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** An event of {@link IngestLedger}'s kind as a stream of the event log holds it, and where. */
record StoredEvent(int partition, long offset, long id, long amount, Instant eventTime) {

    /** Where it is, as {@code <partition>/<offset>}. */
    String position() {
        return partition + "/" + offset;
    }

    /**
     * Every event stream {@code name} of the log in {@code streamsDirectory} holds, read straight
     * from the log's files, as the service does when it starts: only once no service runs on them.
     */
    static List<StoredEvent> readAll(Path streamsDirectory, String name) {
        List<StoredEvent> events = new ArrayList<>();
        try (EventLog log = EventLog.open(streamsDirectory, SystemClock.INSTANCE, EventLog.DEFAULT_SEGMENT_BYTES)) {
            assertThat(log.damaged()).as("damaged streams").isEmpty();
            LogStream stream = log.stream(name);
            Schema schema = stream.readSchema();
            int id = schema.indexOf("event_id");
            int amount = schema.indexOf("amount");
            int eventTime = schema.indexOf("event_time");
            ColumnarBatch chunk = ColumnarBatch.allocate(schema, ColumnarBatch.CHUNK_SIZE);
            for (int p = 0; p < stream.definition().partitions(); p++) {
                int partition = p;
                long[] offset = {stream.earliestOffsets()[p]};
                stream.read(p, offset[0], stream.durableEnds()[p], chunk, read -> {
                    for (int row = 0; row < read.size(); row++) {
                        events.add(new StoredEvent(partition, offset[0]++, (Long) read.column(id).getObject(row),
                                (Long) read.column(amount).getObject(row),
                                (Instant) read.column(eventTime).getObject(row)));
                    }
                });
            }
        }
        return events;
    }
}
