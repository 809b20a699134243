package dev.arus.engine.api;

import dev.arus.engine.runtime.ExecutorTriggerScheduler;
import dev.arus.engine.runtime.TriggerScheduler;
import dev.arus.engine.time.Clock;
import dev.arus.engine.time.SystemClock;
import java.io.PrintStream;
import java.time.ZoneId;
import java.util.Objects;

/**
 * The entry point, as Spark's {@code SparkSession}: reads streams and owns the queries started
 * from them, the clock they run on and the scheduler their triggers share. The session time
 * zone (the JVM's by default, as Spark's) is used to show and parse timestamps.
 */
public final class ArusSession implements AutoCloseable {

    /** Progress reports a query keeps, as Spark's {@code spark.sql.streaming.numRecentProgressUpdates}. */
    public static final int DEFAULT_RECENT_PROGRESS = 100;

    /** No limit on the rows (groups) of an aggregation's state, as Spark; a service sets one. */
    public static final int UNLIMITED_STATE_ROWS = Integer.MAX_VALUE;

    private final Clock clock;
    private final TriggerScheduler scheduler;
    private final ZoneId timeZone;
    private final PrintStream console;
    private final int recentProgress;
    private final int maxStateRows;
    private final StreamingQueryManager streams;

    private ArusSession(Builder builder) {
        this.clock = builder.clock;
        this.scheduler = builder.scheduler != null ? builder.scheduler
                : new ExecutorTriggerScheduler(clock, ExecutorTriggerScheduler.defaultThreads());
        this.timeZone = builder.timeZone;
        this.console = builder.console;
        this.recentProgress = builder.recentProgress;
        this.maxStateRows = builder.maxStateRows;
        this.streams = new StreamingQueryManager(this);
    }

    public static Builder builder() {
        return new Builder();
    }

    public DataStreamReader readStream() {
        return new DataStreamReader(this);
    }

    /** The queries of this session and its listeners. */
    public StreamingQueryManager streams() {
        return streams;
    }

    public Clock clock() {
        return clock;
    }

    public ZoneId timeZone() {
        return timeZone;
    }

    TriggerScheduler scheduler() {
        return scheduler;
    }

    PrintStream console() {
        return console;
    }

    int recentProgress() {
        return recentProgress;
    }

    /** The most rows (groups) one aggregation of a query may hold in its state. */
    public int maxStateRows() {
        return maxStateRows;
    }

    /**
     * Stops every active query (each lets its batch in flight finish), then the scheduler, whose
     * threads then end. Starting a query afterwards throws {@link IllegalStateException}.
     * Idempotent.
     */
    @Override
    public void close() {
        streams.stopAll();
        scheduler.close();
    }

    public static final class Builder {
        private Clock clock = SystemClock.INSTANCE;
        private TriggerScheduler scheduler;
        private ZoneId timeZone = ZoneId.systemDefault();
        private PrintStream console = System.out;
        private int recentProgress = DEFAULT_RECENT_PROGRESS;
        private int maxStateRows = UNLIMITED_STATE_ROWS;

        private Builder() {
        }

        public Builder clock(Clock clock) {
            this.clock = Objects.requireNonNull(clock);
            return this;
        }

        /** Where triggers run; by default a shared pool with one thread per core (at least two). */
        public Builder scheduler(TriggerScheduler scheduler) {
            this.scheduler = Objects.requireNonNull(scheduler);
            return this;
        }

        public Builder timeZone(ZoneId timeZone) {
            this.timeZone = Objects.requireNonNull(timeZone);
            return this;
        }

        /** Where console sinks print; standard output by default. */
        public Builder console(PrintStream console) {
            this.console = Objects.requireNonNull(console);
            return this;
        }

        public Builder recentProgress(int count) {
            if (count < 1) {
                throw new IllegalArgumentException("recentProgress must be at least 1, was " + count);
            }
            this.recentProgress = count;
            return this;
        }

        /**
         * The most rows (groups) one aggregation may hold in its state: a query that would hold
         * more fails with {@code STATE_ROWS_LIMIT_EXCEEDED}, and only that query. Unlimited by default.
         */
        public Builder maxStateRows(int limit) {
            if (limit < 1) {
                throw new IllegalArgumentException("maxStateRows must be at least 1, was " + limit);
            }
            this.maxStateRows = limit;
            return this;
        }

        public ArusSession build() {
            return new ArusSession(this);
        }
    }
}
