package dev.arus.bench;

import static dev.arus.engine.api.functions.col;
import static dev.arus.engine.api.functions.window;

import dev.arus.engine.api.ArusSession;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.DoubleVector;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.data.StringVector;
import dev.arus.engine.log.EventLog;
import dev.arus.engine.log.LogStream;
import dev.arus.engine.log.StreamDefinition;
import dev.arus.engine.streaming.StreamingQuery;
import dev.arus.engine.streaming.StreamingQueryListener;
import dev.arus.engine.streaming.StreamingQueryProgress;
import dev.arus.engine.testing.ManualTriggerScheduler;
import dev.arus.engine.time.ManualClock;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * {@code BENCH stream-source}: how many rows a query reads from the event log into a window
 * count, per second: a stream of shop orders (two string columns, an amount, an event time)
 * written beforehand, read from the earliest offset a million rows per trigger, after warm-up
 * triggers. The log's files are in the page cache, as a stream being read as it is written is.
 */
final class StreamSourceBenchmark {

    private static final String SCHEMA = "order_id STRING, category STRING, amount DOUBLE, event_time TIMESTAMP";
    private static final int ROWS_PER_APPEND = 10_000;
    private static final int ROWS_PER_TRIGGER = 1_000_000;
    private static final int WARMUP_TRIGGERS = 10;
    private static final int MEASURED_TRIGGERS = 20;
    private static final String[] CATEGORIES = {"books", "electronics", "games", "fashion", "grocery"};

    private StreamSourceBenchmark() {
    }

    /** The median rows per second of the measured triggers, with {@code partitions} partitions, state partitions and task slots. */
    static double rowsPerSecond(int partitions) {
        ManualClock clock = new ManualClock(1_760_000_000_000L);
        Path directory = BenchFiles.temporaryDirectory("arus-bench-log");
        try (EventLog log = EventLog.open(directory, clock, EventLog.DEFAULT_SEGMENT_BYTES)) {
            LogStream stream = log.create(StreamDefinition.of("orders", SCHEMA, partitions, null, null));
            long rows = (long) ROWS_PER_TRIGGER * (WARMUP_TRIGGERS + MEASURED_TRIGGERS);
            for (long first = 0; first < rows; first += ROWS_PER_APPEND) {
                stream.append(orders(stream, first)).join();
            }
            return median(measure(log, clock, partitions));
        } finally {
            BenchFiles.delete(directory);
        }
    }

    private static ColumnarBatch orders(LogStream stream, long first) {
        ColumnarBatch batch = ColumnarBatch.allocate(stream.definition().schema(), ROWS_PER_APPEND);
        String[] ids = ((StringVector) batch.column(0)).values();
        String[] categories = ((StringVector) batch.column(1)).values();
        double[] amounts = ((DoubleVector) batch.column(2)).values();
        long[] times = ((LongVector) batch.column(3)).values();
        for (int r = 0; r < ROWS_PER_APPEND; r++) {
            long order = first + r;
            ids[r] = "order-" + order;
            categories[r] = CATEGORIES[(int) (order % CATEGORIES.length)];
            amounts[r] = 5 + order % 95;
            times[r] = 1_760_000_000_000_000L + order * 1_000;
        }
        batch.setSize(ROWS_PER_APPEND);
        return batch;
    }

    private static double[] measure(EventLog log, ManualClock clock, int partitions) {
        ManualTriggerScheduler scheduler = new ManualTriggerScheduler(clock);
        List<StreamingQueryProgress> progress = new ArrayList<>();
        try (ArusSession session = ArusSession.builder().clock(clock).scheduler(scheduler).eventLog(log)
                .parallelism(partitions).shufflePartitions(partitions).timeZone(ZoneOffset.UTC).build()) {
            session.streams().addListener(new StreamingQueryListener() {
                @Override
                public void onQueryProgress(QueryProgressEvent event) {
                    progress.add(event.progress());
                }
            });
            StreamingQuery query = session.readStream().format("stream").option("stream", "orders")
                    .option("startingOffsets", "earliest").option("maxOffsetsPerTrigger", ROWS_PER_TRIGGER).load()
                    .withWatermark("event_time", "4 seconds")
                    .groupBy(window(col("event_time"), "8 seconds"))
                    .count()
                    .writeStream().format("noop").outputMode("append").start();
            for (int i = 0; i < WARMUP_TRIGGERS; i++) {
                scheduler.runNext();
            }
            double[] rowsPerSecond = new double[MEASURED_TRIGGERS];
            for (int i = 0; i < MEASURED_TRIGGERS; i++) {
                long start = System.nanoTime();
                scheduler.runNext();
                long nanos = System.nanoTime() - start;
                long read = progress.get(progress.size() - 1).numInputRows();
                if (read != ROWS_PER_TRIGGER) {
                    throw new IllegalStateException("a measured trigger read " + read + " rows");
                }
                rowsPerSecond[i] = read / (nanos / 1e9);
            }
            query.stop();
            return rowsPerSecond;
        }
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }
}
