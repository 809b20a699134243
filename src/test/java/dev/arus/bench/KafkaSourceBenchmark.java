package dev.arus.bench;

import static dev.arus.engine.api.functions.col;
import static dev.arus.engine.api.functions.window;

import dev.arus.engine.api.ArusSession;
import dev.arus.engine.kafka.KafkaTestBroker;
import dev.arus.engine.streaming.StreamingQuery;
import dev.arus.engine.streaming.StreamingQueryListener;
import dev.arus.engine.streaming.StreamingQueryProgress;
import dev.arus.engine.testing.ManualTriggerScheduler;
import dev.arus.engine.time.ManualClock;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;

/**
 * {@code BENCH kafka-source}: how many rows a query reads per second from a Kafka topic on the
 * embedded broker (in this JVM, over loopback) through {@code from_json} into a window count. The
 * topic is written beforehand: a million JSON shop orders over 4 partitions. Each run is a new
 * query reading the whole topic from the earliest offsets in one trigger (one task per
 * partition); the figure is the median of the measured runs, after warm-up runs. Run with
 * {@code ./mvnw -Pbench -DskipTests verify}; it needs {@code -Xmx2g}.
 */
public final class KafkaSourceBenchmark {

    private static final String TOPIC = "bench-orders";
    private static final int PARTITIONS = 4;
    private static final int RECORDS = 1_000_000;
    private static final int WARMUP_RUNS = 4;
    private static final int MEASURED_RUNS = 7;
    private static final String[] CATEGORIES = {"books", "electronics", "games", "fashion", "grocery"};
    private static final Instant FIRST_ORDER = Instant.parse("2025-10-09T10:00:00Z");

    private KafkaSourceBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        KafkaTestBroker.createTopic(TOPIC, PARTITIONS);
        write();
        int cores = Runtime.getRuntime().availableProcessors();
        double[] rowsPerSecond = new double[MEASURED_RUNS];
        for (int run = 0; run < WARMUP_RUNS + MEASURED_RUNS; run++) {
            double measured = readAll(cores);
            if (run >= WARMUP_RUNS) {
                rowsPerSecond[run - WARMUP_RUNS] = measured;
            }
        }
        Arrays.sort(rowsPerSecond);
        System.out.println(String.format(Locale.ROOT, "BENCH kafka-source %.1f rows/s %d threads",
                rowsPerSecond[MEASURED_RUNS / 2], cores));
        KafkaTestBroker.broker().destroy();
        System.exit(0);
    }

    /** The orders, a millisecond of event time apart, round robin over the partitions. */
    private static void write() throws InterruptedException, ExecutionException {
        try (KafkaProducer<byte[], byte[]> producer = KafkaTestBroker.producer()) {
            List<Future<RecordMetadata>> acks = new ArrayList<>();
            for (int order = 0; order < RECORDS; order++) {
                String json = "{\"order_id\":\"order-" + order + "\",\"category\":\""
                        + CATEGORIES[order % CATEGORIES.length] + "\",\"amount\":" + (5 + order % 95) + ".5"
                        + ",\"event_time\":\"" + FIRST_ORDER.plusMillis(order) + "\"}";
                acks.add(producer.send(new ProducerRecord<>(TOPIC, order % PARTITIONS, null,
                        json.getBytes(StandardCharsets.UTF_8))));
            }
            for (Future<RecordMetadata> ack : acks) {
                ack.get();
            }
        }
    }

    /** Rows per second of one query that reads the whole topic in one trigger. */
    private static double readAll(int threads) {
        ManualClock clock = new ManualClock(1_760_000_000_000L);
        ManualTriggerScheduler scheduler = new ManualTriggerScheduler(clock);
        List<StreamingQueryProgress> progress = new ArrayList<>();
        try (ArusSession session = ArusSession.builder().clock(clock).scheduler(scheduler)
                .parallelism(threads).shufflePartitions(threads).timeZone(ZoneOffset.UTC).build()) {
            session.streams().addListener(new StreamingQueryListener() {
                @Override
                public void onQueryProgress(QueryProgressEvent event) {
                    progress.add(event.progress());
                }
            });
            StreamingQuery query = session.readStream().format("kafka")
                    .option("kafka.bootstrap.servers", KafkaTestBroker.servers()).option("subscribe", TOPIC)
                    .option("startingOffsets", "earliest").load()
                    .selectExpr("from_json(CAST(value AS STRING), 'order_id STRING, category STRING, "
                            + "amount DOUBLE, event_time TIMESTAMP') AS o")
                    .selectExpr("o.category AS category", "o.amount AS amount", "o.event_time AS event_time")
                    .withWatermark("event_time", "4 seconds")
                    .groupBy(window(col("event_time"), "8 seconds"))
                    .count()
                    .writeStream().format("noop").outputMode("append").start();
            long start = System.nanoTime();
            scheduler.runNext();
            long nanos = System.nanoTime() - start;
            query.stop();
            long read = progress.isEmpty() ? 0 : progress.get(0).numInputRows();
            if (read != RECORDS) {
                throw new IllegalStateException("a run read " + read + " rows: " + progress);
            }
            return read / (nanos / 1e9);
        }
    }
}
