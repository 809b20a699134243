package dev.arus.engine.sink;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.DecimalType;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.Schema;
import dev.arus.engine.data.StructType;
import dev.arus.engine.data.UnicodeText;
import dev.arus.engine.log.LogStream;
import dev.arus.engine.log.Producer;
import dev.arus.engine.log.StreamDefinition;
import dev.arus.engine.streaming.AnalysisException;
import dev.arus.engine.streaming.ArusException;
import dev.arus.engine.streaming.ResultBatch;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.CompletionException;

/**
 * Writes each batch's output rows into a stream of the event log, so that one query feeds
 * another. The output's columns are matched to the stream's by name, in any order and case: a
 * stream column the output lacks gets NULL (refused when the column is NOT NULL), an output
 * column the stream lacks is refused, and an {@code ingest_time} column is dropped, since the
 * stream stamps its own. A value goes in as is, or widened (int to bigint, int or bigint to
 * double). A batch is answered once durable. With a checkpoint, each batch is written as the
 * query's producer with the batch id as sequence, so that a batch run again after a crash is not
 * stored twice: the stream sink is exactly-once where Spark's Kafka sink is at-least-once. From
 * its creation until it is closed the sink is a writer of the stream, which cannot be deleted
 * meanwhile. A string goes in only as Unicode text, as a posted event does: the log stores UTF-8,
 * which has no form for half of a surrogate pair, so a batch with one fails whole
 * ({@value #INVALID_STRING}), rather than store a {@code ?} the query never produced.
 */
final class StreamSink implements Sink {

    static final String INVALID_STRING = "STREAM_SINK_INVALID_STRING";

    private final LogStream stream;
    private final int[] outputColumnOf;
    // Whether the stream's column holds strings, whose values are checked to be Unicode text.
    private final boolean[] text;
    private final UUID producer;
    private final UUID writer = UUID.randomUUID();

    /**
     * A sink into {@code stream} of the query called {@code label}, whose batches are
     * {@code producer}'s (null: none); it registers as a writer once its columns are checked.
     */
    StreamSink(LogStream stream, Schema output, UUID producer, String label) {
        this.stream = stream;
        this.producer = producer;
        Schema declared = stream.definition().schema();
        for (Field field : output.fields()) {
            if (declared.indexOf(field.name()) < 0 && !isIngestTime(field.name())) {
                throw mismatch("Column '" + field.name() + "' of the query's output is not a column of stream '"
                        + stream.name() + "': " + declared.names()
                        + ". Select or rename the output's columns to the stream's.");
            }
        }
        this.outputColumnOf = new int[declared.size()];
        this.text = new boolean[declared.size()];
        for (int c = 0; c < declared.size(); c++) {
            Field column = declared.field(c);
            text[c] = column.type() == AtomicType.STRING;
            int from = indexOf(output, column.name());
            outputColumnOf[c] = from;
            if (from < 0 && !column.nullable()) {
                throw mismatch("Column '" + column.name() + "' of stream '" + stream.name() + "' is NOT NULL, and "
                        + "the query's output has no such column");
            }
            if (from >= 0 && !fits(output.field(from).type(), column.type())) {
                throw mismatch("Column '" + column.name() + "' of the query's output is "
                        + output.field(from).type().simpleString() + "; stream '" + stream.name() + "' holds "
                        + column.type().simpleString() + " there. Cast it.");
            }
        }
        stream.registerWriter(writer, label);
    }

    private static boolean isIngestTime(String name) {
        return name.equalsIgnoreCase(StreamDefinition.INGEST_TIME);
    }

    /** The output column named {@code name} whatever its case, or -1. */
    private static int indexOf(Schema schema, String name) {
        for (int c = 0; c < schema.size(); c++) {
            if (schema.field(c).name().toLowerCase(Locale.ROOT).equals(name.toLowerCase(Locale.ROOT))) {
                return c;
            }
        }
        return -1;
    }

    /**
     * Whether every value of an output column is a value of the stream's column: the same type or
     * a wider one; a struct's fields fit field by field, the same names in the same order.
     */
    static boolean fits(DataType value, DataType column) {
        if (value instanceof StructType from && column instanceof StructType to) {
            if (from.fields().size() != to.fields().size()) {
                return false;
            }
            for (int f = 0; f < from.fields().size(); f++) {
                Field given = from.fields().get(f);
                Field held = to.fields().get(f);
                if (!given.name().equalsIgnoreCase(held.name()) || !fits(given.type(), held.type())) {
                    return false;
                }
            }
            return true;
        }
        return value.equals(column) || value == AtomicType.NULL
                || value.isIntegral() && column.isIntegral() && ((AtomicType) value).compareTo((AtomicType) column) <= 0
                || (value.isIntegral() || value == AtomicType.FLOAT) && column == AtomicType.DOUBLE
                || value instanceof DecimalType from && column instanceof DecimalType to
                        && to.scale() >= from.scale() && to.integralDigits() >= from.integralDigits();
    }

    /** Fails the batch when {@code value}, of row {@code row}'s column {@code column}, holds a lone surrogate. */
    private void requireUnicode(String value, String column, int row, long batchId) {
        int lone = UnicodeText.loneSurrogateAt(value);
        if (lone >= 0) {
            throw new ArusException(INVALID_STRING, String.format("[%s] Row %d of batch %d holds \\u%04x in column "
                    + "'%s' at character %d: half of a surrogate pair without the other half, which is not Unicode "
                    + "text, and which stream '%s' cannot store (nor can any UTF-8). Nothing of the batch was written. "
                    + "A JSON escape such as \"\\ud800\" makes one: filter or replace such values in the query "
                    + "before its sink.", INVALID_STRING, row, batchId, (int) value.charAt(lone), column, lone,
                    stream.name()));
        }
    }

    private static AnalysisException mismatch(String message) {
        return new AnalysisException("STREAM_SINK_SCHEMA_MISMATCH", "[STREAM_SINK_SCHEMA_MISMATCH] " + message);
    }

    @Override
    public void close() {
        stream.unregisterWriter(writer);
    }

    @Override
    public String description() {
        return "EventLogStreamSink[" + stream.name() + "]";
    }

    @Override
    public void addBatch(long batchId, ResultBatch batch) {
        int size = batch.size();
        if (size == 0) {
            return;
        }
        Schema declared = stream.definition().schema();
        ColumnVector[] columns = new ColumnVector[declared.size()];
        for (int c = 0; c < declared.size(); c++) {
            columns[c] = ColumnVector.allocate(declared.field(c).type(), size);
            if (outputColumnOf[c] >= 0) {
                // converted on the way where the output's type is narrower than the stream's
                batch.copyColumn(outputColumnOf[c], columns[c]);
            } else {
                for (int r = 0; r < size; r++) {
                    columns[c].setNull(r);
                }
            }
        }
        for (int r = 0; r < size; r++) {
            for (int c = 0; c < declared.size(); c++) {
                if (text[c] && !columns[c].isNull(r)) {
                    requireUnicode((String) columns[c].getObject(r), declared.field(c).name(), r, batchId);
                }
            }
        }
        ColumnarBatch rows = new ColumnarBatch(declared, columns, size);
        try {
            stream.append(rows, producer == null ? null : new Producer(producer, batchId)).join();
        } catch (CompletionException failed) {
            Throwable cause = failed.getCause();
            throw cause instanceof ArusException engine ? engine
                    : new ArusException("EVENT_LOG_WRITE_FAILED", "Cannot write batch " + batchId + " to stream '"
                            + stream.name() + "': " + cause.getMessage(), cause);
        }
    }
}
