package dev.arus.server;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.boot.context.properties.bind.Name;
import org.springframework.util.unit.DataSize;

/**
 * The service's settings, under {@code arus.*}.
 *
 * @param maxQueries how many queries (active, stopped or failed) the service holds at once; a
 *                   bound so that a client cannot exhaust memory or the trigger pool
 * @param engine     how the engine runs a query's batches
 * @param live       the recent-batches buffer of each query and the WebSocket push
 * @param limits     maxima of source options that decide how much work a query makes
 * @param streams    the embedded event log: its segments, ingestion and retention
 * @param demo       the chapter's query and the shop's demo at startup
 * @param health     how the {@code streamingQueries} health component judges a query
 * @param dataDir    where checkpoints, file sinks and the saved definitions of checkpointed
 *                   queries live; every path in a query spec is resolved inside it
 * @param restoreOnStart whether the saved queries come back when the service starts (those
 *                   that were active start again, the others come back stopped)
 * @param kafka      how the Kafka sources and sinks wait for their brokers
 */
@ConfigurationProperties("arus")
public record ArusProperties(
        @DefaultValue("50") int maxQueries,
        @DefaultValue Engine engine,
        @DefaultValue Live live,
        @DefaultValue Limits limits,
        @DefaultValue Streams streams,
        @DefaultValue Demo demo,
        @DefaultValue Health health,
        @DefaultValue("./data") Path dataDir,
        @DefaultValue("true") boolean restoreOnStart,
        @DefaultValue Kafka kafka) {

    /**
     * @param recentBatches  the sink outputs kept per query for {@code /batches}
     * @param rowsPerBatch   the rows kept of one batch's output; a bound on the buffer's memory
     *                       when a query emits large batches
     * @param snapshotBatches  the latest batches a WebSocket client's first message (its snapshot)
     *                       holds; small, since every connect costs one: a client pages back over
     *                       REST for more ({@code /batches?before=})
     * @param snapshotProgress the latest progress reports a snapshot holds (older ones:
     *                       {@code /progress?before=})
     * @param sessionQueue   messages waiting for one WebSocket client before its oldest are dropped;
     *                       256 is two minutes of a 1-second trigger's batch and progress messages,
     *                       so a client that pauses for a moment loses nothing
     * @param sendTimeout    the deadline of one message's send, from when it begins: a client whose
     *                       send is not complete by then is closed (1008)
     * @param senderThreads  threads that start sends to WebSocket clients (but a query's batch and
     *                       progress, which its own thread starts); sends are asynchronous, so a
     *                       stuck client holds none of them
     * @param resultMaxKeys  the keys a query in update or complete mode keeps the last row of for
     *                       {@code /result}; past that the rows written longest ago are forgotten
     *                       (complete mode: a batch's rows past the first) and the answer says so.
     *                       The observer then copies up to this many rows of each batch
     * @param allowedOrigins origins besides the service's own allowed to open a WebSocket, as
     *                       patterns ({@code https://*.example.com}, {@code http://localhost:[*]})
     */
    public record Live(@DefaultValue("100") int recentBatches, @DefaultValue("1000") int rowsPerBatch,
                       @DefaultValue("10") int snapshotBatches, @DefaultValue("10") int snapshotProgress,
                       @DefaultValue("256") int sessionQueue, @DefaultValue("10s") Duration sendTimeout,
                       @DefaultValue("4") int senderThreads, @DefaultValue List<String> allowedOrigins,
                       @DefaultValue("10000") int resultMaxKeys) {

        public Live {
            if (recentBatches < 1 || rowsPerBatch < 0) {
                throw new IllegalArgumentException("arus.live.recent-batches must be at least 1 and "
                        + "arus.live.rows-per-batch not negative, were " + recentBatches + " and " + rowsPerBatch);
            }
            if (resultMaxKeys < 1) {
                throw new IllegalArgumentException("arus.live.result-max-keys must be at least 1, was " + resultMaxKeys);
            }
            if (snapshotBatches < 1 || snapshotProgress < 1) {
                throw new IllegalArgumentException("arus.live.snapshot-batches and arus.live.snapshot-progress must "
                        + "be at least 1, were " + snapshotBatches + " and " + snapshotProgress);
            }
        }
    }

    /**
     * @param maxRowsPerSecond the largest {@code rowsPerSecond} of a {@code rate} source
     * @param maxRowsPerBatch  the largest {@code rowsPerBatch} of a {@code rate-micro-batch} source
     * @param maxStateRows     the most rows (groups) one query's aggregation may hold; a query that
     *                         would hold more fails alone, instead of the JVM running out of memory
     * @param maxMemoryTableRows the most rows one query's memory sink table may hold; likewise
     * @param maxOutputRowsPerBatch the most rows one batch may hand a sink that takes every row
     *                         (memory, json, csv); likewise
     * @param mutatingRequestsPerMinute requests that change something (POST, PUT, PATCH, DELETE) one
     *                         client address may make per minute, in bursts of up to as many; more
     *                         are answered 429 with {@code Retry-After}
     * @param liveHandshakesPerMinute WebSocket handshakes one client address may make per minute,
     *                         in bursts of up to as many, on a budget of their own; each costs the
     *                         service a session and a snapshot, and a dashboard needs one per live
     *                         view and reconnect
     * @param ingestRequestsPerMinute posts of events to a stream one client address may make per
     *                         minute, in bursts of up to as many, on a budget of their own: a
     *                         checkout posts an order at a time, far more often than anyone changes
     *                         queries
     * @param rateLimitedClients client addresses whose request budget is remembered at once; the
     *                         least recently seen is forgotten first, so the memory is bounded
     * @param websocketIdleTimeout how long a WebSocket session may go without a byte either way
     *                         before it is closed: long enough for a live view of a query with a
     *                         1-minute trigger, short enough that a client stalled halfway through a
     *                         frame does not hold its connection for long
     */
    public record Limits(@DefaultValue("1000000") long maxRowsPerSecond,
                         @DefaultValue("10000000") long maxRowsPerBatch,
                         @DefaultValue("1000000") int maxStateRows,
                         @DefaultValue("100000") long maxMemoryTableRows,
                         @DefaultValue("1000000") long maxOutputRowsPerBatch,
                         @DefaultValue("600") int mutatingRequestsPerMinute,
                         @DefaultValue("120") int liveHandshakesPerMinute,
                         @DefaultValue("60000") int ingestRequestsPerMinute,
                         @DefaultValue("10000") int rateLimitedClients,
                         @DefaultValue("2m") Duration websocketIdleTimeout) {
    }

    /**
     * @param taskThreads       how many tasks of a batch run at once, for all queries together;
     *                          0 means one per core
     * @param shufflePartitions the state partitions of a query whose spec sets none in its
     *                          {@code conf}; 0 means one per core
     * @param recentProgress    how many progress reports each query keeps (Spark keeps
     *                          {@code spark.sql.streaming.numRecentProgressUpdates}, 100)
     * @param defaultEngine     {@code arus.engine.default}: the engine of a spec that names none,
     *                          {@value #ARUS}, {@value #SPARK} or {@value #BOTH} in any case (DESIGN
     *                          section 8); kept in lower case
     */
    public record Engine(@DefaultValue("0") int taskThreads, @DefaultValue("0") int shufflePartitions,
                         @DefaultValue("100") int recentProgress,
                         @Name("default") @DefaultValue(ARUS) String defaultEngine) {

        /** Arus's own engine. */
        public static final String ARUS = "arus";
        /** Apache Spark, an engine only the build with the {@code spark} profile has. */
        public static final String SPARK = "spark";
        /** Arus and Spark side by side, their outputs compared batch by batch. */
        public static final String BOTH = "both";

        public Engine {
            defaultEngine = defaultEngine.trim().toLowerCase(Locale.ROOT);
            if (!List.of(ARUS, SPARK, BOTH).contains(defaultEngine)) {
                throw new IllegalArgumentException("arus.engine.default must be " + ARUS + ", " + SPARK + " or "
                        + BOTH + ", was '" + defaultEngine + "'");
            }
            if (taskThreads < 0 || shufflePartitions < 0) {
                throw new IllegalArgumentException("arus.engine.task-threads and arus.engine.shuffle-partitions "
                        + "must not be negative, were " + taskThreads + " and " + shufflePartitions);
            }
            if (recentProgress < 1) {
                throw new IllegalArgumentException("arus.engine.recent-progress must be at least 1, was "
                        + recentProgress);
            }
        }

        /**
         * The state partitions of a query whose spec sets none, on every engine: {@code shufflePartitions},
         * or one per core when it is 0.
         */
        public int statePartitions() {
            return shufflePartitions > 0 ? shufflePartitions : Runtime.getRuntime().availableProcessors();
        }
    }

    /**
     * @param segmentSize     a partition starts a new segment file once its current one holds this
     *                        much; retention deletes whole segments
     * @param maxRequestSize  the largest body of one post of events; a bound on what one request
     *                        makes the service buffer and parse
     * @param retentionCheck  how often each stream's retention deletes what it lets go
     * @param defaultRetention the retention of a stream created without one
     */
    public record Streams(@DefaultValue("64MB") DataSize segmentSize, @DefaultValue("16MB") DataSize maxRequestSize,
                          @DefaultValue("1m") Duration retentionCheck, @DefaultValue DefaultRetention defaultRetention) {
        public Streams {
            if (segmentSize.toBytes() < 1024 || maxRequestSize.toBytes() < 1 || retentionCheck.isNegative() || retentionCheck.isZero()) {
                throw new IllegalArgumentException("arus.streams.segment-size must be at least 1KB, and "
                        + "arus.streams.max-request-size and arus.streams.retention-check positive, were "
                        + segmentSize + ", " + maxRequestSize + " and " + retentionCheck);
            }
        }
    }

    /**
     * What a stream created without a retention keeps (one created with a retention keeps what it
     * says). Seven days by default, Kafka's {@code log.retention.hours}: a stream that nobody
     * bounds otherwise grows until the disk is full, while a week outlasts a weekend's outage of
     * the queries that read it (and an active query's unread events are kept whatever their age).
     * No size limit by default, as in Kafka: how large a week is depends on the stream.
     *
     * @param maxAge   whole segments go once their newest event is older; 0: no age limit
     * @param maxBytes whole segments go, oldest first, while a partition holds more; 0: no size limit
     */
    public record DefaultRetention(@DefaultValue("7d") Duration maxAge, @DefaultValue("0") DataSize maxBytes) {
        public DefaultRetention {
            if (maxAge.isNegative() || maxBytes.isNegative()) {
                throw new IllegalArgumentException("arus.streams.default-retention.max-age and max-bytes must not be "
                        + "negative, were " + maxAge + " and " + maxBytes);
            }
        }
    }

    /**
     * @param enabled whether the chapter's query is created at startup
     * @param shop    whether the shop's demo runs: a stream {@code orders} fed by a simulated
     *                checkout over HTTP, and a query of revenue per category per minute
     */
    public record Demo(@DefaultValue("true") boolean enabled, @DefaultValue("true") boolean shop) {
    }

    /**
     * @param connectTimeout how long a Kafka source or sink, when its query starts (created,
     *                       started again or restored), waits for its brokers to answer, and for
     *                       a sink, to say whether its topic exists; beyond it the start is
     *                       refused, so that a creator waits seconds, not Kafka's minutes, to
     *                       learn of an unreachable address or a missing topic
     */
    public record Kafka(@DefaultValue("5s") Duration connectTimeout) {
        public Kafka {
            if (connectTimeout.isNegative() || connectTimeout.isZero()) {
                throw new IllegalArgumentException("arus.kafka.connect-timeout must be positive, was " + connectTimeout);
            }
        }
    }

    /**
     * @param stallFactor an active query is stalled once it has reported nothing for this many
     *                    times its trigger interval (at least the engine's 10 s idle-report
     *                    interval); 3 tolerates a couple of slow batches without flapping
     * @param minFreeDisk the free space of the data directory's disk below which health is DOWN
     *                    (Spring's {@code diskSpace} component, pointed at {@code arus.data-dir}):
     *                    checkpoints, file sinks and saved definitions all fail on a full disk
     */
    public record Health(@DefaultValue("3") double stallFactor, @DefaultValue("100MB") DataSize minFreeDisk) {
        public Health {
            if (!(stallFactor > 0)) {
                throw new IllegalArgumentException("arus.health.stall-factor must be positive, was " + stallFactor);
            }
        }
    }
}
