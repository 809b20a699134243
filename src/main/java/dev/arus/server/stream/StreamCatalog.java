package dev.arus.server.stream;

import dev.arus.engine.api.ArusSession;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.Field;
import dev.arus.engine.log.AppendResult;
import dev.arus.engine.log.EventLog;
import dev.arus.engine.log.LogException;
import dev.arus.engine.log.LogStream;
import dev.arus.engine.log.Retention;
import dev.arus.engine.log.StreamColumns;
import dev.arus.engine.log.StreamDefinition;
import dev.arus.engine.streaming.AnalysisException;
import dev.arus.engine.streaming.ArusException;
import dev.arus.engine.streaming.IntervalParser;
import dev.arus.engine.streaming.StreamingQueryException;
import dev.arus.engine.time.Clock;
import dev.arus.server.ArusProperties;
import dev.arus.server.ShownPaths;
import dev.arus.server.query.StreamingTables;
import dev.arus.server.web.ProblemException;
import dev.arus.server.web.ProblemType;
import java.nio.CharBuffer;
import java.time.Duration;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

/**
 * The service's streams: creating, describing and deleting them, and taking posted events into
 * them, all or nothing, answered once durable; and the streams of streaming tables, made for the
 * queries that fill them ({@link StreamingTables}). Engine errors become problems here; a write
 * the event log failed is logged too ({@link EventLogWriteFailures}).
 */
@Service
class StreamCatalog implements StreamingTables {

    private static final Logger logger = LoggerFactory.getLogger(StreamCatalog.class);

    /** Where a streaming table's spec holds its statement. */
    private static final String SQL_POINTER = "/sql";

    /** How long a post waits for its events to be durable before it is answered 503. */
    private static final Duration DURABLE_WITHIN = Duration.ofSeconds(30);
    /** The kind, in the log, of a post not durable in time: a disk too slow, or stuck. */
    private static final String NOT_DURABLE = "NOT_DURABLE_IN_TIME";

    private final EventLog log;
    private final IngestRates rates;
    private final Clock clock;
    private final ZoneId zone;
    private final ShownPaths shownPaths;
    private final Retention defaultRetention;
    private final EventLogWriteFailures writeFailures;

    StreamCatalog(EventLog log, IngestRates rates, Clock clock, ArusSession session, ShownPaths shownPaths,
                  ArusProperties properties) {
        this.log = log;
        this.rates = rates;
        this.clock = clock;
        this.zone = session.timeZone();
        this.shownPaths = shownPaths;
        ArusProperties.DefaultRetention retention = properties.streams().defaultRetention();
        this.defaultRetention = new Retention(retention.maxAge().isZero() ? null : retention.maxAge(),
                retention.maxBytes().toBytes(), true);
        this.writeFailures = new EventLogWriteFailures(clock);
    }

    StreamView create(StreamSpec spec) {
        StreamDefinition definition = definition(spec, defaultRetention);
        try {
            return view(log.create(definition));
        } catch (ArusException refused) { // a LogException, or the disk refusing the stream's files
            throw logged(problem(refused), refused, "the creation of stream '" + definition.name() + "'");
        }
    }

    /**
     * A streaming table's stream: one partition, the default retention. Synchronized, so that two
     * queries making the same table agree on who made it.
     */
    @Override
    public synchronized boolean ensure(String name, String columns) {
        StreamDefinition definition = StreamDefinition.of(name, columns, 1, null, defaultRetention);
        if (log.damaged().containsKey(name)) {
            stream(name); // refused as the stream-damaged problem
        }
        Optional<LogStream> existing = log.find(name);
        if (existing.isPresent()) {
            List<String> differences = StreamColumns.differences(existing.get().definition().schema(),
                    definition.schema());
            if (differences.isEmpty()) {
                return false;
            }
            Map<String, Object> properties = new LinkedHashMap<>();
            properties.put("pointer", SQL_POINTER);
            properties.put("stream", name);
            properties.put("differences", differences);
            throw new ProblemException(ProblemType.STREAM_SCHEMA_MISMATCH, "Stream '" + name + "' exists with other "
                    + "columns than the streaming table's query gives: " + String.join("; ", differences) + ". Its "
                    + "columns are " + existing.get().definition().schemaDdl() + ". Select the stream's columns, "
                    + "name another table, or delete the stream first", properties);
        }
        try {
            log.create(definition);
        } catch (ArusException refused) {
            throw logged(problem(refused), refused, "the creation of the streaming table's stream '" + name + "'");
        }
        logger.info("Created stream {} for its streaming table: {}", name, columns);
        return true;
    }

    @Override
    public synchronized void remove(String name) {
        try {
            log.delete(name);
            logger.info("Deleted stream {}, made for a streaming table whose query was refused", name);
        } catch (ArusException kept) {
            logger.warn("Kept stream {}, made for a streaming table whose query was refused: {}", name,
                    kept.getMessage());
        }
    }

    private static StreamDefinition definition(StreamSpec spec, Retention defaultRetention) {
        if (spec.name() == null) {
            throw ProblemException.at(ProblemType.INVALID_STREAM, "/name", "A stream needs a name");
        }
        if (spec.schema() == null || spec.schema().isBlank()) {
            throw ProblemException.at(ProblemType.INVALID_STREAM, "/schema", "A stream needs a schema: its columns as "
                    + "Spark DDL, e.g. \"order_id STRING NOT NULL, amount DOUBLE, event_time TIMESTAMP\"");
        }
        try {
            return StreamDefinition.of(spec.name(), spec.schema(), spec.partitions() == null ? 1 : spec.partitions(),
                    spec.keyField(), spec.retention() == null ? defaultRetention : retention(spec.retention()));
        } catch (AnalysisException invalid) {
            throw ProblemException.at(ProblemType.INVALID_STREAM, pointer(invalid.errorClass()), invalid.getMessage())
                    .causedBy(invalid);
        } catch (ArusException unparsable) {
            throw ProblemException.at(ProblemType.INVALID_STREAM, "/schema", unparsable.getMessage())
                    .causedBy(unparsable);
        }
    }

    private static String pointer(String errorClass) {
        return switch (errorClass) {
            case "INVALID_STREAM_NAME" -> "/name";
            case "INVALID_STREAM_PARTITIONS" -> "/partitions";
            case "UNRESOLVED_COLUMN.WITH_SUGGESTION" -> "/keyField";
            default -> "/schema";
        };
    }

    private static Retention retention(StreamSpec.Retention spec) {
        Duration maxAge = null;
        if (spec.maxAge() != null) {
            try {
                maxAge = Duration.ofNanos(Math.multiplyExact(IntervalParser.parseMicros(spec.maxAge()), 1000L));
            } catch (ArusException | ArithmeticException invalid) {
                throw ProblemException.at(ProblemType.INVALID_STREAM, "/retention/maxAge", "'" + spec.maxAge()
                        + "' is not an interval such as '7 days': " + invalid.getMessage());
            }
            if (maxAge.isNegative() || maxAge.isZero()) {
                throw ProblemException.at(ProblemType.INVALID_STREAM, "/retention/maxAge",
                        "A retention age is positive, not '" + spec.maxAge() + "'");
            }
        }
        long maxBytes = spec.maxBytes() == null ? 0 : spec.maxBytes();
        if (maxBytes < 0) {
            throw ProblemException.at(ProblemType.INVALID_STREAM, "/retention/maxBytes",
                    "A retention size is not negative, was " + maxBytes);
        }
        return new Retention(maxAge, maxBytes, spec.keepUnread() == null || spec.keepUnread());
    }

    /** Every stream, by name, the damaged ones with what is wrong (naming files relative to the data directory). */
    List<StreamView> views() {
        List<StreamView> views = new ArrayList<>();
        log.streams().forEach(stream -> views.add(view(stream)));
        log.damaged().forEach((name, damage) ->
                views.add(StreamView.damaged(name, shownPaths.of(damage.getMessage()))));
        views.sort((a, b) -> a.name().compareTo(b.name()));
        return views;
    }

    StreamView view(String name) {
        return view(stream(name));
    }

    void delete(String name) {
        try {
            log.delete(name);
        } catch (ArusException refused) {
            throw logged(problem(refused), refused, "the deletion of stream '" + name + "'");
        }
    }

    /**
     * Appends the events of {@code body}, all or none, and answers once they are durable.
     *
     * @throws ProblemException for a bad event (nothing written), a stream that does not exist,
     *         or a write the disk refused
     */
    IngestResult ingest(String name, CharBuffer body, EventDecoder.Layout layout) {
        LogStream stream = stream(name);
        ColumnarBatch events = new EventDecoder(name, stream.definition().schema(), zone).decode(body, layout);
        if (events.size() == 0) {
            return new IngestResult(0, List.of());
        }
        try {
            AppendResult appended = stream.append(events).get(DURABLE_WITHIN.toMillis(), TimeUnit.MILLISECONDS);
            return IngestResult.of(appended);
        } catch (ExecutionException failed) {
            throw logged(failed.getCause() instanceof LogException refused ? problem(refused)
                    : new ProblemException(ProblemType.EVENT_LOG_WRITE_FAILED, "The events could not be written: "
                            + failed.getCause().getMessage()).causedBy(failed.getCause()),
                    failed.getCause(), postOf(events.size(), name));
        } catch (TimeoutException slow) {
            ProblemException notDurable = new ProblemException(ProblemType.EVENT_LOG_WRITE_FAILED, "The events were "
                    + "not durable within " + DURABLE_WITHIN.toSeconds() + " s; they may or may not be in the stream");
            writeFailures.failed(NOT_DURABLE, postOf(events.size(), name),
                    notDurable.getMessage());
            throw notDurable;
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new ProblemException(ProblemType.SHUTTING_DOWN, "The service is shutting down; the events may or "
                    + "may not be in the stream");
        }
    }

    private LogStream stream(String name) {
        try {
            return log.stream(name);
        } catch (LogException missing) {
            throw problem(missing);
        }
    }

    private StreamView view(LogStream stream) {
        StreamDefinition definition = stream.definition();
        List<StreamView.Column> columns = definition.schema().fields().stream()
                .map(StreamCatalog::column).toList();
        long[] earliest = stream.earliestOffsets();
        long[] latest = stream.durableEnds();
        List<StreamView.PartitionView> offsets = new ArrayList<>();
        for (int p = 0; p < latest.length; p++) {
            offsets.add(new StreamView.PartitionView(p, earliest[p], latest[p]));
        }
        long nowMicros = clock.millis() * 1000;
        List<StreamView.ReaderView> readers = stream.readers().values().stream().map(reader -> {
            LogStream.Lag lag = stream.lag(reader.committed());
            Double seconds = lag.oldestUnreadMicros() < 0 ? null
                    : Math.max(0, nowMicros - lag.oldestUnreadMicros()) / 1e6;
            return new StreamView.ReaderView(reader.label(), lag.records(), seconds);
        }).toList();
        return new StreamView(definition.name(), definition.schemaDdl(), columns, definition.partitions(),
                definition.keyField(), StreamView.RetentionView.of(definition.retention()),
                offsets, stream.sizeBytes(), stream.appendedRecords(), rates.perSecond(definition.name()), readers,
                null);
    }

    private static StreamView.Column column(Field field) {
        return new StreamView.Column(field.name(), field.type().simpleString(), field.nullable());
    }

    private static String postOf(int events, String stream) {
        return "a post of " + events + (events == 1 ? " event" : " events") + " to stream '" + stream + "'";
    }

    /** {@code problem}, logged first when it is a write the event log failed (not a stream missing or in use). */
    private ProblemException logged(ProblemException problem, Throwable failure, String what) {
        if (problem.type() == ProblemType.EVENT_LOG_WRITE_FAILED) {
            writeFailures.failed(failure instanceof ArusException engine ? engine.errorClass()
                    : StreamingQueryException.INTERNAL_ERROR, what, String.valueOf(failure.getMessage()));
        }
        return problem;
    }

    private static ProblemException problem(ArusException refused) {
        ProblemType type = switch (refused.errorClass()) {
            case LogException.STREAM_NOT_FOUND -> ProblemType.STREAM_NOT_FOUND;
            case LogException.STREAM_ALREADY_EXISTS -> ProblemType.DUPLICATE_STREAM;
            case LogException.STREAM_IN_USE -> ProblemType.STREAM_IN_USE;
            case LogException.LOG_DAMAGED -> ProblemType.STREAM_DAMAGED;
            default -> ProblemType.EVENT_LOG_WRITE_FAILED;
        };
        return new ProblemException(type, refused.getMessage(), Map.of("errorClass", refused.errorClass()))
                .causedBy(refused);
    }
}
