package dev.arus.engine.testing;

import dev.arus.engine.api.ArusSession;
import dev.arus.engine.api.DataStreamWriter;
import dev.arus.engine.streaming.ResultBatch;
import dev.arus.engine.api.StreamFrame;
import dev.arus.engine.streaming.StreamingQuery;
import dev.arus.engine.streaming.StreamingQueryListener;
import dev.arus.engine.streaming.StreamingQueryProgress;
import dev.arus.engine.data.Row;
import dev.arus.engine.log.EventLog;
import dev.arus.engine.runtime.TaskSlots;
import dev.arus.engine.time.Clock;
import dev.arus.engine.time.ManualClock;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Runs a query trigger by trigger on the test thread, with a manual clock: start it, run the
 * next trigger, then look at that batch's rows, progress and console text. {@link #history()}
 * lists every step so far, for assertion messages. With {@link #restartAfterEachBatch()}, the
 * query is stopped after every batch and started again from the same definition (and so from
 * the same checkpoint), at the time its next trigger was due: its output must not change.
 */
public final class QueryTestDriver implements AutoCloseable {

    private final ManualClock clock;
    private final ManualTriggerScheduler scheduler;
    private final ByteArrayOutputStream console = new ByteArrayOutputStream();
    private final ArusSession session;
    private final EventLog eventLog;
    private final Map<Long, List<Row>> batches = new LinkedHashMap<>();
    private final List<StreamingQueryProgress> progress = new ArrayList<>();
    private final List<String> steps = new ArrayList<>();
    private StreamingQuery query;
    private StreamFrame frame;
    private Function<DataStreamWriter, DataStreamWriter> writer;
    private boolean restartAfterEachBatch;
    private int restarts;

    /** A driver whose queries keep their state in one partition, so that each batch's rows come in key order. */
    public QueryTestDriver(Instant start) {
        this(start, 1);
    }

    /** A driver whose queries keep their state in {@code shufflePartitions} partitions by default. */
    public QueryTestDriver(Instant start, int shufflePartitions) {
        this(start, shufflePartitions, null);
    }

    /**
     * A driver whose session has the event log {@code eventLog} opens on the driver's clock (none
     * when null), closed with the driver.
     */
    public QueryTestDriver(Instant start, int shufflePartitions, Function<Clock, EventLog> eventLog) {
        this(start, shufflePartitions, eventLog, Map.of());
    }

    /** A driver whose session's configuration is {@code conf} (the settings its sinks read). */
    public QueryTestDriver(Instant start, int shufflePartitions, Function<Clock, EventLog> eventLog,
                           Map<String, String> conf) {
        this(start, shufflePartitions, eventLog, conf, TaskSlots.defaultParallelism());
    }

    /** A driver whose session runs a batch's tasks on {@code parallelism} task slots. */
    public QueryTestDriver(Instant start, int shufflePartitions, Function<Clock, EventLog> eventLog,
                           Map<String, String> conf, int parallelism) {
        this.clock = new ManualClock(start.toEpochMilli());
        this.scheduler = new ManualTriggerScheduler(clock);
        this.eventLog = eventLog == null ? null : eventLog.apply(clock);
        ArusSession.Builder builder = ArusSession.builder();
        if (this.eventLog != null) {
            builder.eventLog(this.eventLog);
        }
        conf.forEach(builder::conf);
        this.session = builder
                .clock(clock)
                .scheduler(scheduler)
                .shufflePartitions(shufflePartitions)
                .parallelism(parallelism)
                .timeZone(ZoneOffset.UTC)
                .console(new PrintStream(console, true, StandardCharsets.UTF_8))
                .build();
        session.streams().addListener(new StreamingQueryListener() {
            @Override
            public void onQueryProgress(QueryProgressEvent event) {
                progress.add(event.progress());
            }
        });
    }

    public ArusSession session() {
        return session;
    }

    public ManualClock clock() {
        return clock;
    }

    /** The session's event log; null unless the driver was made with one. */
    public EventLog eventLog() {
        return eventLog;
    }

    /**
     * Starts the query that {@code writer} describes on {@code frame}; the driver records every
     * batch's rows with {@code foreachBatch} unless the writer names a sink of its own.
     */
    public StreamingQuery start(StreamFrame frame, Function<DataStreamWriter, DataStreamWriter> writer) {
        this.frame = frame;
        this.writer = writer;
        query = writer.apply(frame.writeStream()).start();
        steps.add("started " + query.name() + " at " + Instant.ofEpochMilli(clock.millis()));
        return query;
    }

    /** From now on, stops and restarts the query after every batch; see the class comment. */
    public QueryTestDriver restartAfterEachBatch() {
        this.restartAfterEachBatch = true;
        return this;
    }

    /** The query of the current run (a new one after each restart). */
    public StreamingQuery query() {
        return query;
    }

    /** How many times the query was restarted. */
    public int restarts() {
        return restarts;
    }

    /**
     * Stops the query and starts it again from its definition, with the clock moved to when its
     * next trigger was due (so that the new run's first trigger fires when the old one's would).
     */
    public StreamingQuery restart() {
        long due = scheduler.nextDueMillis();
        query.stop();
        if (due > clock.millis()) {
            clock.setMillis(due);
        }
        query = writer.apply(frame.writeStream()).start();
        restarts++;
        steps.add("restarted " + query.name() + " (run " + query.runId() + ") at "
                + Instant.ofEpochMilli(clock.millis()));
        return query;
    }

    /** Starts with a sink that records each batch's rows. */
    public StreamingQuery startRecording(StreamFrame frame, Function<DataStreamWriter, DataStreamWriter> writer) {
        return start(frame, w -> writer.apply(w).foreachBatch(this::record));
    }

    private void record(ResultBatch batch, long batchId) {
        batches.put(batchId, batch.rows());
    }

    /** Runs the next scheduled trigger; returns the batch's progress, or null when it ran none. */
    public StreamingQueryProgress runTrigger() {
        int before = progress.size();
        scheduler.runNext();
        StreamingQueryProgress ran = progress.size() > before ? progress.get(progress.size() - 1) : null;
        steps.add("trigger at " + Instant.ofEpochMilli(clock.millis()) + ": "
                + (ran == null ? "idle" : "batch " + ran.batchId() + " read " + ran.numInputRows() + " rows, wrote "
                + batches.getOrDefault(ran.batchId(), List.of()) + ", watermark " + ran.eventTime().get("watermark")));
        if (ran != null && restartAfterEachBatch && query.isActive()) {
            restart();
        }
        return ran;
    }

    /** Runs triggers until {@code count} batches have run. */
    public void runBatches(int count) {
        int target = progress.size() + count;
        while (progress.size() < target) {
            runTrigger();
        }
    }

    public List<Row> rowsOf(long batchId) {
        return batches.getOrDefault(batchId, List.of());
    }

    public Map<Long, List<Row>> batches() {
        return batches;
    }

    public List<StreamingQueryProgress> progress() {
        return progress;
    }

    public String consoleText() {
        return console.toString(StandardCharsets.UTF_8);
    }

    public boolean hasPendingTrigger() {
        return scheduler.hasPending();
    }

    /** When the next trigger is due, or -1 when none is scheduled. */
    public long nextTriggerMillis() {
        return scheduler.nextDueMillis();
    }

    /** Every step so far, one per line. */
    public String history() {
        return String.join("\n", steps);
    }

    @Override
    public void close() {
        session.close();
        if (eventLog != null) {
            eventLog.close();
        }
    }
}
