package dev.arus.server.ops;

import dev.arus.engine.streaming.StreamingQueryProgress;
import dev.arus.engine.streaming.StreamingQueryProgress.StateOperatorProgress;
import dev.arus.engine.time.Clock;
import dev.arus.server.query.EngineComparison;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.BaseUnits;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * One query's meters, all tagged {@code query=<name>}; in Prometheus:
 * <ul>
 *   <li>{@code arus_query_input_rows_total}, {@code arus_query_batches_total},
 *       {@code arus_query_emitted_rows_total}: counters of input rows, executed batches and rows
 *       written to the sink;</li>
 *   <li>{@code arus_query_late_groups_total} and {@code arus_query_late_rows_total}: dropped behind the
 *       watermark, as Spark's {@code numRowsDroppedByWatermark} (groups after partial aggregation) and
 *       the input rows behind them ({@code numLateInputRows}); two things counted, so two counters;</li>
 *   <li>{@code arus_query_input_rows_per_second}, {@code arus_query_processed_rows_per_second}:
 *       the last batch's rates, 0 once the run has ended;</li>
 *   <li>{@code arus_query_batch_duration_seconds}: a histogram over {@link #BATCH_DURATION_BUCKETS}, to the
 *       nanosecond (Spark's {@code batchDuration} counts whole milliseconds);
 *       {@code arus_query_batch_part_duration_seconds{part=add_batch|latest_offset|...}}: its parts,
 *       Spark's {@code durationMs} keys in snake case, without {@code triggerExecution}, the whole;</li>
 *   <li>{@code arus_query_watermark_timestamp_seconds} (a time: seconds since the epoch) and {@code arus_query_watermark_lag_seconds}
 *       (clock minus watermark), from the first batch that sets a watermark on;</li>
 *   <li>{@code arus_query_state_rows}, {@code arus_query_state_memory_bytes}: after the last batch;
 *       {@code arus_query_state_rows_limit}: {@code arus.limits.max-state-rows}, what an alert compares
 *       state rows with;</li>
 *   <li>{@code arus_query_status{state=ACTIVE|STALLED|STOPPED|FAILED|RESTARTING}}: 1 for the current condition,
 *       else 0;</li>
 *   <li>{@code arus_query_restarts_total}: the attempts of the query's restart strategy to start it again after
 *       a failure, whether the engine started the run or refused it;</li>
 *   <li>{@code arus_query_engine_batches_compared}, {@code arus_query_engine_batches_differing}: for a query on
 *       both engines only, the batches whose outputs the service compared in the current run, and those on
 *       which Arus and Spark differed.</li>
 * </ul>
 * Updated on the query's thread (one batch at a time), read by scrapes: gauge values are volatile.
 */
final class QueryInstruments {

    static final String INPUT_ROWS = "arus.query.input.rows";
    static final String BATCHES = "arus.query.batches";
    static final String EMITTED_ROWS = "arus.query.emitted.rows";
    static final String LATE_GROUPS = "arus.query.late.groups";
    static final String LATE_ROWS = "arus.query.late.rows";
    static final String INPUT_RATE = "arus.query.input.rows.per.second";
    static final String PROCESSED_RATE = "arus.query.processed.rows.per.second";
    static final String BATCH_DURATION = "arus.query.batch.duration";
    static final String BATCH_PART_DURATION = "arus.query.batch.part.duration";
    static final String WATERMARK = "arus.query.watermark.timestamp";
    static final String WATERMARK_LAG = "arus.query.watermark.lag";
    static final String STATE_ROWS = "arus.query.state.rows";
    static final String STATE_ROWS_LIMIT = "arus.query.state.rows.limit";
    static final String STATE_MEMORY = "arus.query.state.memory";
    static final String STATUS = "arus.query.status";
    static final String RESTARTS = "arus.query.restarts";
    static final String ENGINE_BATCHES_COMPARED = "arus.query.engine.batches.compared";
    static final String ENGINE_BATCHES_DIFFERING = "arus.query.engine.batches.differing";

    /**
     * The batch-duration histogram's bucket boundaries: a handful of service-level marks from a tiny
     * batch's 100 microseconds to a slow one's minute, so that a query costs 18 series rather than
     * Micrometer's ~80 of a percentile histogram, and {@code histogram_quantile} stays meaningful.
     */
    static final List<Duration> BATCH_DURATION_BUCKETS = Stream.of(100, 250, 500, 1_000, 5_000, 10_000, 25_000,
            50_000, 100_000, 250_000, 500_000, 1_000_000, 2_500_000, 5_000_000, 10_000_000, 30_000_000, 60_000_000)
            .map(micros -> Duration.of(micros, ChronoUnit.MICROS)).toList();
    /** The part of {@code durationMs} that is the whole batch, already {@link #BATCH_DURATION}. */
    private static final String WHOLE_BATCH = "triggerExecution";
    private static final long NO_WATERMARK = Long.MIN_VALUE;

    private final MeterRegistry registry;
    private final Clock clock;
    private final Tags tags;
    private final List<Meter> meters = new CopyOnWriteArrayList<>();
    private final Map<String, Timer> partTimers = new ConcurrentHashMap<>();

    private final Counter inputRows;
    private final Counter batches;
    private final Counter emittedRows;
    private final Counter lateGroups;
    private final Counter lateRows;
    private final Counter restarts;
    private final Timer batchDuration;

    private volatile double inputRate;
    private volatile double processedRate;
    private volatile double stateRows;
    private volatile double stateMemoryBytes;
    // Milliseconds, not an Instant: a new object every batch would be one more old-to-young
    // reference for the collector to scan.
    private volatile long watermarkMillis = NO_WATERMARK;
    // The restart attempts counted so far, of those the query's views report.
    private long restartsCounted;
    private volatile double batchesCompared;
    private volatile double batchesDiffering;
    private boolean comparing;

    QueryInstruments(String query, MeterRegistry registry, Clock clock, Supplier<QueryCondition> condition,
                     long maxStateRows) {
        this.registry = registry;
        this.clock = clock;
        this.tags = Tags.of("query", query);
        this.inputRows = keep(Counter.builder(INPUT_ROWS).description("Rows read from the sources").tags(tags)
                .register(registry));
        this.batches = keep(Counter.builder(BATCHES).description("Micro-batches executed").tags(tags)
                .register(registry));
        this.emittedRows = keep(Counter.builder(EMITTED_ROWS).description("Rows written to the sink").tags(tags)
                .register(registry));
        this.lateGroups = keep(Counter.builder(LATE_GROUPS)
                .description("Groups (window and keys) dropped as later than the watermark: numRowsDroppedByWatermark")
                .tags(tags).register(registry));
        this.lateRows = keep(Counter.builder(LATE_ROWS)
                .description("Input rows dropped as later than the watermark: numLateInputRows")
                .tags(tags).register(registry));
        this.restarts = keep(Counter.builder(RESTARTS)
                .description("Attempts of the query's restart strategy to start it again after a failure")
                .tags(tags).register(registry));
        this.batchDuration = keep(Timer.builder(BATCH_DURATION).description("Time a batch took (triggerExecution)")
                .tags(tags).serviceLevelObjectives(BATCH_DURATION_BUCKETS.toArray(Duration[]::new))
                .register(registry));
        gauge(INPUT_RATE, "Input rows per second over the last batch's trigger interval", null,
                () -> inputRate);
        gauge(PROCESSED_RATE, "Input rows per second of the last batch's processing time", null,
                () -> processedRate);
        gauge(STATE_ROWS, "Rows (groups) held in state after the last batch", null, () -> stateRows);
        gauge(STATE_ROWS_LIMIT, "Rows (groups) one stateful operator of a query may hold before the query fails",
                null, () -> maxStateRows);
        gauge(STATE_MEMORY, "Memory held by state after the last batch", BaseUnits.BYTES, () -> stateMemoryBytes);
        for (QueryCondition state : QueryCondition.values()) {
            keep(Gauge.builder(STATUS, () -> condition.get() == state ? 1 : 0)
                    .description("1 for the query's current condition, 0 for the others")
                    .tags(tags).tag("state", state.name()).register(registry));
        }
    }

    /**
     * How the engines of a query on both compare after a batch; nothing for a query on one. The
     * gauges appear with the first comparison. Called on the query's thread.
     */
    void compared(EngineComparison.@Nullable Summary comparison) {
        if (comparison == null) {
            return;
        }
        if (!comparing) {
            comparing = true;
            gauge(ENGINE_BATCHES_COMPARED, "Batches whose outputs on Arus and on Spark were compared in the current run",
                    null, () -> batchesCompared);
            gauge(ENGINE_BATCHES_DIFFERING, "Compared batches whose outputs on Arus and on Spark differed",
                    null, () -> batchesDiffering);
        }
        batchesCompared = comparison.batchesCompared();
        batchesDiffering = comparison.batchesDiffering();
    }

    /**
     * Counts the restart attempts made since the last call: {@code made} is the number a query
     * view reports, which only grows. Called on the threads of the query's events, one at a time.
     */
    synchronized void restarts(long made) {
        if (made > restartsCounted) {
            restarts.increment(made - restartsCounted);
            restartsCounted = made;
        }
    }

    /** A run started (its rates start again from nothing) or ended (it reads and processes nothing any more). */
    void resetRates() {
        inputRate = 0;
        processedRate = 0;
    }

    /** Adds one executed batch; called on the query's thread. */
    void record(StreamingQueryProgress progress) {
        batches.increment();
        inputRows.increment(progress.numInputRows());
        emittedRows.increment(progress.sink().numOutputRows());
        batchDuration.record(Duration.ofNanos(progress.batchDurationNanos()));
        progress.durationMs().forEach((part, ms) -> {
            if (!part.equals(WHOLE_BATCH)) {
                partTimer(part).record(Duration.ofMillis(ms));
            }
        });
        if (Double.isFinite(progress.inputRowsPerSecond())) {
            inputRate = progress.inputRowsPerSecond();
        }
        if (Double.isFinite(progress.processedRowsPerSecond())) {
            processedRate = progress.processedRowsPerSecond();
        }
        long rows = 0;
        long memory = 0;
        for (StateOperatorProgress state : progress.stateOperators()) {
            rows += state.numRowsTotal();
            memory += state.memoryUsedBytes();
            lateGroups.increment(state.numRowsDroppedByWatermark());
            lateRows.increment(state.customMetrics().getOrDefault("numLateInputRows", 0L));
        }
        stateRows = rows;
        stateMemoryBytes = memory;
        // Spark reports the epoch as the watermark until the first rows have set one.
        long current = progress.eventTimeMillis("watermark").orElse(0);
        if (current != 0) {
            boolean first = watermarkMillis == NO_WATERMARK;
            watermarkMillis = current;
            if (first) {
                gauge(WATERMARK, "The event-time watermark, in seconds since the epoch", "seconds",
                        () -> watermarkMillis / 1000.0);
                gauge(WATERMARK_LAG, "How far the watermark is behind the clock", "seconds",
                        () -> (clock.millis() - watermarkMillis) / 1000.0);
            }
        }
    }

    /** Removes every meter of this query from the registry. */
    void remove() {
        meters.forEach(registry::remove);
        meters.clear();
    }

    private Timer partTimer(String part) {
        return partTimers.computeIfAbsent(part, key -> keep(Timer.builder(BATCH_PART_DURATION)
                .description("Time a part of a batch took (Spark's durationMs keys)")
                .tags(tags).tag("part", snakeCase(key)).register(registry)));
    }

    /** {@code addBatch} as {@code add_batch}: Prometheus's names and label values are snake case. */
    static String snakeCase(String camelCase) {
        return camelCase.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toLowerCase(Locale.ROOT);
    }

    private void gauge(String name, String description, String baseUnit, Supplier<Number> value) {
        keep(Gauge.builder(name, value).description(description).baseUnit(baseUnit).tags(tags).register(registry));
    }

    private <M extends Meter> M keep(M meter) {
        meters.add(meter);
        return meter;
    }
}
