package dev.arus.engine.testing;

import dev.arus.engine.api.DataStreamWriter;
import dev.arus.engine.api.StreamFrame;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.Row;
import dev.arus.engine.log.EventLog;
import dev.arus.engine.log.LogStream;
import dev.arus.engine.log.StreamDefinition;
import dev.arus.engine.runtime.TaskSlots;
import dev.arus.engine.streaming.StreamingQueryProgress;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A query over streams of the event log whose rows a test chooses batch by batch, as Spark's
 * suites feed a {@code MemoryStream}: {@link #feed} appends one batch's rows and runs the batch
 * that reads them, then every no-data batch a moving watermark asks for ({@link #add} then
 * {@link #run} put rows of several streams in one batch). Each batch's output rows (as text) and
 * progress are kept. With {@code restart}, the query is stopped and started again from its
 * checkpoint after every batch; a query may also run without a checkpoint, its state in memory.
 */
public final class StreamCase implements AutoCloseable {

    /** Where the query keeps its state: in memory, or in a checkpoint, restarted from it after every batch or not. */
    public enum Checkpoint {
        NONE, KEPT, RESTARTED_AFTER_EACH_BATCH
    }

    /** One batch as a test sees it: the rows out, and its progress. */
    public record Batch(List<String> rows, StreamingQueryProgress progress) {
    }

    private final QueryTestDriver driver;
    private final List<LogStream> streams = new ArrayList<>();
    private final List<Batch> batches = new ArrayList<>();

    /**
     * @param directory where the log and the checkpoint go
     * @param schema    the input stream's columns as DDL
     * @param query     the query over the stream (read from its earliest offset)
     * @param writer    the output mode and such; the checkpoint location is set here
     */
    public StreamCase(Path directory, String schema, boolean restart, Function<StreamFrame, StreamFrame> query,
                      Function<DataStreamWriter, DataStreamWriter> writer) {
        this(directory, List.of(schema), restart, inputs -> query.apply(inputs.get(0)), writer);
    }

    /**
     * A query over several input streams, {@code input0}, {@code input1} and so on.
     *
     * @param schemas each input stream's columns as DDL
     * @param query   the query over the streams, each read from its earliest offset
     */
    public StreamCase(Path directory, List<String> schemas, boolean restart,
                      Function<List<StreamFrame>, StreamFrame> query,
                      Function<DataStreamWriter, DataStreamWriter> writer) {
        this(directory, schemas, restart ? Checkpoint.RESTARTED_AFTER_EACH_BATCH : Checkpoint.KEPT,
                TaskSlots.defaultParallelism(), query, writer);
    }

    /**
     * A query over several input streams whose batches run on {@code slots} task slots, its state
     * kept as {@code checkpoint} says.
     */
    public StreamCase(Path directory, List<String> schemas, Checkpoint checkpoint, int slots,
                      Function<List<StreamFrame>, StreamFrame> query,
                      Function<DataStreamWriter, DataStreamWriter> writer) {
        driver = new QueryTestDriver(Instant.parse("2026-12-01T10:00:00Z"), 1,
                clock -> EventLog.open(directory.resolve("log"), clock, EventLog.DEFAULT_SEGMENT_BYTES), Map.of(),
                slots);
        List<StreamFrame> inputs = new ArrayList<>();
        for (int i = 0; i < schemas.size(); i++) {
            String name = schemas.size() == 1 ? "input" : "input" + i;
            streams.add(driver.eventLog().create(StreamDefinition.of(name, schemas.get(i), 1, null, null)));
            inputs.add(driver.session().readStream().format("stream").option("stream", name)
                    .option("startingOffsets", "earliest").load());
        }
        if (checkpoint == Checkpoint.RESTARTED_AFTER_EACH_BATCH) {
            driver.restartAfterEachBatch();
        }
        driver.startRecording(query.apply(inputs), w -> checkpoint == Checkpoint.NONE ? writer.apply(w)
                : writer.apply(w).option("checkpointLocation", directory.resolve("checkpoint").toString()));
    }

    public QueryTestDriver driver() {
        return driver;
    }

    /** Appends {@code rows} (each the values of one row) and runs the batch that reads them, then every no-data batch. */
    public StreamCase feed(Object[]... rows) {
        return feed(0, rows);
    }

    /** {@link #feed} to input stream {@code input}. */
    public StreamCase feed(int input, Object[]... rows) {
        return add(input, rows).run();
    }

    /** Appends {@code rows} to input stream {@code input}, for the next {@link #run}. */
    public StreamCase add(int input, Object[]... rows) {
        LogStream stream = streams.get(input);
        ColumnarBatch batch = ColumnarBatch.allocate(stream.definition().schema(), Math.max(1, rows.length));
        for (int r = 0; r < rows.length; r++) {
            for (int c = 0; c < rows[r].length; c++) {
                batch.column(c).setObject(r, rows[r][c]);
            }
        }
        batch.setSize(rows.length);
        stream.append(batch).join();
        return this;
    }

    /** Runs the batch that reads what was added, then every no-data batch. */
    public StreamCase run() {
        for (StreamingQueryProgress progress = driver.runTrigger(); progress != null; progress = driver.runTrigger()) {
            batches.add(new Batch(driver.rowsOf(progress.batchId()).stream().map(Row::toString).toList(), progress));
        }
        return this;
    }

    /**
     * Runs only the next batch, not the no-data batch a moved watermark would run next: rows
     * added before the next {@link #run} then arrive in a batch whose watermark moved since the
     * last, as a stream that always has rows sees it.
     */
    public StreamCase runOne() {
        StreamingQueryProgress progress = driver.runTrigger();
        batches.add(new Batch(driver.rowsOf(progress.batchId()).stream().map(Row::toString).toList(), progress));
        return this;
    }

    public List<Batch> batches() {
        return batches;
    }

    /** Each batch's output rows, in batch order. */
    public List<List<String>> rows() {
        return batches.stream().map(Batch::rows).toList();
    }

    /** One row of values, for {@link #feed}. */
    public static Object[] row(Object... values) {
        return values;
    }

    @Override
    public void close() {
        driver.close();
    }
}
